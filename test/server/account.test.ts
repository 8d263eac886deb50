/**
 * "Download my data" and "Delete my account" against the real server, a temporary SQLite file
 * and a stand-in identity provider (its JWKS and Cognito's DeleteUser).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { repoRoot } from '../../domain/paths';
import { openDatabase } from '../../server/platform/db';
import {
  completeBooking,
  ownerCancelBooking,
  scheduleBooking,
} from '../../server/bookings/bookings';
import { adjustPoints } from '../../server/owner/ownerCustomers';
import { addPicture } from '../../server/pictures/pictures';
import {
  ACCOUNT_DATA,
  subjectDigest,
  TABLES_WITHOUT_ACCOUNT_DATA,
} from '../../server/account/account';
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

const execFileAsync = promisify(execFile);

const RILEY = {
  sub: 'riley-sub',
  email: 'Riley.Quinn@example.com',
  name: 'Riley Quinn',
  phone: '9195550177',
};

let idp: IdentityProvider;
let api: TestApi;
let idToken: string;
let bookingId: string;
let anonymousId: string;
let pictureFile: string;

const now = () => Math.floor(Date.now() / 1000);
const freshAccessToken = () => idp.accessToken(RILEY.sub, { auth_time: now() - 30 });
const asRiley = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token: idToken, body });

/** Every row of every table, in a stable order: what "the data is intact" compares. */
function dumpDatabase(): Record<string, unknown[]> {
  const db = openDatabase(api.databasePath);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, db.prepare(`SELECT * FROM ${name} ORDER BY rowid`).all()]),
    );
  } finally {
    db.close();
  }
}

/** The database's files and the pictures folder, as text, searched for a customer's details. */
function storedBytes(): string {
  const dataFiles = readdirSync(api.dir)
    .filter((name) => name.startsWith('app.db'))
    .map((name) => path.join(api.dir, name));
  const pictures = existsSync(api.picturesDir)
    ? readdirSync(api.picturesDir).map((name) => path.join(api.picturesDir, name))
    : [];
  return [...dataFiles, ...pictures]
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n');
}

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
  idToken = await idp.idToken(RILEY.sub, RILEY.email);
  await asRiley('PUT', '/profile/me', {
    name: RILEY.name,
    mobile: RILEY.phone,
    serviceAddress: { line1: '4 Elm Ct', city: 'Apex', state: 'NC', zip: '27502' },
    emailPreferences: { reminders: true, statusUpdates: false },
  });
  await asRiley('POST', '/vehicles/me', { make: 'Mazda', model: 'CX-5', year: 2022 });
  await asRiley('POST', '/subscriptions', { plan: 'monthly' });
  const details = { email: RILEY.email, name: RILEY.name, phone: RILEY.phone };
  bookingId = ((await asRiley('POST', '/bookings', quote(details))).body as Json)
    .bookingId as string;
  anonymousId = (
    (await call(api.baseUrl, 'POST', '/bookings', { body: quote(details) })).body as Json
  ).bookingId as string;
  const db = openDatabase(api.databasePath);
  try {
    completeBooking(db, bookingId, new Date(), { doneEarly: true });
    pictureFile = addPicture(db, api.picturesDir, {
      bookingId,
      data: Buffer.from(`picture of ${RILEY.name}'s car`),
      extension: 'jpg',
      description: 'Front seats after',
    });
  } finally {
    db.close();
  }
  await sendInviteeCreated(api.baseUrl, {
    uri: 'https://api.calendly.com/invitees/riley-1',
    email: RILEY.email,
    name: RILEY.name,
    eventName: 'Wash',
  });
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

