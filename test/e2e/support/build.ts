/**
 * The production build the suite tests: `scripts/build/build.ts` (what `npm run build` runs), with
 * the environment that points the app at the e2e stack. It runs in a copy of the project under
 * the run's state folder, so the build never touches the working tree's dist/ (which may be a
 * build meant for deployment, or in use by another command).
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

/** Top-level entries that are not sources of the build. */
const NOT_COPIED = new Set([
  'node_modules',
  'dist',
  '.local',
  '.git',
  'test-results',
  'coverage',
  'bench',
]);

/** Copies the project's sources into `tree`, with node_modules linked entry by entry. */
function copyProject(root: string, tree: string) {
  mkdirSync(tree, { recursive: true });
  for (const entry of readdirSync(root)) {
    if (NOT_COPIED.has(entry)) continue;
    cpSync(path.join(root, entry), path.join(tree, entry), { recursive: true });
  }
  // Links per package (not one link for the folder) so that the build's own cache
  // (node_modules/.cache: the server-rendering bundle) stays inside the copy.
  const modules = path.join(tree, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '.cache') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
}

/**
 * Builds the app into `<tree>/dist` and returns that folder. The build's output goes to
 * `logFile`; on failure its end is part of the error.
 */
export async function buildApp(options: {
  root: string;
  tree: string;
  env: Record<string, string>;
  logFile: string;
  signal: AbortSignal;
}): Promise<string> {
  copyProject(options.root, options.tree);
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts'], {
    cwd: options.tree,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const onAbort = () => child.kill('SIGTERM');
  options.signal.addEventListener('abort', onAbort, { once: true });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    child.once('error', () => resolve(null));
  });
  options.signal.removeEventListener('abort', onAbort);
  await new Promise<void>((resolve) => log.end(() => resolve()));
  if (code !== 0) {
    const tail = readFileSync(options.logFile, 'utf8').trim().split('\n').slice(-30).join('\n');
    throw new Error(`The production build failed (exit code ${code}):\n${tail}`);
  }
  return path.join(options.tree, 'dist');
}
