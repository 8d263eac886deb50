/**
 * The outbox survives a crash: the real API server (server/main.ts, its own process) is killed
 * with SIGKILL while it sends, started again on the same database, and every message reaches
 * the SMTP server; none is lost, and the recipient sees each once.
 *
 * Two kills, the two moments that matter:
 * 1. in flight: the SMTP server has the message's data but has not answered. The message was not
 *    accepted; after the restart it is sent again and accepted once.
 * 2. in the window: the SMTP server answers 250 and the sender is killed in the same instant,
 *    before it can record the acceptance. The restart sends that message once more (SMTP itself
 *    is at-least-once here), with the same Message-ID, so a recipient's mail system that drops a
 *    Message-ID it already has (as the large providers do) shows it once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { repoRoot } from '../../domain/paths';
import { call, quoteRequest, startIdentityProvider, type IdentityProvider, until } from './helpers';
import { startSmtpRecorder, type SmtpRecorder } from './fixtures/smtpRecorder';

jest.setTimeout(120_000);

let idp: IdentityProvider;
let smtp: SmtpRecorder;
let dir: string;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  idp = await startIdentityProvider();
  smtp = await startSmtpRecorder();
  dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-crash-'));
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await smtp.close();
  await idp.close();
  rmSync(dir, { recursive: true, force: true });
});

const OWNER = 'owner@crash.test';

/** Starts server/main.ts as a plain Node process (so SIGKILL reaches the server itself). */
async function startServer(): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: '0',
      DATABASE_PATH: path.join(dir, 'app.db'),
      PICTURES_DIR: path.join(dir, 'pictures'),
      COGNITO_ISSUER: idp.issuer,
      COGNITO_CLIENT_ID: idp.clientId,
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      MAIL_RETRY_BASE_MS: '100',
      QUOTE_RATE_LIMIT: '1000',
      BACKUP_INTERVAL_HOURS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('exit', () => reject(new Error(`the server exited early: ${seen}`)));
  });
  return { child, url, exited };
}

it('SIGKILL while sending, then a restart: every message delivered, each once for the recipient', async () => {
  // Kill 1 when the 6th message's data has arrived: not answered, so not accepted. The SMTP
  // server answers nothing until every request has had its answer.
  let killedAt: number | undefined;
  let allAnswered = () => undefined as void;
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  const first = await startServer();
  smtp.onMessage((_message, accept, index) => {
    void answered.then(() => {
      if (index !== 6) return accept();
      killedAt = index;
      first.child.kill('SIGKILL');
    });
  });
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(first.url, 'POST', '/bookings', {
        body: quoteRequest({ email: `crash${i}@example.com`, name: `Crash ${i}` }),
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
  allAnswered();
  await first.exited;
  expect(killedAt).toBe(6);
  const inFlight = smtp.accepted.length; // accepted before kill 1
  expect(inFlight).toBe(5);

  // Kill 2: the 3rd message after the restart is answered 250 and the sender killed at once.
  let windowMessage: string | undefined;
  const second = await startServer();
  const offeredBefore = smtp.offered();
  smtp.onMessage((message, accept, index) => {
    if (index === offeredBefore + 3) {
      accept();
      windowMessage = message.messageId;
      second.child.kill('SIGKILL');
      return;
    }
    accept();
  });
  await second.exited;
  expect(windowMessage).toBeDefined();

  // The last start sends the rest.
  smtp.onMessage((_message, accept) => accept());
  const third = await startServer();
  const db = new Database(path.join(dir, 'app.db'), { readonly: true });
  try {
    const outbox = () =>
      db.prepare('SELECT id, status FROM outbox').all() as { id: string; status: string }[];
    await until(
      () => outbox().length === 20 && outbox().every((row) => row.status === 'sent'),
      'every message to be sent',
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // nothing more arrives
    const rows = outbox();
    expect(rows).toHaveLength(20);

    // What the SMTP server accepted, per Message-ID.
    const times = new Map<string, number>();
    for (const m of smtp.accepted) times.set(m.messageId, (times.get(m.messageId) ?? 0) + 1);
    // Every message arrived: one Message-ID per outbox row, made from its id.
    expect(new Set(times.keys()).size).toBe(20);
    expect([...times.keys()].map((id) => /^<([^@]+)@/.exec(id)?.[1]).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
    // 10 owner e-mails and 10 confirmations.
    const unique = [...new Map(smtp.accepted.map((m) => [m.messageId, m])).values()];
    expect(unique.filter((m) => m.to === OWNER)).toHaveLength(10);
    expect(unique.filter((m) => /^crash\d@example\.com$/.test(m.to))).toHaveLength(10);
    // Accepted once each, except possibly the one killed in the window (then twice, same id).
    const repeated = [...times].filter(([, n]) => n > 1);
    expect(repeated.every(([id, n]) => id === windowMessage && n === 2)).toBe(true);
    console.log(
      `[outbox crash] SMTP transactions accepted: ${smtp.accepted.length} for 20 messages; ` +
        `the message killed in the window was accepted ${times.get(windowMessage ?? '')} time(s)`,
    );
  } finally {
    db.close();
    third.child.kill('SIGTERM');
    await third.exited;
  }
});
