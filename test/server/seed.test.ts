/** The demo customer: everything the portal shows, seeded once, consistent with the rules. */
import { readdirSync } from 'node:fs';
import { openDatabase } from '../../server/platform/db';
import { seedDemoCustomer } from '../../server/seed';
import { pointsForCompletedBooking } from '../../domain/loyalty';
import { todayLocal } from '../../domain/dates';
import {
  call,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

type Json = Record<string, unknown>;

let idp: IdentityProvider;
let api: TestApi;
let token: string;
const demo = { sub: 'demo-sub', email: 'demo@example.com', name: 'Jordan Miles' };

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
  token = await idp.idToken(demo.sub, demo.email);
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

const get = async (url: string) => (await call(api.baseUrl, 'GET', url, { token })).body;

function tableCounts(): Record<string, number> {
  const db = openDatabase(api.databasePath);
  try {
    const tables = [
      'customers',
      'vehicles',
      'bookings',
      'pictures',
      'subscriptions',
      'loyalty_transactions',
      'calendly_bookings',
    ];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      ]),
    );
  } finally {
    db.close();
  }
}

it('seeds once, next to a running server, and a second call changes nothing', async () => {
  const storage = { databasePath: api.databasePath, picturesDir: api.picturesDir };
  const first = await seedDemoCustomer(storage, demo);
  expect(first).toMatchObject({
    seeded: true,
    vehicles: 3,
    bookings: 9,
    calendlyBookings: 3,
    pictures: 15,
  });
  const counts = tableCounts();
  const files = readdirSync(api.picturesDir).sort();
  expect(files).toHaveLength(15);

  const second = await seedDemoCustomer(storage, demo);
  expect(second).toEqual({ ...first, seeded: false });
  expect(tableCounts()).toEqual(counts);
  expect(readdirSync(api.picturesDir).sort()).toEqual(files);
});

it('gives the demo customer a full portal', async () => {
  const profile = (await get('/profile/me')) as Json;
  expect(profile).toMatchObject({ userId: demo.sub, email: demo.email, name: demo.name });
  expect(((await get('/vehicles/me')) as Json[]).length).toBeGreaterThanOrEqual(2);

  const bookings = (await get('/bookings')) as Json[];
  const today = todayLocal();
  const byStatus = (status: string) => bookings.filter((booking) => booking.status === status);
  expect(byStatus('Booked').length).toBeGreaterThan(0);
  expect(byStatus('Booked').every((booking) => (booking.date as string) > today)).toBe(true);
  expect(byStatus('Completed').length).toBeGreaterThan(0);
  expect(byStatus('Cancelled').length).toBeGreaterThan(0);
  const months = new Set(bookings.map((booking) => (booking.date as string).slice(0, 7)));
  expect(months.size).toBeGreaterThanOrEqual(5);
  const oldest = bookings.map((booking) => booking.date as string).sort()[0] as string;
  const sixMonthsAgo = new Date(Date.now() - 186 * 86_400_000).toISOString().slice(0, 10);
  expect(oldest >= sixMonthsAgo).toBe(true);
  expect(bookings.every((booking) => booking.userId === demo.sub)).toBe(true);

  const calendly = (await get('/calendly-bookings')) as Json[];
  expect(new Set(calendly.map((booking) => booking.status))).toEqual(
    new Set(['Booked', 'Completed', 'Cancelled']),
  );

  const subscriptions = (await get('/subscriptions')) as Json[];
  expect(subscriptions.some((subscription) => subscription.status === 'active')).toBe(true);

  for (const booking of byStatus('Completed')) {
    const pics = (await get(`/service-pics?bookingId=${booking.bookingId as string}`)) as Json[];
    expect(pics.length).toBeGreaterThan(0);
    const image = await fetch(pics[0]?.signedUrl as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  }
  for (const booking of [...byStatus('Booked'), ...byStatus('Cancelled')]) {
    expect(await get(`/service-pics?bookingId=${booking.bookingId as string}`)).toEqual([]);
  }
});

it('has the loyalty history the documented rules produce', async () => {
  const bookings = (await get('/bookings')) as Json[];
  const loyalty = (await get('/loyalty')) as Json;
  const transactions = loyalty.transactions as Json[];
  const completed = bookings.filter((booking) => booking.status === 'Completed');
  const earned = completed.reduce(
    (sum, booking) =>
      sum + pointsForCompletedBooking(booking.totalPrice as number, booking.vehicleType as string),
    0,
  );
  expect(loyalty.points).toBe(100 + earned + 500);
  expect(transactions.filter((tx) => tx.type === 'signup_bonus')).toHaveLength(1);
  expect(transactions.filter((tx) => tx.type === 'earn')).toHaveLength(completed.length + 1);
  const dates = transactions.map((tx) => tx.date as string);
  expect([...dates].sort()).toEqual(dates);
  expect(dates[0]! < (bookings.at(-1)?.createdAt as string)).toBe(true);
});
