/**
 * The mail worker against the faults a mail server has, on the worker's own clock (injected, so
 * hours pass in a moment): a permanent refusal, temporary refusals and an unreachable server for
 * hours, a message left `sending` by a worker that is gone, and sent messages that grow old.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { requestQuote } from '../../server/bookings/bookings';
import { mailFromEnv, type MailSettings } from '../../server/platform/config';
import { openDatabase, type Db } from '../../server/platform/db';
import { startMailWorker, type MailWorker } from '../../server/mail/worker';
import { resendFailed, type OutboxRow } from '../../server/mail/outbox';
import { callBackRequest } from './helpers';
import { startSmtpRecorder, type SmtpRecorder } from './fixtures/smtpRecorder';
import { advanceWorker } from './fixtures/workerClock';

const OWNER = 'owner@faults.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let dir: string;
let db: Db;
let smtp: SmtpRecorder;
let worker: MailWorker | undefined;
/** The worker's clock. */
let clock: number;
const logs: string[] = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-faults-'));
  db = openDatabase(path.join(dir, 'app.db'));
  smtp = await startSmtpRecorder();
  clock = Date.parse('2026-06-01T12:00:00.000Z');
  logs.length = 0;
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  db.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = (overrides: Partial<MailSettings> = {}): MailSettings => ({
  ...mailFromEnv({ SMTP_URL: smtp.url, OWNER_EMAIL: OWNER }),
  ...overrides,
});

/** A worker on the test's clock; it runs only when the test says so. */
function start(mail: MailSettings, transport?: Pick<Transporter, 'sendMail' | 'close'>) {
  worker = startMailWorker(db, mail, {
    transport,
    now: () => new Date(clock),
    pollMs: 3_600_000,
    log: (line) => logs.push(line),
  });
  return worker;
}

/** Moves the clock in steps, the worker taking a whole pass after each. */
const advance = (ms: number, step = MINUTE) =>
  advanceWorker(worker!, (moved) => (clock += moved), ms, step);

const quote = (email: string) =>
  requestQuote(db, callBackRequest({ email, name: 'Pat Doe' }), null, new Date(clock));

/** The mail server answers `reply` to every message to `address`, and accepts the others. */
const refuse = (address: string, reply: string) =>
  smtp.onMessage((message, accept, _index, answer) =>
    message.to === address ? answer(reply) : accept(),
  );

const rows = () => db.prepare('SELECT * FROM outbox ORDER BY rowid').all() as OutboxRow[];
const customerRow = () => rows().find((row) => row.audience === 'customer')!;

it('a permanent refusal (550) fails the message after one try, with the reason; no address in the log', async () => {
  refuse(
    'gone@example.com',
    '550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown',
  );
  start(settings());
  quote('gone@example.com');
  await advance(2 * HOUR, 5 * MINUTE);

  const refused = customerRow();
  expect(refused).toMatchObject({ status: 'failed', attempts: 1, failure: 'refused' });
  expect(refused.last_error).toMatch(/550 5\.1\.1 .*User unknown/);
  // One try each: the owner's e-mail and the refused confirmation.
  expect(smtp.offered()).toBe(2);
  expect(smtp.accepted.map((m) => m.to)).toEqual([OWNER]);
  // The log says which message and why, without the customer's address.
  const line = logs.find((l) => l.includes(refused.id));
  expect(line).toMatch(/refused .*550 5\.1\.1 .*User unknown/);
  expect(logs.join('\n')).not.toMatch(/@/);
});

