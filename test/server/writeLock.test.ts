/**
 * Another process holds the database's write lock (the operator command, a backup, a
 * migration): the API keeps answering. Reads answer at once, a write answers within a second,
 * done or 503 with Retry-After and the contract's error body, and a write that got 503 stored
 * nothing (docs/architecture.md, "When another process holds the write lock").
 */
import Database from 'better-sqlite3';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type Answer,
  type IdentityProvider,
  type TestApi,
  until,
} from './helpers';

let idp: IdentityProvider;
let api: TestApi;
beforeAll(async () => {
  idp = await startIdentityProvider();
});
afterAll(async () => {
  await idp.close();
});
beforeEach(async () => {
  api = await startApi(idp);
});
afterEach(async () => {
  await api.close();
});

/** A second connection on the same file, as the operator command would be. */
function holdWriteLock(databasePath: string): { other: Database.Database; release(): void } {
  const other = new Database(databasePath);
  other.exec('BEGIN IMMEDIATE');
  return {
    other,
    release: () => {
      if (other.inTransaction) other.exec('ROLLBACK');
    },
  };
}

interface Timed {
  ms: number;
  answer?: Answer;
  failure?: string;
}

async function timed(send: () => Promise<Answer>): Promise<Timed> {
  const started = performance.now();
  try {
    const answer = await send();
    return { ms: performance.now() - started, answer };
  } catch (error) {
    return { ms: performance.now() - started, failure: String((error as Error).cause ?? error) };
  }
}

/** Each read route answers once before the lock (the first answer of a route costs more). */
async function warmUp(token: string): Promise<void> {
  for (const url of ['/health', '/profile/me', '/bookings'])
    expect((await call(api.baseUrl, 'GET', url, { token })).status).toBe(200);
}

const count = (db: Database.Database, sql: string, ...args: unknown[]): unknown =>
  (db.prepare(sql).get(...args) as { n: unknown }).n;

