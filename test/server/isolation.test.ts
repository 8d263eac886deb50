/**
 * Two customers, every operation: customer B tries to read and change everything of
 * customer A's. Nothing of A's may show in B's answers, every attempt on A's ids answers
 * 404, and A's data is byte-for-byte the same afterwards. Then C, an account that changed
 * its e-mail to A's without verifying it (the id token says `email_verified: "false"`),
 * tries the same.
 */
import { isOwnerPath } from '../../domain/owners';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/platform/db';
import { completeBooking } from '../../server/bookings/bookings';
import { addPicture } from '../../server/pictures/pictures';
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import {
  call,
  futureDate,
  quote,
  startApi,
  sendInviteeCreated,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

type Json = Record<string, unknown>;

let idp: IdentityProvider;
let api: TestApi;
let tokenA: string;
let tokenB: string;
let tokenC: string;
const A = { sub: 'customer-a', email: 'a@example.com' };
const B = { sub: 'customer-b', email: 'b@example.com' };
const C = { sub: 'customer-c', email: 'c@example.com' };
/** A's ids. */
const ids = {
  vehicle: '',
  booking: '',
  anonymousBooking: '',
  /** Sent without a token with A's e-mail; A has not answered yet. */
  pendingBooking: '',
  completedBooking: '',
  subscription: '',
};

/** New tokens for B and C, issued after anything they ended (a second later, to the second). */
async function signInAgain() {
  const issuedAt = Math.floor(Date.now() / 1000) + 1;
  tokenB = await idp.idToken(B.sub, B.email, {}, { issuedAt });
  tokenC = await idp.idToken(C.sub, A.email, { email_verified: 'false' }, { issuedAt });
}

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
  tokenA = await idp.idToken(A.sub, A.email);
  tokenB = await idp.idToken(B.sub, B.email);
  await call(api.baseUrl, 'GET', '/profile/me', { token: await idp.idToken(C.sub, C.email) });
  tokenC = await idp.idToken(C.sub, A.email, { email_verified: 'false' });
  const asA = (method: string, url: string, body?: unknown) =>
    call(api.baseUrl, method, url, { token: tokenA, body });

  await asA('PUT', '/profile/me', { name: 'Alice A', mobile: '9195550001' });
  ids.vehicle = (
    (await asA('POST', '/vehicles/me', { make: 'Honda', model: 'Fit', year: 2015 })).body as Json
  ).vehicleId as string;
  ids.booking = ((await asA('POST', '/bookings', quote({ email: A.email }))).body as Json)
    .bookingId as string;
  ids.anonymousBooking = (
    (await call(api.baseUrl, 'POST', '/bookings', { body: quote({ email: A.email }) })).body as Json
  ).bookingId as string;
  await asA('POST', `/bookings/${ids.anonymousBooking}/claim`, { decision: 'mine' });
  ids.pendingBooking = (
    (await call(api.baseUrl, 'POST', '/bookings', { body: quote({ email: A.email }) })).body as Json
  ).bookingId as string;
  ids.completedBooking = ((await asA('POST', '/bookings', quote({ email: A.email }))).body as Json)
    .bookingId as string;
  ids.subscription = ((await asA('POST', '/subscriptions', { plan: 'weekly' })).body as Json)
    .subscriptionId as string;
  const db = openDatabase(api.databasePath);
  try {
    completeBooking(db, ids.completedBooking, new Date(), { doneEarly: true });
    addPicture(db, api.picturesDir, {
      bookingId: ids.completedBooking,
      data: Buffer.from('not really a jpeg'),
      extension: 'jpg',
      description: 'A',
    });
  } finally {
    db.close();
  }
  await sendInviteeCreated(api.baseUrl, {
    uri: 'https://api.calendly.com/invitees/a-1',
    email: A.email,
    eventName: 'Wash',
  });
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

/** Everything A can see, with the time-dependent signed URLs reduced to their file. */
async function snapshotOfA(): Promise<Json> {
  const get = async (url: string) => (await call(api.baseUrl, 'GET', url, { token: tokenA })).body;
  const pics = (await get(`/service-pics?bookingId=${ids.completedBooking}`)) as Json[];
  return {
    profile: await get('/profile/me'),
    vehicles: await get('/vehicles/me'),
    bookings: await get('/bookings'),
    claimable: await get('/bookings/claimable'),
    loyalty: await get('/loyalty'),
    subscriptions: await get('/subscriptions'),
    calendly: await get('/calendly-bookings'),
    pics: pics.map((pic) => ({ ...pic, signedUrl: new URL(pic.signedUrl as string).pathname })),
  };
}

type Caller = (method: string, url: string, body?: unknown) => ReturnType<typeof call>;
const as =
  (token: () => string): Caller =>
  (method, url, body) =>
    call(api.baseUrl, method, url, { token: token(), body });
const asB = as(() => tokenB);
const asC = as(() => tokenC);

/** A's ids that appear anywhere in an answer to B. */
function leakedIds(body: unknown): string[] {
  const text = JSON.stringify(body ?? null);
  const found = Object.values(ids).filter((id) => text.includes(id));
  if (text.includes(A.sub)) found.push(A.sub);
  if (text.toLowerCase().includes(A.email)) found.push(A.email);
  if (text.includes('Alice')) found.push('Alice');
  return found;
}

const update = {
  date: futureDate(9),
  time: '4:00 PM',
  vehicleType: 'Sedan',
  vehicle: 'x',
  totalPrice: 1,
};

/** The intruder's attempt per operation; each returns the problems found (none expected). */
const attemptsBy = (
  asB: Caller,
  who: { sub: string; email: string },
): Record<string, () => Promise<string[]>> => ({
  getMyProfile: async () => {
    const answer = await asB('GET', '/profile/me');
    return [
      ...leakedIds(answer.body),
      ...((answer.body as Json).userId === who.sub ? [] : ['not the caller']),
    ];
  },
  updateMyProfile: async () => leakedIds((await asB('PUT', '/profile/me', { name: 'Bob B' })).body),
  // The texts' number is the caller's own: a code goes to B's mobile (none here), never A's.
  sendTextCode: async () => leakedIds((await asB('POST', '/profile/me/text-code')).body),
  confirmTextNumber: async () =>
    leakedIds((await asB('POST', '/profile/me/text-number', { code: '123456' })).body),
  // Ending the intruder's own sessions leaves A's token working; the intruder signs in again.
  reportSessionsEnded: async () => {
    const answer = await asB('POST', '/profile/me/sessions-ended', { reason: 'password-change' });
    const aStill = await call(api.baseUrl, 'GET', '/profile/me', { token: tokenA });
    await signInAgain();
    return [
      ...(answer.status === 204 ? [] : [`answered ${answer.status}`]),
      ...(aStill.status === 200 ? [] : [`A's token answered ${aStill.status}`]),
    ];
  },
  listMyVehicles: async () => leakedIds((await asB('GET', '/vehicles/me')).body),
  createVehicle: async () =>
    leakedIds((await asB('POST', '/vehicles/me', { make: 'Kia', model: 'Rio', year: 2020 })).body),
  updateVehicle: async () =>
    expect404(await asB('PUT', `/vehicles/${ids.vehicle}`, { make: 'X', model: 'Y', year: 2000 })),
  deleteVehicle: async () => expect404(await asB('DELETE', `/vehicles/${ids.vehicle}`)),
  getLoyalty: async () => [
    ...leakedIds((await asB('GET', '/loyalty')).body),
    ...expect404(await asB('GET', `/loyalty?email=${encodeURIComponent(A.email)}`)),
  ],
  listBookings: async () => leakedIds((await asB('GET', '/bookings')).body),
  createBooking: async () =>
    leakedIds((await asB('POST', '/bookings', quote({ email: who.email }))).body),
  listClaimableBookings: async () => leakedIds((await asB('GET', '/bookings/claimable')).body),
  claimBooking: async () => [
    ...expect404(await asB('POST', `/bookings/${ids.pendingBooking}/claim`, { decision: 'mine' })),
    ...expect404(
      await asB('POST', `/bookings/${ids.pendingBooking}/claim`, { decision: 'not-mine' }),
    ),
    ...expect404(await asB('POST', `/bookings/${ids.booking}/claim`, { decision: 'mine' })),
  ],
  // The free times without one of A's bookings (as a reschedule asks them) are A's alone.
  getAvailability: async () => {
    const day = futureDate(30);
    const without = (id: string) =>
      asB('GET', `/availability?from=${day}&to=${day}&vehicleType=SUV&except=${id}`);
    return [
      ...expect404(await without(ids.booking)),
      ...expect404(await without(ids.anonymousBooking)),
    ];
  },
  updateBooking: async () => [
    ...expect404(await asB('PUT', `/bookings/${ids.booking}`, update)),
    ...expect404(await asB('PUT', `/bookings/${ids.anonymousBooking}`, update)),
    ...expect404(await asB('PUT', `/bookings/${ids.completedBooking}`, update)),
  ],
  cancelBooking: async () => [
    ...expect404(await asB('DELETE', `/bookings/${ids.booking}`)),
    ...expect404(await asB('DELETE', `/bookings/${ids.anonymousBooking}`)),
  ],
  listServicePics: async () =>
    expect404(await asB('GET', `/service-pics?bookingId=${ids.completedBooking}`)),
  listCalendlyBookings: async () => {
    const answer = await asB('GET', '/calendly-bookings');
    return [
      ...leakedIds(answer.body),
      ...((answer.body as Json[]).length === 0 ? [] : ['B sees Calendly bookings']),
    ];
  },
  listSubscriptions: async () => leakedIds((await asB('GET', '/subscriptions')).body),
  createSubscription: async () =>
    leakedIds((await asB('POST', '/subscriptions', { plan: 'monthly' })).body),
  cancelSubscription: async () =>
    expect404(await asB('DELETE', `/subscriptions/${ids.subscription}`)),
  exportMyData: async () => leakedIds((await asB('GET', '/account/export')).body),
  deleteMyAccount: async () => {
    // A's e-mail with the intruder's own fresh sign-in, then the intruder's e-mail with A's.
    const withAEmail = await asB('POST', '/account/deletion', {
      email: A.email,
      accessToken: await idp.accessToken(who.sub, { auth_time: Math.floor(Date.now() / 1000) }),
    });
    const withAToken = await asB('POST', '/account/deletion', {
      email: who.email,
      accessToken: await idp.accessToken(A.sub, { auth_time: Math.floor(Date.now() / 1000) }),
    });
    return [withAEmail, withAToken].flatMap((answer) => [
      ...leakedIds(answer.body),
      ...(answer.status === 400 ? [] : [`status ${answer.status}`]),
    ]);
  },
});
const attempts = attemptsBy(asB, B);

function expect404(answer: { status: number; body: unknown }): string[] {
  const problems = leakedIds(answer.body);
  if (answer.status !== 404) problems.push(`status ${answer.status}`);
  return problems;
}

/**
 * Operations that have no customer scope: they are authorised by a signature instead, or (the
 * health check, browser error reports) read or write nothing of a customer.
 */
const notCustomerScoped = [
  'getHealth',
  'getServicePicFile',
  'receiveCalendlyWebhook',
  'reportClientError',
  // An e-mail's unsubscribe link: signed for one address (test/server/emailOptOut.test.ts).
  'showEmailOptOut',
  'optOutOfEmail',
  // The owner's calendar feed: the secret in its address (test/server/calendarFeed.test.ts).
  'getCalendarFeed',
  // The published offer: the same for everyone (test/server/offer.test.ts).
  'getOffer',
  // The gallery's pictures: public files of the site (test/server/gallery.test.ts).
  'getGalleryPictureFile',
];

describe('two-customer isolation', () => {
  it('covers every operation of openapi.yaml', () => {
    // The owner's operations answer a customer's token 403, every one of them
    // (test/server/owner.test.ts's authorization matrix).
    const all = listOperations(loadOpenApi())
      .filter((op) => !isOwnerPath(op.path))
      .map((op) => op.operationId);
    expect([...Object.keys(attempts), ...notCustomerScoped].sort()).toEqual([...all].sort());
  });

  it("lets B neither read nor change anything of A's, on any operation", async () => {
    const before = await snapshotOfA();
    expect(before).toMatchObject({
      vehicles: [expect.objectContaining({ vehicleId: ids.vehicle })],
      subscriptions: [expect.objectContaining({ subscriptionId: ids.subscription })],
      calendly: [expect.objectContaining({ serviceName: 'Wash' })],
      pics: [expect.objectContaining({ bookingId: ids.completedBooking })],
    });
    expect((before.bookings as Json[]).map((b) => b.bookingId).sort()).toEqual(
      [ids.booking, ids.anonymousBooking, ids.completedBooking].sort(),
    );

    const problems: Record<string, string[]> = {};
    for (const [operationId, attempt] of Object.entries(attempts)) {
      const found = await attempt();
      if (found.length > 0) problems[operationId] = found;
    }
    expect(problems).toEqual({});
    expect(await snapshotOfA()).toEqual(before);
  });

  it("gives an account that changed its e-mail to A's, unverified, nothing of A's", async () => {
    const before = await snapshotOfA();
    expect((before.claimable as Json[]).map((b) => b.bookingId)).toEqual([ids.pendingBooking]);
    const problems: Record<string, string[]> = {};
    for (const [operationId, attempt] of Object.entries(attemptsBy(asC, C))) {
      const found = await attempt();
      if (found.length > 0) problems[operationId] = found;
    }
    expect(problems).toEqual({});
    expect(await snapshotOfA()).toEqual(before);
  });

  it("shows B only B's own records afterwards", async () => {
    const mine = async (url: string) => (await asB('GET', url)).body as Json[];
    expect((await mine('/vehicles/me')).map((v) => v.make)).toEqual(['Kia']);
    expect((await mine('/bookings')).map((b) => b.userId)).toEqual([B.sub]);
    expect((await mine('/subscriptions')).map((s) => s.userId)).toEqual([B.sub]);
    expect((await asB('GET', '/loyalty')).body).toMatchObject({ userId: B.sub, points: 100 + 500 });
  });

  it("leaves A's data byte-for-byte unchanged when B deletes their own account", async () => {
    const before = { api: await snapshotOfA(), stored: storedOfA() };
    const deleted = await asB('POST', '/account/deletion', {
      email: B.email,
      // From B's last sign-in, after B ended their sessions (a token from before is refused).
      accessToken: await idp.accessToken(
        B.sub,
        { auth_time: Math.floor(Date.now() / 1000) },
        { issuedAt: Math.floor(Date.now() / 1000) + 1 },
      ),
    });
    expect(deleted.status).toBe(204);
    expect((await asB('GET', '/profile/me')).status).toBe(401);
    expect({ api: await snapshotOfA(), stored: storedOfA() }).toEqual(before);
  });
});

/** A's rows in every table that names a customer, and A's picture files' bytes. */
function storedOfA(): Json {
  const db = openDatabase(api.databasePath);
  try {
    const bookingIds = Object.values(ids);
    const inBookings = `booking_id IN (${bookingIds.map(() => '?').join(', ')})`;
    const rows = (sql: string, ...params: string[]) => db.prepare(sql).all(...params);
    const pictures = rows(`SELECT * FROM pictures WHERE ${inBookings}`, ...bookingIds) as Json[];
    return {
      customers: rows('SELECT * FROM customers WHERE user_id = ?', A.sub),
      vehicles: rows('SELECT * FROM vehicles WHERE user_id = ?', A.sub),
      bookings: rows(`SELECT * FROM bookings WHERE ${inBookings} ORDER BY rowid`, ...bookingIds),
      pictures,
      files: pictures.map((pic) =>
        readFileSync(path.join(api.picturesDir, pic.file as string)).toString('base64'),
      ),
      subscriptions: rows('SELECT * FROM subscriptions WHERE user_id = ?', A.sub),
      loyalty: rows('SELECT * FROM loyalty_transactions WHERE user_id = ? ORDER BY rowid', A.sub),
      refusals: rows('SELECT * FROM booking_claim_refusals WHERE user_id = ?', A.sub),
      calendly: rows('SELECT * FROM calendly_bookings WHERE email_lower = ?', A.email),
    };
  } finally {
    db.close();
  }
}
