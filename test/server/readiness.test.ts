/**
 * `GET /health/ready` and the owner's health page name the same problems: an outbox that is not
 * moving (a message waiting over 30 minutes since it was queued, failed messages the owner has
 * not acted on), a last backup older than 26 hours, a disk nearly full. On an injected clock and
 * injected disk figures (test/server/mailOutage.test.ts runs a whole outage).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupNow } from '../../server/platform/backup';
import { openDatabase, type Db } from '../../server/platform/db';
import { requestQuote } from '../../server/bookings/bookings';
import type { DiskStats } from '../../server/platform/config';
import { READINESS_LIMITS, readinessProblems } from '../../server/platform/readiness';
import {
  call,
  callBackRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
} from './helpers';

const HOUR = 3_600_000;
const START = Date.parse('2026-06-01T12:00:00.000Z');

let dir: string;
let db: Db;
let clock: number;
/** Used fraction of the disk the database is on. */
let used: number;

const disk = async (): Promise<DiskStats> => ({
  blocks: 1000,
  bfree: Math.round(1000 * (1 - used)),
  bavail: Math.round(1000 * (1 - used)),
});

const paths = () => ({
  databasePath: path.join(dir, 'app.db'),
  picturesDir: path.join(dir, 'pictures'),
  backupDir: path.join(dir, 'backups'),
});

const problems = () =>
  readinessProblems(db, paths(), {
    now: () => new Date(clock),
    startedAt: new Date(START),
    statfs: disk,
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'readiness-'));
  db = openDatabase(paths().databasePath);
  clock = START;
  used = 0.3;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a fresh server with an empty outbox and room on its disk is ready', async () => {
  expect(await problems()).toEqual([]);
});

it('a message waiting more than the limit since it was queued: the outbox is late', async () => {
  requestQuote(db, callBackRequest(), null, new Date(clock));
  // A try a minute ago pushed the next one into the future: lateness counts from the queueing.
  db.prepare('UPDATE outbox SET attempts = 3, next_attempt_at = ?').run(
    new Date(clock + HOUR).toISOString(),
  );
  clock += (READINESS_LIMITS.outboxLateMinutes - 1) * 60_000;
  expect(await problems()).toEqual([]);
  clock += 2 * 60_000;
  expect(await problems()).toEqual([
    'The e-mail outbox is late: 2 messages waiting over 30 minutes, the oldest since 2026-06-01T12:00:00.000Z',
  ]);
});

it('every failed message the owner has not sent again or dismissed is a problem, however old', async () => {
  requestQuote(db, callBackRequest({ email: 'first@example.com' }), null, new Date(clock));
  const failedAt = new Date(clock).toISOString();
  db.prepare(
    "UPDATE outbox SET status = 'failed', failure = 'refused', last_error = 'EENVELOPE 550: no such user', failed_at = ? WHERE kind = 'customer-quote'",
  ).run(failedAt);
  db.prepare(
    "UPDATE outbox SET status = 'failed', failure = 'suppressed', last_error = 'suppressed', failed_at = ? WHERE kind = 'owner-quote'",
  ).run(failedAt);
  clock += 25 * HOUR; // more than the 24 hours after which failed messages used to drop out
  const waiting =
    'e-mails not delivered: each waits for your decision on the Health page (Send again, Allow again or Dismiss)';
  expect(await problems()).toEqual([`2 ${waiting}`]);
  db.prepare(
    "UPDATE outbox SET dismissed_at = ?, dismissed_by = 'owner', dismiss_reason = 'typo' WHERE kind = 'owner-quote'",
  ).run(failedAt);
  expect(await problems()).toEqual([`1 ${waiting.replace('e-mails', 'e-mail')}`]);
});

it('no backup for more than 26 hours (since the last one, or since the start when none)', async () => {
  const { backupDir, databasePath, picturesDir } = paths();
  clock = START + (READINESS_LIMITS.backupMaxAgeHours + 1) * HOUR;
  expect(await problems()).toEqual([
    `No backup yet, ${READINESS_LIMITS.backupMaxAgeHours + 1} hours after the start`,
  ]);
  await backupNow({ databasePath, picturesDir, dir: backupDir, at: new Date(clock) });
  expect(await problems()).toEqual([]);
  clock += 25 * HOUR;
  expect(await problems()).toEqual([]);
  clock += 2 * HOUR;
  expect(await problems()).toEqual([
    expect.stringMatching(/^The last backup is 27 hours old \(taken 2026-06-02T/),
  ]);
});

it('a disk more than 90% full', async () => {
  used = 0.89;
  expect(await problems()).toEqual([]);
  used = 0.95;
  expect(await problems()).toEqual(['The disk holding the database is 95% full']);
});

describe('GET /health/ready', () => {
  let idp: IdentityProvider;
  beforeAll(async () => {
    idp = await startIdentityProvider();
  });
  afterAll(async () => {
    await idp.close();
  });

  it('answers 200 when ready and 503 with the reasons when not', async () => {
    let full = 0.5;
    const api = await startApi(idp, {
      healthProbes: {
        statfs: async () => ({ blocks: 100, bfree: 100 - full * 100, bavail: 100 - full * 100 }),
      },
    });
    try {
      const ready = await call(api.baseUrl, 'GET', '/health/ready');
      expect(ready).toEqual(
        expect.objectContaining({ status: 200, body: { status: 'ok', database: 'ok' } }),
      );
      full = 0.97;
      const full97 = await call(api.baseUrl, 'GET', '/health/ready');
      expect(full97.status).toBe(503);
      expect(full97.body).toEqual({
        status: 'unavailable',
        database: 'ok',
        reasons: ['The disk holding the database is 97% full'],
      });
    } finally {
      await api.close();
    }
  });
});
