/**
 * What the owner's Health page is told (GET /owner/health) and its decisions on a failed e-mail:
 * "Send again", "Allow again" (the suppression list) and "Dismiss" with a reason.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupNow } from '../../server/platform/backup';
import { openDatabase } from '../../server/platform/db';
import { CLIENT_ERROR_DAILY_CAPS } from '../../server/platform/config';
import { recordClientError } from '../../server/health/clientErrors';
import type { OwnerHealth } from '../../domain/contract/types';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

let idp: IdentityProvider;
let api: TestApi;
let ownerToken: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp, { quoteRateLimit: { max: 1000, windowMs: 60_000 } });
  ownerToken = await idp.ownerToken('owner-sub');
});
afterAll(async () => {
  await api.close();
  await idp.close();
});

const owner = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token: ownerToken, body });
const health = async () => (await owner('GET', '/owner/health')).body as OwnerHealth;

/** Gives up the confirmation e-mail of a new quote request from `email`, as the worker would. */
async function failedConfirmation(email: string, failure: string, reason: string) {
  const created = await call(api.baseUrl, 'POST', '/bookings', { body: quoteRequest({ email }) });
  const bookingId = (created.body as { bookingId: string }).bookingId;
  const db = new Database(api.databasePath);
  try {
    const { id } = db
      .prepare("SELECT id FROM outbox WHERE booking_id = ? AND kind = 'customer-quote'")
      .get(bookingId) as { id: string };
    db.prepare(
      "UPDATE outbox SET status = 'failed', failure = ?, last_error = ?, failed_at = ?, attempts = 1 WHERE id = ?",
    ).run(failure, reason, new Date().toISOString(), id);
    return id;
  } finally {
    db.close();
  }
}

it('lists failed e-mails with their reason; each stays a problem until Send again, Allow again or Dismiss', async () => {
  const refused = await failedConfirmation(
    'nobody@example.com',
    'refused',
    'EENVELOPE 550: 5.1.1 user unknown',
  );
  const expired = await failedConfirmation('late@example.com', 'expired', 'ETIMEDOUT: timeout');
  const held = await failedConfirmation('held@example.com', 'suppressed', 'suppressed: bounced');
  const before = await health();
  expect(before.failedMessages).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: refused,
        to: 'nobody@example.com',
        kind: 'customer-quote',
        failure: 'refused',
        reason: 'EENVELOPE 550: 5.1.1 user unknown',
        dismissedAt: null,
      }),
      expect.objectContaining({ id: expired, failure: 'expired' }),
      expect.objectContaining({ id: held, failure: 'suppressed' }),
    ]),
  );
  const waitingForDecision = (count: number) =>
    `${count} e-mail${count === 1 ? '' : 's'} not delivered: each waits for your decision on the Health page (Send again, Allow again or Dismiss)`;
  expect(before.problems).toContain(waitingForDecision(3));

  // Dismiss: a reason is required; who and why are recorded; it is no problem any more.
  const blank = await owner('POST', `/owner/health/messages/${refused}/dismiss`, { reason: ' ' });
  expect(blank.status).toBe(400);
  const dismissed = await owner('POST', `/owner/health/messages/${refused}/dismiss`, {
    reason: 'The customer gave a wrong address; called them instead',
  });
  expect(dismissed.status).toBe(200);
  const afterDismiss = dismissed.body as OwnerHealth;
  expect(afterDismiss.failedMessages.find((m) => m.id === refused)).toEqual(
    expect.objectContaining({
      dismissedBy: 'owner-sub',
      dismissReason: 'The customer gave a wrong address; called them instead',
      dismissedAt: expect.any(String),
    }),
  );
  expect(afterDismiss.problems).toContain(waitingForDecision(2));
  expect(
    (await owner('POST', `/owner/health/messages/${refused}/dismiss`, { reason: 'again' })).status,
  ).toBe(409);

  // Send again: an expired one is queued again.
  const sent = await owner('POST', `/owner/health/messages/${expired}/resend`);
  expect(sent.status).toBe(200);
  expect((sent.body as OwnerHealth).failedMessages.map((m) => m.id)).toEqual([refused, held]);
  expect((sent.body as OwnerHealth).problems).toContain(waitingForDecision(1));
  expect((await owner('POST', `/owner/health/messages/${expired}/resend`)).status).toBe(409);
  expect(
    (await owner('POST', '/owner/health/messages/0123456789abcdef01234567/resend')).status,
  ).toBe(404);

  // Allow again: the address leaves the suppression list and what was held back for it goes.
  const db = new Database(api.databasePath);
  try {
    db.prepare(
      "INSERT INTO suppressed_addresses (email_lower, reason, detail, suppressed_at) VALUES ('held@example.com', 'bounce', 'General', ?)",
    ).run(new Date().toISOString());
  } finally {
    db.close();
  }
  const allowed = await owner('POST', '/owner/health/allow-address', { email: 'Held@example.com' });
  expect(allowed.status).toBe(200);
  const afterAllow = allowed.body as OwnerHealth;
  expect(afterAllow.failedMessages.map((m) => m.id)).toEqual([refused]);
  expect(afterAllow.suppressed).toEqual([]);
  expect(afterAllow.problems.filter((p) => /not delivered/.test(p))).toEqual([]);

  // Send again still sends a dismissed one (a refused one too: the owner's decision).
  const resent = await owner('POST', `/owner/health/messages/${refused}/resend`);
  expect(resent.status).toBe(200);
  expect((resent.body as OwnerHealth).failedMessages).toEqual([]);
});

