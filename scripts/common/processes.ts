/**
 * Child processes of the local tools (the local stack, the bench): each writes to its own log
 * file, which is followed line by line, and stops itself when its launcher is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Resolves when the process ends: its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  stop(): Promise<void>;
}

/**
 * Preloaded into each child: it stops itself once its parent (this launcher) is gone, so a
 * launcher killed outright (e.g. SIGKILL from a wrapper) leaves no stray servers behind.
 */
const EXIT_WITH_PARENT = [
  '--import',
  'data:text/javascript,const p=process.ppid;' +
    "setInterval(()=>{if(process.ppid!==p)process.kill(process.pid,'SIGTERM')},500).unref();",
];

/**
 * Follows a growing log file from `offset`, calling `onLine` for each complete line.
 * (Children write straight to their log file: cognito-local's logger holds back its output
 * when stdout is a pipe, so codes would show late or not at all.)
 */
function followFile(file: string, offset: number, onLine: (line: string) => void) {
  const decoder = new StringDecoder('utf8'); // a read may end inside a multi-byte character
  let position = offset;
  let partial = '';
  const readNew = () => {
    const size = statSync(file).size;
    if (size <= position) return;
    const buffer = Buffer.alloc(size - position);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, position);
    } finally {
      closeSync(fd);
    }
    position = size;
    const lines = (partial + decoder.write(buffer)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  };
  const timer = setInterval(readNew, 150);
  return {
    stop() {
      clearInterval(timer);
      readNew();
      if (partial) onLine(partial);
    },
  };
}

/**
 * Starts a Node process whose output goes to `logFile` and, line by line, to `onLine`. It
 * stays in the launcher's process group, so a Ctrl-C in the terminal reaches it even if the
 * launcher itself is killed before it can stop it.
 */
export function startChild(
  name: string,
  spec: { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv },
  logFile: string,
  onLine: (line: string) => void,
): Child {
  const out = openSync(logFile, 'a');
  const follower = followFile(logFile, fstatSync(out).size, onLine);
  const child = spawn(spec.command, [...EXIT_WITH_PARENT, ...spec.args], {
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.once('error', () => resolve(null));
  }).finally(() => follower.stop());
  return {
    name,
    process: child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
  };
}

/** Polls `url` until it answers 2xx; fails early when the process exits. */
export async function waitHealthy(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${child.name} exited before it was ready (see its log)`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${child.name} was not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
