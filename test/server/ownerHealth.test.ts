/**
 * What the owner's Health page is told (GET /owner/health) and its "Send again" (the operator's
 * outbox-resend rule: a message refused for good is not queued again).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupNow } from '../../server/platform/backup';
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

it('lists failed e-mails with their reason; Send again queues an expired one and refuses a refused one', async () => {
  const refused = await failedConfirmation(
    'nobody@example.com',
    'refused',
    'EENVELOPE 550: 5.1.1 user unknown',
  );
  const expired = await failedConfirmation('late@example.com', 'expired', 'ETIMEDOUT: timeout');
  const before = await health();
  expect(before.failedMessages).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        id: refused,
        to: 'nobody@example.com',
        kind: 'customer-quote',
        failure: 'refused',
        reason: 'EENVELOPE 550: 5.1.1 user unknown',
      }),
      expect.objectContaining({ id: expired, failure: 'expired' }),
    ]),
  );
  expect(before.problems).toContain(
    '2 e-mails not delivered: each waits for your decision on the Health page (Send again, Allow again or Dismiss)',
  );

  const refusedAgain = await owner('POST', `/owner/health/messages/${refused}/resend`);
  expect(refusedAgain.status).toBe(409);
  expect((refusedAgain.body as { message: string }).message).toBe(
    'The mail server refused this e-mail for good (EENVELOPE 550: 5.1.1 user unknown); it would be refused again',
  );

  const sent = await owner('POST', `/owner/health/messages/${expired}/resend`);
  expect(sent.status).toBe(200);
  const after = sent.body as OwnerHealth;
  expect(after.failedMessages.map((m) => m.id)).toEqual([refused]);
  expect(after.waiting.count).toBeGreaterThanOrEqual(1);

  expect((await owner('POST', `/owner/health/messages/${expired}/resend`)).status).toBe(409);
  expect(
    (await owner('POST', '/owner/health/messages/0123456789abcdef01234567/resend')).status,
  ).toBe(404);
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
