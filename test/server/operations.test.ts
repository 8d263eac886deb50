/**
 * Every operation of openapi.yaml against a real server, a real SQLite file and real
 * signed tokens, with the business rules the contract documents.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/platform/db';
import { completeBooking } from '../../server/bookings/bookings';
import { addLedgerEntry, findCustomer, redeemPoints } from '../../server/customers/customers';
import { addPicture, pictureSignature } from '../../server/pictures/pictures';
import { demoPicture } from '../../server/seed';
import { defaultSpecPath } from '../../domain/contract/openapi';
import {
  call,
  futureDate,
  quote,
  SIGNED_URL_SECRET,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';
import { calendarDayText } from '../../domain/dates';

type Json = Record<string, unknown>;

let idp: IdentityProvider;
let api: TestApi;
let token: string;
const EMAIL = 'Jordan.Miles@example.com';

beforeAll(async () => {
  idp = await startIdentityProvider();
  // Many quotes with one token: the per-account limit is tested in limits.test.ts.
  api = await startApi(idp, { quoteRateLimit: { max: 1000, windowMs: 60_000 } });
  token = await idp.idToken('customer-1', EMAIL);
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

const get = (url: string) => call(api.baseUrl, 'GET', url, { token });
const send = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token, body });

/** Runs a write against the server's SQLite file through a second connection (as the CLI does). */
function withDb<T>(work: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(api.databasePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

describe('health', () => {
  it('answers ok without a token', async () => {
    const answer = await call(api.baseUrl, 'GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });
});

describe('the contract', () => {
  it('is served as written at /openapi.yaml, without a token', async () => {
    const answer = await fetch(`${api.baseUrl}/openapi.yaml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(await answer.text()).toBe(readFileSync(defaultSpecPath, 'utf8'));
  });
});

describe('profile', () => {
  it('is created on first access from the token e-mail, with the signup bonus', async () => {
    const profile = await get('/profile/me');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ userId: 'customer-1', email: EMAIL, name: '' });

    const loyalty = await get('/loyalty');
    expect(loyalty.body).toMatchObject({ userId: 'customer-1', points: 100 });
    expect((loyalty.body as Json).transactions).toEqual([
      expect.objectContaining({ type: 'signup_bonus', points: 100, source: 'Welcome bonus' }),
    ]);
  });

  it('is replaced by PUT, trimmed, and never takes the e-mail from the body', async () => {
    const answer = await send('PUT', '/profile/me', {
      name: '  Jordan Miles ',
      email: 'hacker@example.com',
      phone: ' 9195550123 ',
      mobile: '9195550123',
      serviceAddress: { line1: '12 Oak St', line2: '', city: 'Cary', state: 'NC', zip: '27511' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      userId: 'customer-1',
      email: EMAIL,
      name: 'Jordan Miles',
      phone: '9195550123',
      mobile: '9195550123',
      serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
      emailPreferences: { reminders: true, statusUpdates: true },
      textPreferences: { reminders: false, statusUpdates: false, number: null, stopped: false },
    });
    expect((await get('/profile/me')).body).toEqual(answer.body);

    const cleared = await send('PUT', '/profile/me', { name: 'Jordan Miles' });
    expect(cleared.body).toMatchObject({ phone: null, mobile: null, serviceAddress: null });
  });

  it('rejects a bad profile with 400 and says why', async () => {
    const cases: [unknown, string][] = [
      [{ name: '' }, 'body/name'],
      [{ name: '   ' }, 'body/name'],
      [{ name: 'A', mobile: '123' }, 'body/mobile'],
      [{ name: 'A', serviceAddress: { line1: 'x', city: 'y', state: 'NC', zip: '123' } }, 'zip'],
      [{ name: 'A', nickname: 'x' }, "must not have the property 'nickname'"],
      [{}, "must have required property 'name'"],
      [[], 'body must be object'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('PUT', '/profile/me', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'Bad Request' });
      expect((answer.body as Json).message).toContain(message);
    }
  });
});

describe('vehicles', () => {
  it('adds, lists oldest first, changes and deletes vehicles', async () => {
    expect((await get('/vehicles/me')).body).toEqual([]);
    const first = await send('POST', '/vehicles/me', {
      make: ' Honda ',
      model: 'Accord',
      year: 2021,
      licensePlate: 'ABC-1234',
    });
    expect(first.status).toBe(201);
    const firstId = (first.body as Json).vehicleId as string;
    expect(firstId).toMatch(/^[0-9a-f]{24}$/);
    expect(first.body).toEqual({
      vehicleId: firstId,
      make: 'Honda',
      model: 'Accord',
      year: 2021,
      licensePlate: 'ABC-1234',
    });
    const second = await send('POST', '/vehicles/me', {
      make: 'Toyota',
      model: 'RAV4',
      year: 2019,
    });
    const secondId = (second.body as Json).vehicleId as string;
    expect(second.body).toMatchObject({ licensePlate: null });

    const list = await get('/vehicles/me');
    expect((list.body as Json[]).map((v) => v.vehicleId)).toEqual([firstId, secondId]);

    const updated = await send('PUT', `/vehicles/${secondId}`, {
      make: 'Toyota',
      model: 'RAV4',
      year: 2020,
      licensePlate: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      vehicleId: secondId,
      make: 'Toyota',
      model: 'RAV4',
      year: 2020,
      licensePlate: null,
    });

    const deleted = await send('DELETE', `/vehicles/${firstId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expect((await send('DELETE', `/vehicles/${firstId}`)).status).toBe(404);
    expect(
      (await send('PUT', `/vehicles/${firstId}`, { make: 'a', model: 'b', year: 2000 })).status,
    ).toBe(404);
    expect(((await get('/vehicles/me')).body as Json[]).map((v) => v.vehicleId)).toEqual([
      secondId,
    ]);
  });

  it('rejects bad vehicles and ids with 400 and a message', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/vehicles/me',
        { make: 'a', model: 'b', year: '2020' },
        'body/year must be integer',
      ],
      ['POST', '/vehicles/me', { make: 'a', model: 'b', year: 1800 }, 'body/year must be >= 1900'],
      ['POST', '/vehicles/me', { make: '', model: 'b', year: 2020 }, 'body/make'],
      ['POST', '/vehicles/me', { model: 'b', year: 2020 }, "required property 'make'"],
      [
        'PUT',
        '/vehicles/123',
        { make: 'a', model: 'b', year: 2020 },
        'params/id must match pattern',
      ],
      ['DELETE', '/vehicles/ZZZZZZZZZZZZZZZZZZZZZZZZ', undefined, 'params/id'],
    ];
    for (const [method, url, body, message] of cases) {
      const answer = await send(method, url, body);
      expect({ url, status: answer.status }).toEqual({ url, status: 400 });
      expect((answer.body as Json).message).toContain(message);
    }
  });

  it('answers 400 for a body that is not JSON, not an object, or missing', async () => {
    const notJson = await call(api.baseUrl, 'POST', '/vehicles/me', { token, rawBody: '{"make":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({
      error: 'Bad Request',
      message: 'Request body is not valid JSON',
    });

    const missing = await call(api.baseUrl, 'POST', '/vehicles/me', { token });
    expect(missing.status).toBe(400);
    expect((missing.body as Json).message).toBe('body is required (a JSON object)');

    const text = await call(api.baseUrl, 'POST', '/vehicles/me', {
      token,
      rawBody: 'make=Honda',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(400);
    expect((text.body as Json).message).toBe('Content-Type must be application/json');
  });

  it('accepts a DELETE that carries a JSON content type and no body (as the app sends)', async () => {
    const created = await send('POST', '/vehicles/me', { make: 'Kia', model: 'Soul', year: 2018 });
    const id = (created.body as Json).vehicleId as string;
    const answer = await call(api.baseUrl, 'DELETE', `/vehicles/${id}`, {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(204);
  });
});

describe('bookings', () => {
  it('stores a quote with the published offer’s total and links it to the signed-in customer', async () => {
    const answer = await send(
      'POST',
      '/bookings',
      quote({ email: EMAIL, totalPrice: 195, selectedAddons: ['Pet Hair Removal', 'Ceramic Wax'] }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      userId: 'customer-1',
      email: EMAIL,
      vehicleType: 'SUV',
      totalPrice: 195,
      status: 'Booked',
      source: 'website',
      serviceName: 'Detailing Service',
    });
  });

  it('binds a request sent with a token to that account (any e-mail), with its service address', async () => {
    const address = { line1: ' 12 Oak St ', city: 'Cary', state: 'NC', zip: '27511', extra: 'x' };
    const answer = await send(
      'POST',
      '/bookings',
      quote({ email: 'typed.by.hand@example.com', serviceAddress: address }),
    );
    expect(answer.status).toBe(201);
    const stored = { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' };
    expect(answer.body).toMatchObject({ userId: 'customer-1', serviceAddress: stored });
    const id = (answer.body as Json).bookingId;
    const listed = ((await get('/bookings')).body as Json[]).find((b) => b.bookingId === id);
    expect(listed).toMatchObject({
      userId: 'customer-1',
      status: 'Booked',
      serviceAddress: stored,
    });

    const bad = await send('POST', '/bookings', quote({ serviceAddress: { line1: '12 Oak St' } }));
    expect(bad.status).toBe(400);
    const none = await send('POST', '/bookings', quote());
    expect(none.body).not.toHaveProperty('serviceAddress');
  });

  it('gives the Premium Package every add-on at its flat price', async () => {
    const answer = await send(
      'POST',
      '/bookings',
      quote({ vehicleType: 'Premium Package', selectedAddons: [], totalPrice: 200 }),
    );
    expect(answer.body).toMatchObject({ totalPrice: 200 });
    expect((answer.body as Json).selectedAddons).toHaveLength(6);
  });

  it('offers anonymous quotes with the verified e-mail (any case) for claiming, never lists them', async () => {
    const anonymous = await call(api.baseUrl, 'POST', '/bookings', {
      body: quote({ email: EMAIL.toUpperCase() }),
    });
    expect(anonymous.status).toBe(201);
    expect(anonymous.body).toMatchObject({ userId: null });
    const anonymousId = (anonymous.body as Json).bookingId as string;
    const stranger = await call(api.baseUrl, 'POST', '/bookings', {
      body: quote({ email: 'someone.else@example.com' }),
    });
    const strangerId = (stranger.body as Json).bookingId as string;

    const ids = async (url: string) =>
      ((await get(url)).body as Json[]).map((booking) => booking.bookingId);
    expect(await ids('/bookings')).not.toContain(anonymousId);
    expect(await ids('/bookings/claimable')).toContain(anonymousId);
    expect(await ids('/bookings/claimable')).not.toContain(strangerId);

    expect((await send('POST', `/bookings/${strangerId}/claim`, { decision: 'mine' })).status).toBe(
      404,
    );
    const claimed = await send('POST', `/bookings/${anonymousId}/claim`, { decision: 'mine' });
    expect(claimed.status).toBe(204);
    const list = (await get('/bookings')).body as Json[];
    expect(list[0]).toMatchObject({ bookingId: anonymousId, userId: 'customer-1' });
    expect(await ids('/bookings/claimable')).not.toContain(anonymousId);
    const created = list.map((booking) => booking.createdAt as string);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('changes and cancels only while Booked (409 after), and the row stays', async () => {
    const created = await send('POST', '/bookings', quote());
    const id = (created.body as Json).bookingId as string;
    const update = {
      date: futureDate(20),
      time: '16:00',
      vehicleType: 'Sedan',
      vehicle: '2021 Honda Accord',
      totalPrice: 1,
    };
    const changed = await send('PUT', `/bookings/${id}`, update);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      bookingId: id,
      date: update.date,
      time: '4:00 PM',
      vehicleType: 'Sedan',
      vehicle: '2021 Honda Accord',
      totalPrice: 115,
      status: 'Booked',
    });

    const cancelled = await send('DELETE', `/bookings/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ bookingId: id, status: 'Cancelled' });
    const again = await send('DELETE', `/bookings/${id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'Conflict',
      message: 'Only Booked bookings can be cancelled',
    });
    expect((await send('PUT', `/bookings/${id}`, update)).status).toBe(409);
    const listed = ((await get('/bookings')).body as Json[]).find((b) => b.bookingId === id);
    expect(listed).toMatchObject({ status: 'Cancelled' });

    const completed = await send('POST', '/bookings', quote());
    const completedId = (completed.body as Json).bookingId as string;
    withDb((db) => completeBooking(db, completedId, new Date(), { doneEarly: true }));
    expect((await send('PUT', `/bookings/${completedId}`, update)).status).toBe(409);
    expect((await send('DELETE', `/bookings/${completedId}`)).status).toBe(409);
  });

  it('rejects bad quotes and updates with 400 and a message', async () => {
    const id = ((await send('POST', '/bookings', quote())).body as Json).bookingId as string;
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/bookings',
        quote({ email: 'not-an-email' }),
        'body/email must match format "email"',
      ],
      // An address the e-mail format accepts that would add a Bcc to every mailto: link.
      [
        'POST',
        '/bookings',
        quote({ email: 'jane%40gmail.com?bcc=attacker%40evil.com&x=@example.com' }),
        'body/email must match pattern',
      ],
      ['POST', '/bookings', quote({ email: 'a&b=c@example.com' }), 'body/email must match pattern'],
      [
        'GET',
        `/loyalty?email=${encodeURIComponent('me?cc=them@example.com')}`,
        undefined,
        'query/email must match pattern',
      ],
      ['POST', '/bookings', quote({ vehicleType: 'Truck' }), 'body/vehicleType must be one of'],
      ['POST', '/bookings', quote({ selectedAddons: ['Gold Plating'] }), 'body/selectedAddons/0'],
      ['POST', '/bookings', quote({ date: '2026-02-30' }), 'body/date must match format "date"'],
      [
        'POST',
        '/bookings',
        quote({ date: '2020-01-01' }),
        'body/date must not be earlier than today',
      ],
      ['POST', '/bookings', quote({ time: '25:00' }), 'body/time must match pattern'],
      ['POST', '/bookings', quote({ totalPrice: -1 }), 'body/totalPrice must be >= 0'],
      ['POST', '/bookings', { ...quote(), name: undefined }, "required property 'name'"],
      ['PUT', `/bookings/${id}`, { date: futureDate(), time: '4:00 PM' }, 'required property'],
      [
        'PUT',
        `/bookings/${id}`,
        { date: futureDate(), time: '4 PM', vehicleType: 'SUV', vehicle: '', totalPrice: 1 },
        'body/time',
      ],
      [
        'PUT',
        '/bookings/nope',
        { date: futureDate(), time: '4:00 PM', vehicleType: 'SUV', vehicle: '', totalPrice: 1 },
        'params/id',
      ],
      ['DELETE', '/bookings/nope', undefined, 'params/id'],
    ];
    for (const [method, url, body, message] of cases) {
      const answer = await send(method, url, body);
      expect({ message, status: answer.status }).toEqual({ message, status: 400 });
      expect((answer.body as Json).message).toContain(message);
    }
  });

  it('refuses a quote over 16 KiB with 413', async () => {
    const answer = await call(api.baseUrl, 'POST', '/bookings', {
      body: quote({ message: 'x'.repeat(17 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });
});

describe('loyalty', () => {
  it('earns 1 point per dollar (+200 for Premium) on completion and 500 for the first plan', async () => {
    const before = (await get('/loyalty')).body as Json;
    const sedan = await send(
      'POST',
      '/bookings',
      quote({ vehicleType: 'Sedan', selectedAddons: ['Ceramic Wax'] }),
    );
    const premium = await send('POST', '/bookings', quote({ vehicleType: 'Premium Package' }));
    withDb((db) => {
      completeBooking(db, (sedan.body as Json).bookingId as string, new Date(), {
        doneEarly: true,
      });
      completeBooking(db, (premium.body as Json).bookingId as string, new Date(), {
        doneEarly: true,
      });
    });
    await send('POST', '/subscriptions', { plan: 'weekly' });
    await send('POST', '/subscriptions', { plan: 'monthly' });

    const after = (await get('/loyalty')).body as Json;
    expect(after.points).toBe((before.points as number) + 140 + 400 + 500);
    const transactions = after.transactions as Json[];
    expect(transactions.slice(-3)).toEqual([
      expect.objectContaining({
        type: 'earn',
        points: 140,
        source: `Completed: Detailing Service for the 2020 Subaru Outback on ${calendarDayText(
          (sedan.body as Json).date as string,
        )}`,
      }),
      expect.objectContaining({ type: 'earn', points: 400 }),
      expect.objectContaining({
        type: 'earn',
        points: 500,
        source: 'First subscription plan started',
      }),
    ]);
    expect(after.lastUpdated).toBe(transactions.at(-1)?.date);
  });

  it('credits an anonymous completed quote to the account that claims it, once', async () => {
    const quoteAnswer = await call(api.baseUrl, 'POST', '/bookings', {
      body: quote({ email: 'late@example.com', vehicleType: 'Minivan', selectedAddons: [] }),
    });
    const bookingId = (quoteAnswer.body as Json).bookingId as string;
    const result = withDb((db) => completeBooking(db, bookingId, new Date(), { doneEarly: true }));
    expect(result.userId).toBeNull();
    const lateToken = await idp.idToken('late-customer', 'late@example.com');
    const points = async () =>
      ((await call(api.baseUrl, 'GET', '/loyalty', { token: lateToken })).body as Json).points;
    expect(await points()).toBe(100);
    const claim = () =>
      call(api.baseUrl, 'POST', `/bookings/${bookingId}/claim`, {
        token: lateToken,
        body: { decision: 'mine' },
      });
    expect((await claim()).status).toBe(204);
    expect(await points()).toBe(100 + 150);
    expect((await claim()).status).toBe(404);
    expect(await points()).toBe(100 + 150);
  });

  it('credits a completed booking to one account however many share or later take its e-mail', async () => {
    const shared = 'shared@example.com';
    const posted = await call(api.baseUrl, 'POST', '/bookings', {
      body: quote({ email: shared, vehicleType: 'Sedan', selectedAddons: [] }),
    });
    const bookingId = (posted.body as Json).bookingId as string;
    withDb((db) => completeBooking(db, bookingId, new Date(), { doneEarly: true }));
    const tokens = await Promise.all(
      ['shared-1', 'shared-2', 'shared-3'].map((sub) => idp.idToken(sub, shared)),
    );
    const claims = [];
    for (const each of tokens) {
      claims.push(
        (
          await call(api.baseUrl, 'POST', `/bookings/${bookingId}/claim`, {
            token: each,
            body: { decision: 'mine' },
          })
        ).status,
      );
    }
    expect(claims).toEqual([204, 404, 404]);
    const points = await Promise.all(
      tokens.map(
        async (each) =>
          ((await call(api.baseUrl, 'GET', '/loyalty', { token: each })).body as Json).points,
      ),
    );
    expect(points).toEqual([100 + 90, 100, 100]);
    const earnRows = withDb(
      (db) =>
        db
          .prepare('SELECT COUNT(*) AS n FROM loyalty_transactions WHERE reason_key = ?')
          .get(`booking:${bookingId}`) as { n: number },
    );
    expect(earnRows.n).toBe(1);
  });

  it('redeems (operator) from 2000 points, counting negative and never below zero', async () => {
    const redeemer = await idp.idToken('redeemer', 'redeemer@example.com');
    const loyalty = async () =>
      (await call(api.baseUrl, 'GET', '/loyalty', { token: redeemer })).body as Json;
    expect((await loyalty()).points).toBe(100);
    const customer = withDb((db) => findCustomer(db, 'REDEEMER@example.com'));
    expect(() => withDb((db) => redeemPoints(db, customer, 50))).toThrow(
      'Points can be redeemed from 2000; the balance is 100',
    );
    withDb((db) =>
      addLedgerEntry(db, {
        userId: customer.userId,
        type: 'adjustment',
        points: 2000,
        source: 'Goodwill',
        at: new Date(),
      }),
    );
    expect(() => withDb((db) => redeemPoints(db, customer, 2101))).toThrow(
      'Cannot redeem 2101 points; the balance is 2100',
    );
    withDb((db) => redeemPoints(db, customer, 500));
    const after = await loyalty();
    expect(after.points).toBe(1600);
    expect((after.transactions as Json[]).at(-1)).toMatchObject({
      type: 'redeem',
      points: 500,
      source: 'Redeemed for $50',
    });
  });

  it('answers ?email= only for the caller’s own e-mail', async () => {
    expect((await get(`/loyalty?email=${encodeURIComponent(EMAIL.toLowerCase())}`)).status).toBe(
      200,
    );
    const other = await get('/loyalty?email=other@example.com');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'Not Found', message: 'Loyalty account not found' });
    expect((await get('/loyalty?email=nope')).status).toBe(400);
  });
});

describe('subscriptions', () => {
  it('starts plans active, lists them oldest first, and cancels once (409 after)', async () => {
    const before = ((await get('/subscriptions')).body as Json[]).length;
    const created = await send('POST', '/subscriptions', { plan: 'biweekly' });
    expect(created.status).toBe(201);
    const id = (created.body as Json).subscriptionId as string;
    expect(created.body).toMatchObject({
      userId: 'customer-1',
      plan: 'biweekly',
      status: 'active',
    });
    const list = (await get('/subscriptions')).body as Json[];
    expect(list).toHaveLength(before + 1);
    expect(list.at(-1)?.subscriptionId).toBe(id);

    const cancelled = await send('DELETE', `/subscriptions/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ subscriptionId: id, status: 'cancelled' });
    expect((await send('DELETE', `/subscriptions/${id}`)).status).toBe(409);
    expect((await send('DELETE', '/subscriptions/ffffffffffffffffffffffff')).status).toBe(404);
    const bad = await send('POST', '/subscriptions', { plan: 'daily' });
    expect(bad.status).toBe(400);
    expect((bad.body as Json).message).toBe('body/plan must be one of: weekly, biweekly, monthly');
  });
});

describe('service pictures', () => {
  let bookingId: string;
  let image: Buffer;

  beforeAll(async () => {
    bookingId = ((await send('POST', '/bookings', quote())).body as Json).bookingId as string;
    image = await demoPicture('After', '#2e86c1');
    withDb((db) => {
      completeBooking(db, bookingId, new Date(), { doneEarly: true });
      addPicture(db, api.picturesDir, {
        bookingId,
        data: image,
        extension: 'jpg',
        description: 'After',
      });
    });
  });

  it('lists pictures with signed URLs that serve the file without a token', async () => {
    const list = await get(`/service-pics?bookingId=${bookingId}`);
    expect(list.status).toBe(200);
    const pics = list.body as Json[];
    expect(pics).toEqual([
      expect.objectContaining({
        bookingId,
        description: 'After',
        signedUrl: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:\d+\/service-pics\/files\/[0-9a-f]{24}\.jpg\?expires=\d+&signature=[0-9a-f]{64}$/,
        ),
      }),
    ]);
    const response = await fetch(pics[0]?.signedUrl as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).equals(image)).toBe(true);
    const expires = Number(new URL(pics[0]?.signedUrl as string).searchParams.get('expires'));
    const ttl = expires - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(14 * 60);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses an expired or forged signed URL with 403', async () => {
    const [pic] = (await get(`/service-pics?bookingId=${bookingId}`)).body as Json[];
    const url = new URL(pic?.signedUrl as string);
    const file = path.basename(url.pathname);

    const past = Math.floor(Date.now() / 1000) - 10;
    url.searchParams.set('expires', String(past));
    url.searchParams.set('signature', pictureSignature(SIGNED_URL_SECRET, file, past));
    const expired = await call(api.baseUrl, 'GET', url.pathname + url.search);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ error: 'Forbidden', message: 'The picture link has expired' });

    const later = Math.floor(Date.now() / 1000) + 3600;
    url.searchParams.set('expires', String(later));
    url.searchParams.set('signature', pictureSignature('another-secret', file, later));
    const forged = await call(api.baseUrl, 'GET', url.pathname + url.search);
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ error: 'Forbidden', message: 'The picture link is not valid' });

    const traversal = await call(
      api.baseUrl,
      'GET',
      `/service-pics/files/..%2Fapp.db?expires=${later}&signature=${'a'.repeat(64)}`,
    );
    expect(traversal.status).toBe(400);
  });

  it('answers 404 for a signed URL whose file is gone, and [] for a booking without pictures', async () => {
    const later = Math.floor(Date.now() / 1000) + 600;
    const file = 'aaaaaaaaaaaaaaaaaaaaaaaa.jpg';
    const missing = await call(
      api.baseUrl,
      'GET',
      `/service-pics/files/${file}?expires=${later}&signature=${pictureSignature(SIGNED_URL_SECRET, file, later)}`,
    );
    expect(missing.status).toBe(404);
    const empty = ((await send('POST', '/bookings', quote())).body as Json).bookingId as string;
    expect((await get(`/service-pics?bookingId=${empty}`)).body).toEqual([]);
    expect((await get('/service-pics')).status).toBe(400);
    expect((await get('/service-pics?bookingId=ffffffffffffffffffffffff')).status).toBe(404);
  });

  it('keeps the picture files on disk', () => {
    const files = withDb(
      (db) => db.prepare('SELECT file FROM pictures').all() as { file: string }[],
    );
    for (const { file } of files) {
      expect(readFileSync(path.join(api.picturesDir, file)).length).toBeGreaterThan(1000);
    }
  });
});

describe('the token comes before the body', () => {
  const tooLarge = JSON.stringify({ make: 'x'.repeat(70 * 1024) });
  /** Bodies the server would refuse with 400, 413 or 415 once it read them. */
  const badBodies: { what: string; rawBody: string; headers?: Record<string, string> }[] = [
    { what: 'malformed JSON', rawBody: '{"make":' },
    { what: 'JSON that is not an object', rawBody: '42' },
    { what: 'a body over the limit', rawBody: tooLarge },
    { what: 'plain text', rawBody: 'make=Honda', headers: { 'content-type': 'text/plain' } },
    {
      what: 'a form post',
      rawBody: 'make=Honda',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    { what: 'an unknown type', rawBody: 'x', headers: { 'content-type': 'application/xml' } },
  ];
  /** Operations that need a token: a customer's, an owner's, a customer's change of a booking. */
  const operations: [string, string][] = [
    ['POST', '/vehicles/me'],
    ['PUT', '/profile/me'],
    ['PUT', '/owner/availability'],
    ['PUT', '/bookings/000000000000000000000000'],
  ];

  it('answers 401 without a token, or with a forged one, whatever the body', async () => {
    const forged = await idp.idToken('customer-1', EMAIL, {}, { forged: true });
    for (const [method, url] of operations) {
      for (const { what, rawBody, headers } of badBodies) {
        for (const sent of [undefined, forged]) {
          const answer = await call(api.baseUrl, method, url, { token: sent, rawBody, headers });
          expect({ url, what, forged: !!sent, status: answer.status }).toEqual({
            url,
            what,
            forged: !!sent,
            status: 401,
          });
          expect((answer.body as Json).error).toBe('Unauthorized');
        }
      }
    }
  });

  it('still answers 400 and 413 to the same bodies with a valid token', async () => {
    const statuses: Record<string, number> = {};
    for (const { what, rawBody, headers } of badBodies) {
      statuses[what] = (
        await call(api.baseUrl, 'POST', '/vehicles/me', { token, rawBody, headers })
      ).status;
    }
    expect(statuses).toEqual({
      'malformed JSON': 400,
      'JSON that is not an object': 400,
      'a body over the limit': 413,
      'plain text': 400,
      'a form post': 400,
      'an unknown type': 400,
    });
  });

  it("answers a customer's token at an owner operation with 403 before reading the body", async () => {
    const answer = await call(api.baseUrl, 'PUT', '/owner/availability', {
      token,
      rawBody: '{"slots":',
    });
    expect(answer.status).toBe(403);
  });
});

describe('errors and CORS', () => {
  it('answers an unknown route with 404 and the Error body', async () => {
    const answer = await get('/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'Not Found', message: 'No operation GET /nothing-here' });
  });

  it('allows the app origin with the documented methods and headers, without credentials', async () => {
    const preflight = await fetch(`${api.baseUrl}/vehicles/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const list = (name: string) =>
      (preflight.headers.get(name) ?? '').split(',').map((item) => item.trim().toLowerCase());
    expect(list('access-control-allow-methods')).toEqual(['get', 'post', 'put', 'delete']);
    expect(list('access-control-allow-headers')).toEqual([
      'authorization',
      'content-type',
      'idempotency-key',
    ]);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const foreign = await fetch(`${api.baseUrl}/health`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
