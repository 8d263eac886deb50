/**
 * maildev (from npm), the local mail catcher: an SMTP server and a web inbox with an HTTP API
 * (`GET /api/email`). `npm start`, the e2e stack and the outbox tests run it on their own ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAILDEV_BIN = path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/** maildev's command line: SMTP and web on 127.0.0.1 only, nothing persisted. */
export function maildevArgs(ports: { smtp: number; web: number }): string[] {
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

/** Resolves once maildev's API answers. */
export async function waitForMaildev(webUrl: string, timeoutMs = 15_000): Promise<void> {
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
  await waitForMaildev(`http://127.0.0.1:${ports.web}`);
  return child;
}
