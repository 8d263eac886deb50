/**
 * The mail worker inside the API process:
 * - it pauses cleanly when the server closes: the message being sent finishes (and is recorded
 *   as sent), no further message is taken, and the rest wait in the outbox for the next start;
 * - another process holding the database's write lock (a backup, an operator command) does not
 *   freeze the API through it: the idle worker only reads, and a worker with a message to record
 *   does not wait for the lock (it records it once the lock is gone).
 */
import Database from 'better-sqlite3';
import { mailFromEnv } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  until,
} from './helpers';
import { startSmtpRecorder, type SmtpRecorder } from './fixtures/smtpRecorder';

let idp: IdentityProvider;
let smtp: SmtpRecorder;

beforeAll(async () => {
  idp = await startIdentityProvider();
  smtp = await startSmtpRecorder();
});
afterAll(async () => {
  await smtp.close();
  await idp.close();
});

it('on close: the send in flight finishes and is recorded, no new message is taken', async () => {
  let release = () => undefined as void;
  smtp.onMessage((_message, accept) => (release = accept)); // hold the first message's answer
  const mail = { ...mailFromEnv({ SMTP_URL: smtp.url }), retryBaseMs: 50 };
  const api = await startApi(idp, { mail, quoteRateLimit: { max: 100, windowMs: 60_000 } });
  const { databasePath } = api;
  let closed = false;
  try {
    for (let i = 0; i < 2; i += 1) {
      const answer = await call(api.baseUrl, 'POST', '/bookings', {
        body: quoteRequest({ email: `stop${i}@example.com` }),
      });
      expect(answer.status).toBe(201);
    }
    await until(() => smtp.offered() === 1, 'the first message to be in flight');

    const closing = api.app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The server waits for the send in flight.
    expect(closed).toBe(false);
    smtp.onMessage((_message, accept) => accept());
    release();
    await closing;
  } finally {
    if (!closed) await api.app.close();
  }
  // One message reached the SMTP server and was accepted; none was started after the close.
  expect(smtp.offered()).toBe(1);
  expect(smtp.accepted).toHaveLength(1);

  const db = openDatabase(databasePath);
  try {
    const rows = db
      .prepare('SELECT id, status, attempts, sent_at FROM outbox ORDER BY rowid')
      .all() as { id: string; status: string; attempts: number; sent_at: string | null }[];
    expect(rows).toHaveLength(4);
    const sent = rows.filter((row) => row.status === 'sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sent_at).not.toBeNull();
    expect(smtp.accepted[0]!.outboxId).toBe(sent[0]!.id);
    // The others wait, untried, for the next start.
    expect(rows.filter((row) => row.status === 'pending' && row.attempts === 0)).toHaveLength(3);
  } finally {
    db.close();
  }
});

/** How long each GET /health/ready took while `ms` passed. */
async function healthTimes(baseUrl: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const started = performance.now();
    const answer = await call(baseUrl, 'GET', '/health/ready');
    times.push(performance.now() - started);
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times;
}

it('a 3 s external write lock: /health/ready answers within 100 ms (median) and never waits for the lock; the message in flight is recorded after', async () => {
  let accept = () => undefined as void;
  smtp.onMessage((_message, answer) => (accept = answer)); // hold the first message's answer
  const mail = mailFromEnv({ SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@lock.test' });
  const api = await startApi(idp, { mail });
  const other = new Database(api.databasePath);
  const [acceptedBefore, offeredBefore] = [smtp.accepted.length, smtp.offered()];
  try {
    const answer = await call(api.baseUrl, 'POST', '/bookings', {
      body: quoteRequest({ email: 'lock@example.com' }),
    });
    expect(answer.status).toBe(201);
    await until(() => smtp.offered() === offeredBefore + 1, 'the first message to be in flight');

    // Another connection takes the write lock, and the mail server accepts the message.
    other.exec('BEGIN IMMEDIATE');
    smtp.onMessage((_message, answerIt) => answerIt());
    accept();
    const times = await healthTimes(api.baseUrl, 3000);
    other.exec('COMMIT');

    // Waiting for the lock would take seconds (the old worker: 15.2 s). On a loaded 2-core
    // machine one answer can take longer than 100 ms for reasons of its own, so the bound on
    // every answer is a third of the lock, and the typical answer is held to 100 ms.
    const sorted = [...times].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
    expect(Math.max(...times)).toBeLessThan(1000);
    expect(times.length).toBeGreaterThan(10);
    const statuses = () =>
      (other.prepare('SELECT status FROM outbox').all() as { status: string }[]).map(
        (row) => row.status,
      );
    await until(() => statuses().every((status) => status === 'sent'), 'both messages sent');
    expect(smtp.accepted).toHaveLength(acceptedBefore + 2);
  } finally {
    other.close();
    await api.close();
  }
}, 60_000);
