/**
 * maildev (from npm), the local mail catcher: an SMTP server and a web inbox with an HTTP API
 * (`GET /api/email`). `npm start`, the e2e stack and the outbox tests run it on their own ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree } from '../common/ports';
import { waitHealthy, type Child, type startChild } from '../common/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAILDEV_BIN = path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/**
 * maildev's command line: SMTP and web on 127.0.0.1 only; the messages kept in `mailDirectory`
 * (they survive a restart) or, without one, in memory (and maildev's folder in the OS's tmp).
 */
export function maildevArgs(
  ports: { smtp: number; web: number },
  mailDirectory?: string,
): string[] {
  return [
    MAILDEV_BIN,
    '--smtp',
    String(ports.smtp),
    '--ip',
    '127.0.0.1',
    '--web',
    String(ports.web),
    '--web-ip',
    '127.0.0.1',
    '--silent',
    ...(mailDirectory ? ['--mail-directory', mailDirectory] : []),
  ];
}

/** One message as maildev's API gives it (the fields we read). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  to: { address: string }[];
  from: { address: string }[];
  replyTo?: { address: string }[];
  headers: Record<string, string>;
}

/** Every message maildev holds, in arrival order. */
export async function caughtMail(webUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${webUrl}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** How long maildev may take to start (a busy machine takes its time loading it). */
const MAILDEV_START_MS = 60_000;

/** Resolves once maildev's API answers. */
export async function waitForMaildev(webUrl: string, timeoutMs = MAILDEV_START_MS): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${webUrl}/api/healthz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`maildev did not start at ${webUrl}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts maildev as a child process (tests); stop it with `child.kill()`. */
export async function startMaildev(ports: { smtp: number; web: number }): Promise<ChildProcess> {
  const child = spawn(process.execPath, maildevArgs(ports), { stdio: 'ignore' });
  try {
    await waitForMaildev(`http://127.0.0.1:${ports.web}`);
  } catch (error) {
    child.kill();
    throw error;
  }
  return child;
}

export interface MailCatcherPorts {
  smtp: number;
  web: number;
}

interface MailCatcher {
  child: Child;
  /** What the API's SMTP_URL is set to. */
  smtpUrl: string;
  /** The web inbox, and its HTTP API under /api/email. */
  webUrl: string;
}

/** Starts maildev as one of the local stack's children (its output in `logFile`). */
export async function startMailCatcher(
  spawnChild: typeof startChild,
  ports: MailCatcherPorts,
  files: { mailDirectory: string; logFile: string },
  log: (line: string) => void,
): Promise<MailCatcher> {
  await assertPortFree(ports.smtp, 'mail catcher SMTP');
  await assertPortFree(ports.web, 'mail catcher web inbox');
  const [script = '', ...args] = maildevArgs(ports, files.mailDirectory);
  const child = spawnChild(
    'mail catcher',
    { command: process.execPath, args: [script, ...args], cwd: root, env: process.env },
    files.logFile,
    (line) => log(`[maildev] ${line}`),
  );
  const webUrl = `http://127.0.0.1:${ports.web}`;
  await waitHealthy(child, `${webUrl}/api/healthz`, MAILDEV_START_MS);
  return { child, smtpUrl: `smtp://127.0.0.1:${ports.smtp}`, webUrl };
}