describe('the account registry', () => {
  it('names every table of the live schema, and every table that holds a customer erases it', () => {
    const db = openDatabase(api.databasePath);
    try {
      const tables = (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name);
      const personal = tables.filter((table) =>
        (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((column) =>
          ['user_id', 'email_lower', 'email'].includes(column.name),
        ),
      );
      const erased = ACCOUNT_DATA.map((entry) => entry.table);
      expect(personal.filter((table) => !erased.includes(table))).toEqual([]);
      expect(
        tables.filter(
          (table) => !erased.includes(table) && !TABLES_WITHOUT_ACCOUNT_DATA.includes(table),
        ),
      ).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('GET /account/export', () => {
  it('sends everything stored about the customer as one JSON download, once a minute', async () => {
    const answer = await asRiley('GET', '/account/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    const data = answer.body as Json;
    expect(data).toMatchObject({
      signIn: { userId: RILEY.sub, email: RILEY.email, emailVerified: true },
      profile: { name: RILEY.name, mobile: RILEY.phone, serviceAddress: { city: 'Apex' } },
      vehicles: [{ make: 'Mazda', model: 'CX-5', year: 2022 }],
      bookings: [expect.objectContaining({ bookingId, status: 'Completed' })],
      schedulingServiceBookings: [expect.objectContaining({ serviceName: 'Wash' })],
      subscriptions: [expect.objectContaining({ plan: 'monthly' })],
      pictures: [{ bookingId, description: 'Front seats after', uploadedAt: expect.any(String) }],
      emailPreferences: { reminders: true, statusUpdates: false },
    });
    expect((data.loyalty as Json).transactions).toHaveLength(3);

    const again = await asRiley('GET', '/account/export');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    expect((again.body as Json).message).toMatch(/^You can download your data once a minute/);
  });
});

describe('GET /account/export: what the owner wrote about the customer', () => {
  it('holds the owner’s notes and cancellation reasons of their bookings, and the reasons of point adjustments', async () => {
    // A server of its own: the deletion tests below expect Riley to be the only customer.
    const own = await startApi(idp);
    let answer: Awaited<ReturnType<typeof call>>;
    let plain: string, scheduled: string, cancelled: string;
    try {
      const token = await idp.idToken('morgan-sub', 'morgan@example.com');
      const asMorgan = (method: string, url: string, body?: unknown) =>
        call(own.baseUrl, method, url, { token, body });
      const book = async () =>
        ((await asMorgan('POST', '/bookings', quote({ email: 'morgan@example.com' }))).body as Json)
          .bookingId as string;
      [scheduled, cancelled, plain] = [await book(), await book(), await book()];
      const db = openDatabase(own.databasePath);
      try {
        scheduleBooking(db, scheduled, {
          date: futureDate(2),
          time: '10:00',
          note: 'Rude last time; ask for payment first',
        });
        ownerCancelBooking(db, cancelled, 'Customer never answers the phone');
        adjustPoints(db, 'morgan-sub', { points: 25, reason: 'Sorry for the late arrival' });
      } finally {
        db.close();
      }
      answer = await asMorgan('GET', '/account/export');
    } finally {
      await own.close();
    }
    expect(answer.status).toBe(200);
    const data = answer.body as Json;
    expect(data.ownerNotes).toEqual([
      { bookingId: scheduled, note: 'Rude last time; ask for payment first', cancelReason: '' },
      { bookingId: cancelled, note: '', cancelReason: 'Customer never answers the phone' },
    ]);
    expect(JSON.stringify(data.ownerNotes)).not.toContain(plain);
    expect((data.loyalty as { transactions: Json[] }).transactions).toContainEqual(
      expect.objectContaining({
        type: 'adjustment',
        points: 25,
        source: 'Sorry for the late arrival',
      }),
    );
  });
});

describe('POST /account/deletion', () => {
  it('refuses another e-mail, a stale sign-in and an id token in place of the access token, changing nothing', async () => {
    const before = dumpDatabase();
    const wrongEmail = await asRiley('POST', '/account/deletion', {
      email: 'someone@example.com',
      accessToken: await freshAccessToken(),
    });
    expect(wrongEmail.status).toBe(400);
    expect((wrongEmail.body as Json).message).toBe('The e-mail does not match this account');
    const stale = await asRiley('POST', '/account/deletion', {
      email: RILEY.email,
      accessToken: await idp.accessToken(RILEY.sub, { auth_time: now() - 11 * 60 }),
    });
    expect(stale.status).toBe(403);
    expect((stale.body as Json).message).toMatch(/^Sign in again to delete your account/);
    const idInstead = await asRiley('POST', '/account/deletion', {
      email: RILEY.email,
      accessToken: idToken,
    });
    expect(idInstead.status).toBe(400);
    expect(idp.deletedUsers).toEqual([]);
    expect(dumpDatabase()).toEqual(before);
  });

  it('changes nothing when the identity provider fails, and finishes when sent again', async () => {
    const before = dumpDatabase();
    idp.failDeleteUser(1);
    const body = { email: RILEY.email.toLowerCase(), accessToken: await freshAccessToken() };
    const failed = await asRiley('POST', '/account/deletion', body);
    expect(failed.status).toBe(502);
    expect((failed.body as Json).message).toBe(
      'Your account could not be deleted right now; nothing was deleted. Please try again.',
    );
    expect(dumpDatabase()).toEqual(before);
    expect((await asRiley('GET', '/profile/me')).body).toMatchObject({ name: RILEY.name });
    expect(existsSync(path.join(api.picturesDir, pictureFile))).toBe(true);

    const retried = await asRiley('POST', '/account/deletion', body);
    expect(retried.status).toBe(204);
    expect(idp.deletedUsers).toEqual([RILEY.sub]);
  });

  it('leaves nothing of the customer: tokens refused, details gone, bookings kept anonymous', async () => {
    const refused = await asRiley('GET', '/profile/me');
    expect(refused.status).toBe(401);
    expect((refused.body as Json).message).toBe('This account has been deleted');
    const access = await call(api.baseUrl, 'GET', '/vehicles/me', {
      token: await freshAccessToken(),
    });
    expect(access.status).toBe(401);

    const stored = storedBytes();
    for (const detail of [
      RILEY.email,
      RILEY.email.toLowerCase(),
      RILEY.name,
      RILEY.phone,
      RILEY.sub,
      '4 Elm Ct',
    ]) {
      expect({ detail, found: stored.includes(detail) }).toEqual({ detail, found: false });
    }
    expect(existsSync(path.join(api.picturesDir, pictureFile))).toBe(false);
    // Recorded outside the database, for restores: the account's digest and the time only.
    expect(readFileSync(`${api.databasePath}.erased`, 'utf8')).toMatch(
      new RegExp(`^${subjectDigest(RILEY.sub)} \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\n$`),
    );

    const tables = dumpDatabase();
    for (const table of [
      'customers',
      'vehicles',
      'subscriptions',
      'loyalty_transactions',
      'pictures',
    ]) {
      expect({ table, rows: tables[table] }).toEqual({ table, rows: [] });
    }
    expect(tables.bookings).toEqual([
      expect.objectContaining({
        booking_id: bookingId,
        user_id: null,
        name: '',
        email: '',
        phone: '',
        message: '',
        service_address: null,
        total_price: 145,
        status: 'Completed',
        vehicle_type: 'SUV',
        selected_addons: '["Pet Hair Removal"]',
      }),
      expect.objectContaining({
        booking_id: anonymousId,
        user_id: null,
        name: '',
        email: '',
        phone: '',
      }),
    ]);
    expect(tables.calendly_bookings).toEqual([
      expect.objectContaining({ service_name: 'Wash', email: '', name: '' }),
    ]);
    expect(tables.account_events).toEqual([
      { event_id: expect.any(String), kind: 'account_deleted', occurred_at: expect.any(String) },
    ]);
  });

  it('tells the owner, through the operator CLI, that an account was deleted and nothing about whose', async () => {
    const { stdout } = await execFileAsync(
      path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['server/cli.ts', 'account-events'],
      { cwd: repoRoot, env: { ...process.env, DATABASE_PATH: api.databasePath } },
    );
    expect(stdout.trim()).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}account_deleted$/);
  }, 30_000);
});
