/**
 * A mail server that hangs costs each message at most the worker's time limit, and the rest of
 * the outbox keeps going: real SMTP over local TCP (the recorder, and a server that accepts the
 * connection and never greets), through nodemailer's own pooled transport. The limits are
 * shortened here (`smtpTimeouts`); production's are SMTP_TIMEOUTS (60 s a message at most).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { requestQuote } from '../../server/bookings/bookings';
import { mailFromEnv } from '../../server/platform/config';
import { openDatabase, type Db } from '../../server/platform/db';
import type { OutboxRow } from '../../server/mail/outbox';
import { SMTP_TIMEOUTS, startMailWorker, type MailWorker } from '../../server/mail/worker';
import { callBackRequest, until } from './helpers';
import { startSmtpRecorder, type SmtpRecorder } from './fixtures/smtpRecorder';

jest.setTimeout(30_000);

let dir: string;
let db: Db;
let smtp: SmtpRecorder;
let worker: MailWorker | undefined;
const logs: string[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mail-timeouts-'));
  db = openDatabase(path.join(dir, 'app.db'));
  smtp = await startSmtpRecorder();
  logs.length = 0;
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  db.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = (url: string, smtpTimeouts: Partial<typeof SMTP_TIMEOUTS>) => {
  worker = startMailWorker(
    db,
    {
      ...mailFromEnv({ SMTP_URL: url, OWNER_EMAIL: 'owner@timeouts.test' }),
      retryBaseMs: 50,
    },
    { pollMs: 100, smtpTimeouts, log: (line) => logs.push(line) },
  );
};
const quote = (email: string) =>
  requestQuote(db, callBackRequest({ email, name: 'Pat Doe' }), null, new Date());
const rows = () => db.prepare('SELECT * FROM outbox ORDER BY rowid').all() as OutboxRow[];

it('production gives a message at most 60 s, and sets every SMTP limit', () => {
  expect(SMTP_TIMEOUTS.messageMs).toBeLessThanOrEqual(60_000);
  for (const limit of Object.values(SMTP_TIMEOUTS)) expect(limit).toBeLessThanOrEqual(60_000);
});

it('a server that hangs after DATA costs that message the time limit; the next ones still go', async () => {
  const MESSAGE_MS = 1500;
  const offeredAt: number[] = [];
  smtp.onMessage((_message, accept, index) => {
    offeredAt.push(Date.now());
    if (index > 1) accept(); // the first message's data is never answered
  });
  // The connection's own silence limit is longer: the message's limit is what ends the wait.
  start(smtp.url, { socketMs: 20_000, messageMs: MESSAGE_MS });
  quote('first@example.com');
  quote('second@example.com');

  await until(() => rows().every((row) => row.status === 'sent'), 'every message sent', 20_000);
  const waited = offeredAt[1]! - offeredAt[0]!;
  expect(waited).toBeGreaterThan(MESSAGE_MS / 2); // the limit counts from the start of the send
  expect(waited).toBeLessThan(MESSAGE_MS + 1500);
  // Four messages, the hung one tried twice (the same Message-ID: a copy is dropped).
  expect(new Set(smtp.accepted.map((m) => m.outboxId)).size).toBe(4);
  expect(
    rows()
      .map((row) => row.attempts)
      .sort(),
  ).toEqual([1, 1, 1, 2]);
});

it('a server that accepts the connection and never greets costs a message the greeting limit', async () => {
  const silent = net.createServer(() => undefined);
  const sockets = new Set<net.Socket>();
  silent.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = silent.address() as net.AddressInfo;
    start(`smtp://127.0.0.1:${port}`, { greetingMs: 500 });
    const startedAt = Date.now();
    quote('greeting@example.com');
    await until(
      () => rows().some((row) => row.attempts >= 1 && row.last_error !== null),
      'the first try to fail',
      10_000,
    );
    expect(Date.now() - startedAt).toBeLessThan(2500);
    expect(rows().find((row) => row.last_error !== null)?.last_error).toMatch(
      /ETIMEDOUT|ECONNECTION|Greeting/i,
    );
  } finally {
    await worker?.stop();
    worker = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
