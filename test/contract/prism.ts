/** Starts and stops Stoplight Prism (`prism mock` / `prism proxy`) on a free local port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../domain/paths';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `prism <args>` in the repository and resolves once it listens. */
export async function startPrism(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'prism'),
    [...args, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`Prism exited (${code}):\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function stopPrism(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}
