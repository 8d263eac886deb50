/**
 * An outage of the mail server as the owner hears of it, on the worker's and the health
 * checks' clock (injected, so hours pass in a moment): `GET /health/ready`'s problems and the
 * owner's Health page name messages waiting over 30 minutes from the time they were queued
 * (not from their next try, which back-off keeps in the future), e-mails the mail server refused
 * stay problems until the owner acts on them, and the mail alarm is raised once per episode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { requestQuote } from '../../server/bookings/bookings';
import { mailFromEnv } from '../../server/platform/config';
import { openDatabase, type Db } from '../../server/platform/db';
import { readinessProblems } from '../../server/platform/readiness';
import { ownerHealth } from '../../server/owner/ownerHealth';
import { dismissFailed, resendFailed, type OutboxRow } from '../../server/mail/outbox';
import { startMailWorker, type MailWorker } from '../../server/mail/worker';
import { callBackRequest } from './helpers';
import { advanceWorker } from './fixtures/workerClock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let dir: string;
let db: Db;
let worker: MailWorker | undefined;
let clock: number;
const logs: string[] = [];
/** What the fake mail server does with the next message. */
let server: 'down' | 'up' | 'refusing';
const delivered: string[] = [];

const transport = {
  sendMail: async (mail: { to: string }) => {
    if (server === 'down')
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:465'), {
        code: 'ECONNECTION',
      });
    if (server === 'refusing')
      throw Object.assign(new Error('Message rejected: Email address is not verified.'), {
        code: 'EMESSAGE',
        responseCode: 554,
      });
    delivered.push(mail.to);
    return {};
  },
  close: () => undefined,
} as unknown as Pick<Transporter, 'sendMail' | 'close'>;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mail-outage-'));
  db = openDatabase(path.join(dir, 'app.db'));
  clock = Date.parse('2026-06-01T12:00:00.000Z');
  logs.length = 0;
  delivered.length = 0;
  server = 'up';
  worker = startMailWorker(
    db,
    { ...mailFromEnv({ SMTP_URL: 'smtp://127.0.0.1:1', OWNER_EMAIL: 'owner@outage.test' }) },
    {
      transport,
      now: () => new Date(clock),
      pollMs: 3_600_000,
      log: (line) => logs.push(line),
    },
  );
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const probes = () => ({
  now: () => new Date(clock),
  startedAt: new Date(clock),
  statfs: async () => ({ blocks: 100, bfree: 90, bavail: 90 }),
});
const ready = () => readinessProblems(db, { databasePath: ':memory:' }, probes());
const healthProblems = async () =>
  (await ownerHealth(db, { databasePath: ':memory:' }, probes())).problems;

/** Moves the clock in steps, the worker taking a whole pass after each. */
const advance = (ms: number, step = MINUTE) =>
  advanceWorker(worker!, (moved) => (clock += moved), ms, step);

const quote = (email: string) =>
  requestQuote(db, callBackRequest({ email, name: 'Pat Doe' }), null, new Date(clock));
const rows = () => db.prepare('SELECT * FROM outbox ORDER BY rowid').all() as OutboxRow[];
const alarmLines = () => logs.filter((line) => line.startsWith('[mail] Alarm'));

it('an outage shows in readiness and on the Health page from 30 minutes on, at 1, 24 and 71 hours', async () => {
  server = 'down';
  quote('first@example.com');
  await advance(29 * MINUTE);
  expect(await ready()).toEqual([]);
  expect(await healthProblems()).toEqual([]);

  await advance(2 * MINUTE);
  const late = expect.stringMatching(
    /^The e-mail outbox is late: 2 messages waiting over 30 minutes, the oldest since 2026-06-01T12:00:00/,
  );
  expect(await ready()).toEqual([late]);
  expect(await healthProblems()).toEqual([late]);

  for (const hours of [1, 24, 71]) {
    await advance(clock0() + hours * HOUR - clock, 10 * MINUTE);
    const problems = await ready();
    expect({ hours, problems }).toEqual({
      hours,
      problems: expect.arrayContaining([late, expect.stringMatching(/^E-mail alarm since /)]),
    });
    expect(await healthProblems()).toEqual(problems);
    expect(delivered).toEqual([]);
  }
  // One alarm for the whole outage, however many messages and passes.
  expect(alarmLines()).toEqual([
    expect.stringMatching(
      /^\[mail\] Alarm: no e-mail was delivered in the last hour, while 2 were due/,
    ),
  ]);

  server = 'up';
  await advance(31 * MINUTE);
  expect(delivered).toHaveLength(2);
  expect(await ready()).toEqual([]);
  expect(alarmLines()).toEqual([
    expect.stringMatching(/^\[mail\] Alarm: /),
    expect.stringMatching(/^\[mail\] Alarm cleared/),
  ]);
});

/** The clock's start (beforeEach). */
const clock0 = () => Date.parse('2026-06-01T12:00:00.000Z');

it('a message given up after 72 hours stays a problem until the owner acts on it', async () => {
  server = 'down';
  quote('late@example.com');
  await advance(73 * HOUR, 30 * MINUTE);
  expect(rows().map((row) => row.failure)).toEqual(['expired', 'expired']);
  await advance(48 * HOUR, 6 * HOUR);
  expect(await ready()).toContain(
    '2 e-mails not delivered: each waits for your decision on the Health page (Send again, Allow again or Dismiss)',
  );
  server = 'up';
  expect(resendFailed(db, {}, new Date(clock))).toBe(2);
  await advance(MINUTE);
  expect(await ready()).toEqual([]);
});

it('every refused message stays a problem until sent again or dismissed; 6 of 6 refused raise one alarm', async () => {
  server = 'refusing';
  for (let i = 0; i < 3; i += 1) quote(`sandbox${i}@example.com`);
  await advance(MINUTE);
  expect(rows().map((row) => row.failure)).toEqual(Array(6).fill('refused'));
  await advance(7 * 24 * HOUR, 6 * HOUR);
  const problems = await ready();
  expect(problems).toEqual([
    '6 e-mails not delivered: each waits for your decision on the Health page (Send again, Allow again or Dismiss)',
    expect.stringMatching(
      /^E-mail alarm since 2026-06-01T12:0.*: more than half of the last 6 e-mails were refused by the mail server \(6 of 6\)/,
    ),
  ]);
  expect(await healthProblems()).toEqual(problems);
  expect(alarmLines()).toHaveLength(1);

  // The owner dismisses two with a reason (recorded with who), and sends the rest again.
  const [first, second, ...rest] = rows();
  dismissFailed(db, first!.id, { by: 'owner-sub', reason: 'Test address' }, new Date(clock));
  dismissFailed(db, second!.id, { by: 'owner-sub', reason: 'Test address' }, new Date(clock));
  expect(
    db.prepare('SELECT dismissed_by, dismiss_reason FROM outbox WHERE id = ?').get(first!.id),
  ).toEqual({ dismissed_by: 'owner-sub', dismiss_reason: 'Test address' });
  expect((await ready())[0]).toMatch(/^4 e-mails not delivered/);
  server = 'up';
  for (const row of rest) resendFailed(db, { id: row.id, refused: true }, new Date(clock));
  await advance(MINUTE);
  expect(delivered).toHaveLength(4);
  // The last 6: 4 sent, 2 refused (dismissed): the alarm clears, and nothing waits.
  expect(await ready()).toEqual([]);
  expect(alarmLines()).toEqual([
    expect.stringMatching(/^\[mail\] Alarm: more than half/),
    expect.stringMatching(/^\[mail\] Alarm cleared/),
  ]);
});
