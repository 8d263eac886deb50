/**
 * Another process holding the database's write lock (a backup, an operator command) does not
 * freeze the API through the mail worker: the idle worker only reads, and a worker with a message
 * to record does not wait for the lock (it records it once the lock is gone).
 */
import Database from 'better-sqlite3';
import { mailFromEnv } from '../../server/config';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  until,
} from './helpers';
import { startSmtpRecorder, type SmtpRecorder } from './fixtures/smtpRecorder';

jest.setTimeout(60_000);

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

it('a 3 s external write lock: /health/ready answers within 100 ms throughout; the message in flight is recorded after', async () => {
  let accept = () => undefined as void;
  smtp.onMessage((_message, answer) => (accept = answer)); // hold the first message's answer
  const mail = mailFromEnv({ SMTP_URL: smtp.url, OWNER_EMAIL: 'owner@lock.test' });
  const api = await startApi(idp, { mail });
  const other = new Database(api.databasePath);
  try {
    const answer = await call(api.baseUrl, 'POST', '/bookings', {
      body: quoteRequest({ email: 'lock@example.com' }),
    });
    expect(answer.status).toBe(201);
    await until(() => smtp.offered() === 1, 'the first message to be in flight');

    // Another connection takes the write lock, and the mail server accepts the message.
    other.exec('BEGIN IMMEDIATE');
    smtp.onMessage((_message, answerIt) => answerIt());
    accept();
    const times = await healthTimes(api.baseUrl, 3000);
    other.exec('COMMIT');

    expect(Math.max(...times)).toBeLessThan(100);
    expect(times.length).toBeGreaterThan(10);
    const statuses = () =>
      (other.prepare('SELECT status FROM outbox').all() as { status: string }[]).map(
        (row) => row.status,
      );
    await until(() => statuses().every((status) => status === 'sent'), 'both messages sent');
    expect(smtp.accepted).toHaveLength(2);
  } finally {
    other.close();
    await api.close();
  }
});