it('temporary refusals are retried with a growing delay for 72 hours, then the message fails; no address in the log', async () => {
  refuse('busy@example.com', '451 4.3.0 <busy@example.com>: Temporary lookup failure, try again');
  start(settings());
  quote('busy@example.com');

  await advance(71 * HOUR, 10 * MINUTE);
  const waiting = customerRow();
  expect(waiting.status).toBe('pending');
  // The delay grows to 30 minutes and no further: about two tries an hour once it has.
  const tries = waiting.attempts;
  await advance(HOUR, 10 * MINUTE);
  expect(customerRow().attempts - tries).toBe(2);

  await advance(2 * HOUR, 10 * MINUTE);
  const failed = customerRow();
  expect(failed).toMatchObject({ status: 'failed', failure: 'expired' });
  expect(failed.last_error).toMatch(/451 4\.3\.0/);
  expect(logs.find((l) => l.includes(failed.id))).toMatch(/451 4\.3\.0/);
  expect(logs.join('\n')).not.toMatch(/@/);
});

it('a 30-minute outage: every message goes out afterwards, once, without an operator', async () => {
  let reachable = false;
  const delivered: string[] = [];
  const transport = {
    sendMail: async (mail: { messageId: string }) => {
      if (!reachable)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), {
          code: 'ECONNECTION',
        });
      delivered.push(mail.messageId);
      return {};
    },
    close: () => undefined,
  } as unknown as Pick<Transporter, 'sendMail' | 'close'>;
  start(settings(), transport);
  for (let i = 0; i < 5; i += 1) quote(`outage${i}@example.com`);

  await advance(30 * MINUTE, 10_000);
  expect(delivered).toEqual([]);
  expect(rows().every((row) => row.status === 'pending' && row.attempts > 1)).toBe(true);

  reachable = true;
  // The longest wait between tries is 30 minutes.
  await advance(31 * MINUTE, 10_000);
  expect(rows().map((row) => row.status)).toEqual(Array(10).fill('sent'));
  expect(new Set(delivered).size).toBe(10);
  expect(delivered).toHaveLength(10);
});

it('a message left `sending` by a worker that is gone returns to `pending` within a minute', async () => {
  start(settings({ smtpUrl: undefined })); // no mail server: nothing is taken again at once
  await worker!.runOnce();
  quote('stale@example.com');
  // Another worker took the message and was gone before it recorded anything.
  db.prepare(
    "UPDATE outbox SET status = 'sending', attempts = 1 WHERE audience = 'customer'",
  ).run();

  await advance(MINUTE, 5_000);
  expect(customerRow()).toMatchObject({ status: 'pending', attempts: 1 });
});

it('sent messages are deleted 30 days after they were sent; waiting and failed ones are kept', async () => {
  refuse('refused@example.com', '550 5.1.1 User unknown');
  start(settings());
  quote('old@example.com');
  await advance(MINUTE);
  await advance(20 * 24 * HOUR, HOUR);
  quote('refused@example.com');
  await advance(MINUTE);
  expect(rows().map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'failed']);

  // Day 30 and one hour after the first two were sent: they are gone, the others stay.
  await advance(10 * 24 * HOUR + HOUR, HOUR);
  expect(rows().map((row) => row.status)).toEqual(['sent', 'failed']);
  expect(rows().map((row) => JSON.parse(row.payload).booking.email)).toEqual([
    'refused@example.com',
    'refused@example.com',
  ]);
});

it('outbox-resend queues given-up messages again, but a refused one only when asked explicitly', async () => {
  refuse('refused@example.com', '550 5.1.1 User unknown');
  start(settings());
  quote('refused@example.com');
  await advance(MINUTE);
  const refused = customerRow();
  expect(refused.status).toBe('failed');
  // Another message given up after its 72 hours.
  db.prepare(
    "UPDATE outbox SET status = 'failed', failure = 'expired' WHERE audience = 'owner'",
  ).run();

  expect(resendFailed(db, {})).toBe(1);
  expect(rows().map((row) => row.status)).toEqual(['pending', 'failed']);
  expect(() => resendFailed(db, { id: refused.id })).toThrow(/refused.*--refused/);
  expect(resendFailed(db, { id: refused.id, refused: true })).toBe(1);
  expect(customerRow()).toMatchObject({ status: 'pending', attempts: 0 });
});
