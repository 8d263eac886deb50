/**
 * The owner's customers and numbers: the list with its search and cursor, a customer's detail,
 * points adjustments (their sign in the customer's history, never below zero) and this month
 * against the last in America/New_York. The authorization matrix is in ./owner.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBooking, completeBooking } from '../../server/bookings/bookings';
import { openDatabase, type Db } from '../../server/platform/db';
import { ownerNumbers } from '../../server/owner/ownerCustomers';
import {
  call,
  callBackRequest,
  finished,
  futureDate,
  quoteRequest,
  runTs,
  serveApiForTests,
} from './helpers';

const served = serveApiForTests();
let ownerToken: string;

beforeAll(async () => {
  ownerToken = await served.idp.ownerToken('owner-sub');
});

const owner = (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, { token: ownerToken, body });

/** A customer account with a profile: their token. */
async function customer(sub: string, email: string, name: string, phone: string) {
  const token = await served.idp.idToken(sub, email);
  const saved = await call(served.api.baseUrl, 'PUT', '/profile/me', {
    token,
    body: { name, phone },
  });
  expect(saved.status).toBe(200);
  return token;
}

interface Page {
  items: { userId: string; name: string; points: number; bookingCount: number }[];
  nextCursor: string | null;
}

describe('the customers list', () => {
  it('lists the newest account first, finds by name, phone or e-mail, and pages', async () => {
    await customer('list-ada', 'ada.list@example.com', 'Ada Listing', '919-555-0101');
    await customer('list-bo', 'bo.list@example.com', 'Bo Listing', '919-555-0102');
    const first = await owner('GET', '/owner/customers?q=listing&limit=1');
    expect(first.status).toBe(200);
    const page = first.body as Page;
    expect(page.items).toEqual([
      expect.objectContaining({ userId: 'list-bo', name: 'Bo Listing', points: 100 }),
    ]);
    const next = await owner('GET', `/owner/customers?q=listing&limit=1&cursor=${page.nextCursor}`);
    expect((next.body as Page).items.map((item) => item.userId)).toEqual(['list-ada']);
    expect((next.body as Page).nextCursor).toBeNull();

    const byPhone = await owner('GET', '/owner/customers?q=555-0102');
    expect((byPhone.body as Page).items.map((item) => item.userId)).toEqual(['list-bo']);
    const byEmail = await owner('GET', '/owner/customers?q=ADA.LIST%40');
    expect((byEmail.body as Page).items.map((item) => item.userId)).toEqual(['list-ada']);
    const wildcard = await owner('GET', '/owner/customers?q=%25');
    expect((wildcard.body as Page).items).toEqual([]);
  });

  it('refuses a cursor it did not give and a limit out of range with a 400 that says why', async () => {
    const cursor = await owner('GET', '/owner/customers?cursor=bm90LWEtY3Vyc29y');
    expect(cursor.status).toBe(400);
    expect((cursor.body as { message: string }).message).toMatch(/cursor/);
    expect((await owner('GET', '/owner/customers?limit=0')).status).toBe(400);
  });
});

describe("a customer's detail", () => {
  it('holds the profile, vehicles, bookings with the note, plans and the ledger', async () => {
    const token = await customer('detail-cy', 'cy@example.com', 'Cy Detail', '919-555-0103');
    const api = served.api.baseUrl;
    const vehicle = { make: 'Toyota', model: 'RAV4', year: 2019 };
    expect((await call(api, 'POST', '/vehicles/me', { token, body: vehicle })).status).toBe(201);
    const plan = { plan: 'monthly' };
    expect((await call(api, 'POST', '/subscriptions', { token, body: plan })).status).toBe(201);
    const sent = await call(api, 'POST', '/bookings', {
      token,
      body: quoteRequest({ email: 'cy@example.com' }),
    });
    const { bookingId } = sent.body as { bookingId: string };
    const schedule = { date: futureDate(2), time: '10:00', note: 'Dog in the yard' };
    await owner('PUT', `/owner/bookings/${bookingId}/schedule`, schedule);

    const detail = await owner('GET', '/owner/customers/detail-cy');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      profile: { userId: 'detail-cy', name: 'Cy Detail', phone: '919-555-0103' },
      vehicles: [expect.objectContaining(vehicle)],
      bookings: [expect.objectContaining({ bookingId, note: 'Dog in the yard' })],
      subscriptions: [expect.objectContaining({ plan: 'monthly', status: 'active' })],
      loyalty: { points: 600 },
    });
  });

  it('answers 404 for an account it does not know and 400 for an id that cannot be one', async () => {
    const unknown = await owner('GET', '/owner/customers/nobody-here');
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toBe('Customer not found');
    expect((await owner('GET', '/owner/customers/not%20an%20id')).status).toBe(400);
  });
});