it('while another connection holds the write lock, reads answer within 200 ms and writes within a second, done or 503 with Retry-After, nothing half-stored', async () => {
  const token = await idp.idToken('lock-customer', 'lock@example.com');
  // The customer exists before the lock is taken, and each route has answered once (a route's
  // first answer costs more: its code and schemas are still being compiled).
  await warmUp(token);
  expect(
    (await call(api.baseUrl, 'PUT', '/profile/me', { token, body: { name: 'Before The Lock' } }))
      .status,
  ).toBe(200);
  expect(
    (
      await call(api.baseUrl, 'POST', '/bookings', {
        token,
        body: quoteRequest({ email: 'lock@example.com' }),
      })
    ).status,
  ).toBe(201);

  const lock = holdWriteLock(api.databasePath);
  const outboxBefore = count(lock.other, 'SELECT COUNT(*) AS n FROM outbox');
  const reads: Timed[] = [];
  let reading = true;
  try {
    const readLoop = (async () => {
      while (reading) {
        const round = await Promise.all([
          timed(() => call(api.baseUrl, 'GET', '/health')),
          timed(() => call(api.baseUrl, 'GET', '/profile/me', { token })),
          timed(() => call(api.baseUrl, 'GET', '/bookings', { token })),
        ]);
        reads.push(...round);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Writes arrive while the reads go on: a quote (with an Idempotency-Key) and a profile change.
    const [quote, profile] = await Promise.all([
      timed(() =>
        call(api.baseUrl, 'POST', '/bookings', {
          token,
          body: quoteRequest({ email: 'lock@example.com' }),
          headers: { 'idempotency-key': 'lock-test-key-0001' },
        }),
      ),
      timed(() =>
        call(api.baseUrl, 'PUT', '/profile/me', { token, body: { name: 'Changed While Locked' } }),
      ),
    ]);
    // The reads go on a little longer while the lock is still held.
    await new Promise((resolve) => setTimeout(resolve, 500));
    reading = false;
    await readLoop;

    expect(reads.length).toBeGreaterThanOrEqual(9);
    expect(reads.filter((read) => read.failure !== undefined)).toEqual([]);
    expect(reads.map((read) => read.answer?.status).filter((status) => status !== 200)).toEqual([]);
    expect(Math.max(...reads.map((read) => read.ms))).toBeLessThan(200);

    for (const write of [quote, profile]) {
      expect(write.failure).toBeUndefined();
      expect(write.ms).toBeLessThan(1000);
      // The lock is still held: the write cannot have been done.
      expect(write.answer?.status).toBe(503);
      expect(Number(write.answer?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(write.answer?.body).toEqual({
        error: 'Service Unavailable',
        message: expect.stringMatching(/busy/i) as unknown,
      });
    }
  } finally {
    reading = false;
    lock.release();
  }

  // Nothing of the refused writes was stored: no booking, no e-mail, no idempotency key, the
  // profile as it was.
  const db = lock.other;
  expect(count(db, 'SELECT COUNT(*) AS n FROM bookings')).toBe(1);
  expect(count(db, 'SELECT COUNT(*) AS n FROM outbox')).toBe(outboxBefore);
  expect(count(db, 'SELECT COUNT(*) AS n FROM idempotency_keys')).toBe(0);
  expect(count(db, "SELECT name AS n FROM customers WHERE user_id = 'lock-customer'")).toBe(
    'Before The Lock',
  );
  // The same request, sent again once the lock is gone, is done.
  const again = await call(api.baseUrl, 'POST', '/bookings', {
    token,
    body: quoteRequest({ email: 'lock@example.com' }),
    headers: { 'idempotency-key': 'lock-test-key-0001' },
  });
  expect(again.status).toBe(201);
  expect(count(db, 'SELECT COUNT(*) AS n FROM bookings')).toBe(2);
  db.close();
});

it('a write whose lock is released within its wait is done, not refused', async () => {
  const lock = holdWriteLock(api.databasePath);
  setTimeout(() => lock.release(), 150);
  try {
    const quote = await timed(() =>
      call(api.baseUrl, 'POST', '/bookings', { body: quoteRequest() }),
    );
    expect(quote.answer?.status).toBe(201);
    expect(quote.ms).toBeLessThan(1000);
  } finally {
    lock.release();
    lock.other.close();
  }
});

describe('reads do not write', () => {
  it("a new customer's first reads answer at once while the lock is held, and the account is created once it is free", async () => {
    const token = await idp.idToken('new-while-locked', 'new@example.com');
    await warmUp(await idp.idToken('someone-else', 'else@example.com'));
    const lock = holdWriteLock(api.databasePath);
    try {
      const profile = await timed(() => call(api.baseUrl, 'GET', '/profile/me', { token }));
      const bookings = await timed(() => call(api.baseUrl, 'GET', '/bookings', { token }));
      expect(profile.answer?.status).toBe(200);
      expect(profile.answer?.body).toMatchObject({
        userId: 'new-while-locked',
        email: 'new@example.com',
        name: '',
      });
      expect(profile.ms).toBeLessThan(200);
      expect(bookings.answer?.status).toBe(200);
      expect(bookings.ms).toBeLessThan(200);
    } finally {
      lock.release();
    }
    const db = lock.other;
    // Created in the background once the lock is free, with the welcome bonus.
    await until(
      () =>
        count(db, "SELECT COUNT(*) AS n FROM customers WHERE user_id = 'new-while-locked'") === 1,
      'the new customer',
      3000,
    );
    await until(
      () =>
        count(
          db,
          "SELECT COUNT(*) AS n FROM loyalty_transactions WHERE user_id = 'new-while-locked'",
        ) === 1,
      'the welcome bonus',
      3000,
    );
    db.close();
  });

  it("a known customer's reads change nothing in the database", async () => {
    const token = await idp.idToken('reader', 'reader@example.com');
    expect((await call(api.baseUrl, 'GET', '/profile/me', { token })).status).toBe(200);
    const other = new Database(api.databasePath);
    try {
      // data_version changes when another connection commits.
      const version = () => other.pragma('data_version', { simple: true }) as number;
      const before = version();
      for (const url of [
        '/profile/me',
        '/bookings',
        '/vehicles/me',
        '/loyalty',
        '/subscriptions',
        '/bookings/claimable',
      ])
        expect((await call(api.baseUrl, 'GET', url, { token })).status).toBe(200);
      expect(version()).toBe(before);
    } finally {
      other.close();
    }
  });
});
