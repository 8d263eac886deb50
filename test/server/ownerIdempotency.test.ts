/**
 * `Idempotency-Key` on the owner's completion and picture upload (openapi.yaml): the owner's
 * phone queues them offline and sends each again until it has an answer, so the same request
 * sent twice with one key must count once. A different body with the key is 422; keys are per
 * owner.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import { call, PNG, quote, serveApiForTests } from './helpers';

const served = serveApiForTests({ quoteRateLimit: { max: 10_000, windowMs: 60_000 } });
let ownerToken: string;
let otherOwnerToken: string;
let customerToken: string;

beforeAll(async () => {
  ownerToken = await served.idp.ownerToken('owner-sub');
  otherOwnerToken = await served.idp.ownerToken('second-owner-sub');
  customerToken = await served.idp.idToken('idem-customer-sub', 'idem@example.com');
});

/** A signed-in customer's booking of today (so it may be completed without `doneEarly`). */
async function customerBooking(): Promise<string> {
  const answer = await call(served.api.baseUrl, 'POST', '/bookings', {
    token: customerToken,
    body: quote({ email: 'idem@example.com', date: undefined, time: undefined }),
  });
  expect(answer.status).toBe(201);
  return (answer.body as { bookingId: string }).bookingId;
}

const complete = (bookingId: string, key: string, body: unknown = {}, token = ownerToken) =>
  call(served.api.baseUrl, 'POST', `/owner/bookings/${bookingId}/complete`, {
    token,
    body,
    headers: { 'idempotency-key': key },
  });

async function upload(bookingId: string, key: string, description: string, token = ownerToken) {
  const form = new FormData();
  form.append('description', description);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'after.png');
  const response = await fetch(`${served.api.baseUrl}/owner/bookings/${bookingId}/pictures`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Reads the server's database. */
function read<T>(query: (db: Database.Database) => T): T {
  const db = new Database(served.api.databasePath, { readonly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

const earnEntries = (bookingId: string) =>
  read(
    (db) =>
      db
        .prepare("SELECT points FROM loyalty_transactions WHERE reason_key = ? AND type = 'earn'")
        .all(`booking:${bookingId}`) as { points: number }[],
  );
const doneMails = (bookingId: string) =>
  read(
    (db) =>
      (
        db
          .prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key = ?')
          .get(`completed:${bookingId}`) as { n: number }
      ).n,
  );
const storedPictures = (bookingId: string) =>
  read(
    (db) =>
      (
        db.prepare('SELECT COUNT(*) AS n FROM pictures WHERE booking_id = ?').get(bookingId) as {
          n: number;
        }
      ).n,
  );

const storedFiles = () =>
  existsSync(served.api.picturesDir) ? readdirSync(served.api.picturesDir).length : 0;

describe('Idempotency-Key on the owner operations', () => {
  it('counts the same completion sent twice with one key once: one set of points, one e-mail, the same answer', async () => {
    const bookingId = await customerBooking();
    const key = 'complete-0000-key-1';
    const first = await complete(bookingId, key);
    expect(first.status).toBe(200);
    const second = await complete(bookingId, key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((first.body as { points: number }).points).toBeGreaterThan(0);
    expect(earnEntries(bookingId)).toHaveLength(1);
    expect(doneMails(bookingId)).toBe(1);
    // Without the key, a second completion is still refused: the key is what makes it safe.
    const third = await call(served.api.baseUrl, 'POST', `/owner/bookings/${bookingId}/complete`, {
      token: ownerToken,
      body: {},
    });
    expect(third.status).toBe(409);
  });

  it('answers 422 to another body with a used key, and changes nothing', async () => {
    const bookingId = await customerBooking();
    const key = 'complete-0000-key-2';
    expect((await complete(bookingId, key)).status).toBe(200);
    const other = await customerBooking();
    const reused = await complete(other, key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      message: expect.stringContaining('Idempotency-Key') as unknown,
    });
    expect(earnEntries(other)).toHaveLength(0);
    const differentBody = await complete(bookingId, key, { doneEarly: true });
    expect(differentBody.status).toBe(422);
  });

  it('stores one picture for the same upload sent twice with one key, and 422 for another body', async () => {
    const bookingId = await customerBooking();
    const key = 'picture-0000-key-1';
    const first = await upload(bookingId, key, 'After');
    expect(first.status).toBe(201);
    const second = await upload(bookingId, key, 'After');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(storedPictures(bookingId)).toBe(1);
    // One file on disk too: the second upload's picture was not written.
    expect(storedFiles()).toBe(1);
    const changed = await upload(bookingId, key, 'Before');
    expect(changed.status).toBe(422);
    expect(storedPictures(bookingId)).toBe(1);
  });

  it('keeps keys per owner, and refuses a malformed key with 400', async () => {
    const bookingId = await customerBooking();
    const key = 'picture-0000-key-2';
    expect((await upload(bookingId, key, 'After')).status).toBe(201);
    // Another owner's key of the same name is another key: a picture of their own.
    expect((await upload(bookingId, key, 'After', otherOwnerToken)).status).toBe(201);
    expect(storedPictures(bookingId)).toBe(2);
    const bad = await complete(bookingId, 'short');
    expect(bad.status).toBe(400);
    expect(earnEntries(bookingId)).toHaveLength(0);
  });
});