describe('points adjustments', () => {
  interface Ledger {
    points: number;
    transactions: { type: string; points: number; source: string }[];
  }

  it('adds and takes away with a reason the customer reads with its sign', async () => {
    const token = await customer('points-di', 'di@example.com', 'Di Points', '919-555-0104');
    const added = await owner('POST', '/owner/customers/points-di/points', {
      points: 150,
      reason: '  Sorry for the late arrival ',
    });
    expect(added.status).toBe(201);
    expect((added.body as Ledger).points).toBe(250);
    const taken = await owner('POST', '/owner/customers/points-di/points', {
      points: -200,
      reason: 'Points given twice by mistake',
    });
    expect(taken.status).toBe(201);
    expect((taken.body as Ledger).points).toBe(50);

    const seen = await call(served.api.baseUrl, 'GET', '/loyalty', { token });
    const ledger = seen.body as Ledger;
    expect(ledger.points).toBe(50);
    expect(ledger.transactions.filter((tx) => tx.type === 'adjustment')).toEqual([
      expect.objectContaining({ points: 150, source: 'Sorry for the late arrival' }),
      expect.objectContaining({ points: -200, source: 'Points given twice by mistake' }),
    ]);
  });

  it('refuses to go below zero with a 409 naming the balance, and writes nothing', async () => {
    const token = await customer('points-ed', 'ed@example.com', 'Ed Points', '919-555-0105');
    const refused = await owner('POST', '/owner/customers/points-ed/points', {
      points: -101,
      reason: 'Too much',
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      'The balance is 100 points; an adjustment of -101 would take it below zero',
    );
    const down = await owner('POST', '/owner/customers/points-ed/points', {
      points: -100,
      reason: 'Back to zero',
    });
    expect((down.body as Ledger).points).toBe(0);
    const seen = await call(served.api.baseUrl, 'GET', '/loyalty', { token });
    expect((seen.body as Ledger).transactions.map((tx) => tx.points)).toEqual([100, -100]);
  });

  it('is the same rule from the operator command line', async () => {
    const token = await customer('points-gi', 'gi@example.com', 'Gi Points', '919-555-0107');
    const env = { DATABASE_PATH: served.api.databasePath, PICTURES_DIR: served.api.picturesDir };
    const adjust = (points: string) =>
      finished(
        runTs(
          'server/cli.ts',
          ['adjust-points', 'GI@example.com', '--reason', 'Fix', '--', points],
          env,
        ),
      );
    const done = await adjust('-40');
    expect(done.out).toContain('Adjusted gi@example.com by -40 points; the balance is 60.');
    const refused = await adjust('-61');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The balance is 60 points; an adjustment of -61');
    const seen = await call(served.api.baseUrl, 'GET', '/loyalty', { token });
    expect((seen.body as Ledger).transactions.map((tx) => tx.points)).toEqual([100, -40]);
    // Two runs of the command line, each starting TypeScript: slow on a busy machine.
  }, 60_000);

  it('answers 400 to 0 points, a blank or missing reason, and 404 to an unknown account', async () => {
    await customer('points-fa', 'fa@example.com', 'Fa Points', '919-555-0106');
    const url = '/owner/customers/points-fa/points';
    const zero = await owner('POST', url, { points: 0, reason: 'Nothing' });
    expect(zero.status).toBe(400);
    expect((zero.body as { message: string }).message).toBe('body/points must not be 0');
    expect((await owner('POST', url, { points: 5, reason: '   ' })).status).toBe(400);
    expect((await owner('POST', url, { points: 5 })).status).toBe(400);
    expect((await owner('POST', url, { points: 1.5, reason: 'Half' })).status).toBe(400);
    const unknown = await owner('POST', '/owner/customers/nobody-here/points', {
      points: 5,
      reason: 'Who?',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the numbers', () => {
  let dir: string;
  let db: Db;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'numbers-'));
    db = openDatabase(path.join(dir, 'app.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The price list's total of each type without add-ons. */
  const types = { 90: 'Sedan', 120: 'SUV', 150: 'Minivan' } as const;

  /** A call-back request sent at `sentAt`, completed at `completedAt` if given. */
  function request(sentAt: string, completedAt?: string, total: keyof typeof types = 150) {
    const input = callBackRequest({
      vehicleType: types[total],
      selectedAddons: [],
      totalPrice: total,
    });
    const booking = createBooking(db, input, null, new Date(sentAt));
    if (completedAt)
      completeBooking(db, booking.bookingId, new Date(completedAt), { doneEarly: true });
  }

  it('counts this month against the last by the calendar of America/New_York', () => {
    // 2026-11-01T03:00Z is still 31 October in New York.
    request('2026-11-01T03:00:00Z', '2026-11-02T15:00:00Z', 120);
    request('2026-10-05T15:00:00Z', '2026-10-06T15:00:00Z', 90);
    request('2026-10-20T15:00:00Z');
    request('2026-11-10T15:00:00Z', '2026-11-12T15:00:00Z', 150);
    request('2026-11-11T15:00:00Z');
    // Two months ago: in neither.
    request('2026-09-30T15:00:00Z', '2026-09-30T18:00:00Z');

    const numbers = ownerNumbers(db, new Date('2026-11-26T02:00:00Z'));
    expect(numbers).toEqual({
      timeZone: 'America/New_York',
      thisMonth: {
        month: '2026-11',
        requests: 2,
        jobsDone: 2,
        revenue: 270,
        completedRequests: 1,
      },
      lastMonth: {
        month: '2026-10',
        requests: 3,
        jobsDone: 1,
        revenue: 90,
        completedRequests: 2,
      },
    });
  });

  it('compares January with the December before it', () => {
    request('2026-12-31T20:00:00Z', '2027-01-02T15:00:00Z', 90);
    const numbers = ownerNumbers(db, new Date('2027-01-15T15:00:00Z'));
    expect(numbers.thisMonth).toMatchObject({ month: '2027-01', requests: 0, jobsDone: 1 });
    expect(numbers.lastMonth).toMatchObject({ month: '2026-12', requests: 1, jobsDone: 0 });
  });

  it('answers the owner over HTTP with the month just sent counted', async () => {
    const before = await owner('GET', '/owner/numbers');
    expect(before.status).toBe(200);
    const count = (before.body as { thisMonth: { requests: number } }).thisMonth.requests;
    await call(served.api.baseUrl, 'POST', '/bookings', { body: quoteRequest() });
    const after = await owner('GET', '/owner/numbers');
    expect((after.body as { thisMonth: { requests: number } }).thisMonth.requests).toBe(count + 1);
  });
});