it("counts customers' browser errors of the last 7 days by message", async () => {
  const report = { message: 'TypeError: x is undefined', kind: 'error', path: '/dashboard' };
  for (let i = 0; i < 3; i += 1)
    expect((await call(api.baseUrl, 'POST', '/client-errors', { body: report })).status).toBe(204);
  const { clientErrors } = await health();
  expect(clientErrors).toEqual({
    days: 7,
    total: 3,
    messages: [{ message: 'TypeError: x is undefined', count: 3 }],
  });
});

it('answers the 20 most frequent messages with their counts, however many were reported', async () => {
  // A week of reports at the daily cap, each a different message of the longest length.
  const { overall } = CLIENT_ERROR_DAILY_CAPS;
  const base = { kind: 'error' as const, path: '/' };
  const before = (await health()).clientErrors.total;
  const db = openDatabase(api.databasePath);
  const now = Date.now();
  try {
    // A day's reports in one transaction (so the test does not wait on the disk), and the
    // server's event loop let run between days.
    for (let day = 1; day < 7; day += 1) {
      const at = new Date(now - day * 86_400_000);
      db.transaction(() => {
        for (let i = 0; i < overall; i += 1)
          recordClientError(
            db,
            { ...base, message: `Error ${day}-${i} ${'x'.repeat(480)}` },
            { now: at },
          );
      })();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Today, 20 messages sent 40, 39, … 21 times: the most frequent.
    db.transaction(() => {
      for (let i = 0; i < 20; i += 1)
        for (let n = 0; n < 40 - i; n += 1)
          recordClientError(db, { ...base, message: `Often ${i}` }, { now: new Date(now) });
    })();
  } finally {
    db.close();
  }
  const answer = await fetch(`${api.baseUrl}/owner/health`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const text = await answer.text();
  const { clientErrors } = JSON.parse(text) as OwnerHealth;
  expect(clientErrors.messages).toHaveLength(20);
  expect(clientErrors.messages.map((m) => m.count)).toEqual(
    Array.from({ length: 20 }, (_, i) => 40 - i),
  );
  expect(clientErrors.total).toBe(before + 6 * overall + 610);
  // The answer stays small: 20 messages of at most 500 characters.
  expect(Buffer.byteLength(text)).toBeLessThan(20_000);
});

it("shows the last backup's time and size when the server keeps backups", async () => {
  expect((await health()).lastBackup).toBeNull();
  const backupDir = path.join(api.dir, 'backups');
  const other = await startApi(idp, { backupDir });
  try {
    const at = new Date('2026-11-28T03:00:00.000Z');
    await backupNow({
      databasePath: other.databasePath,
      picturesDir: other.picturesDir,
      dir: backupDir,
      at,
    });
    const answer = await call(other.baseUrl, 'GET', '/owner/health', { token: ownerToken });
    const { lastBackup } = answer.body as OwnerHealth;
    expect(lastBackup?.at).toBe(at.toISOString());
    expect(lastBackup?.bytes).toBeGreaterThan(4096);
  } finally {
    await other.close();
  }
});
