/**
 * The owner console's authorization matrix: every owner operation of openapi.yaml × no token,
 * a customer's token, a token whose `cognito:groups` was forged (re-signed with another key, or
 * unsigned), an owner's token issued before that owner signed out of all devices, an owner's
 * access token whose account has no authenticator app at the identity provider, an owner's id
 * token (which cannot be shown to the provider), and an owner's access token with an
 * authenticator app → 401 / 403 / 401 / 401 / 403 / 403 / 2xx. Then what the operations do.
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { UnsecuredJWT } from 'jose';
import sharp from 'sharp';
import { mailFromEnv } from '../../server/platform/config';
import { renderMessage } from '../../server/mail/worker';
import type { OutboxRow } from '../../server/mail/outbox';
import { pictureSignature } from '../../server/pictures/pictures';
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import { calendarDayText } from '../../domain/dates';
import { isOwnerPath, OWNERS_GROUP } from '../../domain/owners';
import {
  call,
  futureDate,
  PNG,
  quote,
  ROOMY_RULES,
  SIGNED_URL_SECRET,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';
import { DEFAULT_OFFER } from '../../domain/offer';

let idp: IdentityProvider;
let api: TestApi;
let ownerToken: string;
let customerToken: string;
/** An owner's token issued before that owner's "Sign out of all devices". */
let signedOutOwnerToken: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp, { quoteRateLimit: { max: 10_000, windowMs: 60_000 } });
  ownerToken = await idp.ownerToken('owner-sub');
  customerToken = await idp.idToken('customer-sub', 'sam@example.com');
  signedOutOwnerToken = await idp.ownerToken('signed-out-owner-sub', {
    issuedAt: Math.floor(Date.now() / 1000) - 5,
  });
  const signOut = await call(api.baseUrl, 'POST', '/profile/me/sessions-ended', {
    token: signedOutOwnerToken,
    body: { reason: 'global-sign-out' },
  });
  expect(signOut.status).toBe(204);
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

/** An anonymous quote request, or the customer's with `asCustomer`. */
async function newBookingId(
  overrides: Record<string, unknown> = {},
  asCustomer = false,
): Promise<string> {
  const answer = await call(api.baseUrl, 'POST', '/bookings', {
    token: asCustomer ? customerToken : undefined,
    body: quote(overrides),
  });
  expect(answer.status).toBe(201);
  return (answer.body as { bookingId: string }).bookingId;
}

/** The customer's account id (the account is made on their first authenticated request). */
async function customerId(): Promise<string> {
  const profile = await call(api.baseUrl, 'GET', '/profile/me', { token: customerToken });
  return (profile.body as { userId: string }).userId;
}

/** Writes into the server's database (what the mail worker or SES would have done). */
function write<T>(work: (db: Database.Database) => T): T {
  const db = new Database(api.databasePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** A text about the booking the server stopped while sending (uncertain): its id. */
const failedTextOf = (bookingId: string) =>
  write((db) => {
    const id = randomBytes(12).toString('hex');
    const at = new Date().toISOString();
    db.prepare(
      `INSERT INTO texts (id, kind, booking_id, number, payload, status, attempts,
         next_attempt_at, queued_at, created_at, failure, last_error, failed_at)
       VALUES (?, 'on-my-way', ?, '+19195550190', '{"minutes":10}', 'failed', 1, ?, ?, ?,
         'uncertain', 'The server stopped while sending it: it may have arrived', ?)`,
    ).run(id, bookingId, at, at, at, at);
    return id;
  });

/** The owner's e-mail about the booking, marked as given up after every try: its id. */
const failedMessageOf = (bookingId: string) =>
  write((db) => {
    const row = db
      // The owner's e-mail of the booking, or (past 20 requests an hour) the digest.
      .prepare(
        "SELECT id FROM outbox WHERE booking_id = ? AND kind = 'owner-quote' OR kind = 'owner-digest' ORDER BY rowid DESC",
      )
      .get(bookingId) as { id: string };
    db.prepare(
      "UPDATE outbox SET status = 'failed', failure = 'expired', last_error = 'ETIMEDOUT', failed_at = ? WHERE id = ?",
    ).run(new Date().toISOString(), row.id);
    return row.id;
  });

/** An address on the suppression list. */
const suppressedAddress = () =>
  write((db) => {
    db.prepare(
      "INSERT OR IGNORE INTO suppressed_addresses VALUES ('matrix@example.com', 'bounce', 'General', ?)",
    ).run(new Date().toISOString());
    return 'matrix@example.com';
  });

/** The owner completes a booking whose appointment is after today. */
async function completeEarly(bookingId: string): Promise<void> {
  const answer = await call(api.baseUrl, 'POST', `/owner/bookings/${bookingId}/complete`, {
    token: ownerToken,
    body: { doneEarly: true },
  });
  expect(answer.status).toBe(200);
}

/** A valid request of each owner operation, on a fresh booking where it needs one. */
async function request(operationId: string, token?: string): Promise<number> {
  const id = await newBookingId();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const send = async (method: string, url: string, body?: unknown) =>
    (await call(api.baseUrl, method, url, { token, body })).status;
  switch (operationId) {
    case 'listOwnerRequests':
      return send('GET', '/owner/requests?limit=5');
    case 'markOwnerRequestSeen':
      return send('POST', `/owner/requests/${id}/seen`);
    case 'scheduleOwnerBooking':
      // Not tomorrow's 10:00, which a test below schedules (one job at a time).
      return send('PUT', `/owner/bookings/${id}/schedule`, { date: futureDate(1), time: '08:00' });
    case 'getOwnerBookingAvailability':
      return send(
        'GET',
        `/owner/bookings/${id}/availability?from=${futureDate(1)}&to=${futureDate(7)}`,
      );
    case 'cancelOwnerBooking':
      return send('POST', `/owner/bookings/${id}/cancel`, { reason: 'Rain all day' });
    case 'completeOwnerBooking':
      return send('POST', `/owner/bookings/${id}/complete`, { doneEarly: true });
    case 'sendOwnerOnMyWay': {
      // A request whose sender ticked "Text me about this request".
      const texted = await newBookingId({ phone: '(919) 555-0123', textMe: true });
      return send('POST', `/owner/bookings/${texted}/on-my-way`, { minutes: 20 });
    }
    case 'undoOwnerCompletion':
      await completeEarly(id);
      return send('POST', `/owner/bookings/${id}/undo-complete`);
    case 'ownerPicturesIn':
      await completeEarly(id);
      return send('POST', `/owner/bookings/${id}/pictures-in`);
    case 'markOwnerCustomerChangeSeen':
      return send('POST', `/owner/bookings/${id}/customer-change/seen`, {
        at: new Date().toISOString(),
      });
    case 'listOwnerPictures':
      return send('GET', `/owner/bookings/${id}/pictures`);
    case 'uploadOwnerGalleryPicture': {
      const form = new FormData();
      form.append('alt', 'A clean car');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'car.png');
      const answer = await fetch(`${api.baseUrl}/owner/gallery-pictures`, {
        method: 'POST',
        headers,
        body: form,
      });
      return answer.status;
    }
    case 'uploadOwnerPicture': {
      const form = new FormData();
      form.append('description', 'After');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'after.png');
      const answer = await fetch(`${api.baseUrl}/owner/bookings/${id}/pictures`, {
        method: 'POST',
        headers,
        body: form,
      });
      return answer.status;
    }
    case 'listOwnerRoute':
      return send('GET', `/owner/route?from=${futureDate(0)}&days=7`);
    case 'listOwnerCustomers':
      return send('GET', '/owner/customers?q=sam&limit=5');
    case 'getOwnerCustomer':
      return send('GET', `/owner/customers/${await customerId()}`);
    case 'adjustOwnerPoints':
      return send('POST', `/owner/customers/${await customerId()}/points`, {
        points: 5,
        reason: 'Matrix check',
      });
    case 'getOwnerNumbers':
      return send('GET', '/owner/numbers');
    case 'getOwnerHealth':
      return send('GET', '/owner/health');
    case 'resendOwnerMessage':
      return send('POST', `/owner/health/messages/${failedMessageOf(id)}/resend`);
    case 'resendOwnerText':
      return send('POST', `/owner/health/texts/${failedTextOf(id)}/resend`);
    case 'dismissOwnerMessage':
      return send('POST', `/owner/health/messages/${failedMessageOf(id)}/dismiss`, {
        reason: 'Matrix check',
      });
    case 'allowOwnerAddress':
      return send('POST', '/owner/health/allow-address', { email: suppressedAddress() });
    case 'getOwnerAvailability':
      return send('GET', '/owner/availability');
    case 'replaceOwnerAvailability':
      return send('PUT', '/owner/availability', ROOMY_RULES);
    case 'getOwnerCalendarFeed':
      return send('GET', '/owner/calendar-feed');
    case 'renewOwnerCalendarFeed':
      return send('POST', '/owner/calendar-feed');
    case 'getOwnerOfferDraft':
      return send('GET', '/owner/offer/draft');
    case 'replaceOwnerOfferDraft':
      return send('PUT', '/owner/offer/draft', DEFAULT_OFFER);
    case 'publishOwnerOffer':
      return send('POST', '/owner/offer/publish');
    case 'listOwnerOfferVersions':
      return send('GET', '/owner/offer/versions');
    case 'restoreOwnerOfferVersion':
      return send('POST', '/owner/offer/versions/1/restore');
    default:
      throw new Error(`No request for ${operationId}: add one to this matrix`);
  }
}

const ownerOperations = listOperations(loadOpenApi()).filter((op) => isOwnerPath(op.path));

describe('authorization matrix of the owner operations', () => {
  it('covers every owner operation of the contract', () => {
    expect(ownerOperations.map((op) => op.operationId).sort()).toEqual(
      [
        'cancelOwnerBooking',
        'completeOwnerBooking',
        'undoOwnerCompletion',
        'sendOwnerOnMyWay',
        'ownerPicturesIn',
        'listOwnerPictures',
        'listOwnerRequests',
        'listOwnerRoute',
        'markOwnerRequestSeen',
        'markOwnerCustomerChangeSeen',
        'scheduleOwnerBooking',
        'getOwnerBookingAvailability',
        'uploadOwnerPicture',
        'uploadOwnerGalleryPicture',
        'listOwnerCustomers',
        'getOwnerCustomer',
        'adjustOwnerPoints',
        'getOwnerNumbers',
        'getOwnerHealth',
        'resendOwnerMessage',
        'resendOwnerText',
        'dismissOwnerMessage',
        'allowOwnerAddress',
        'getOwnerAvailability',
        'replaceOwnerAvailability',
        'getOwnerCalendarFeed',
        'renewOwnerCalendarFeed',
        'getOwnerOfferDraft',
        'replaceOwnerOfferDraft',
        'publishOwnerOffer',
        'listOwnerOfferVersions',
        'restoreOwnerOfferVersion',
      ].sort(),
    );
  });

  it.each(ownerOperations.map((op) => op.operationId))('%s', async (operationId) => {
    const claims = { 'cognito:groups': [OWNERS_GROUP] };
    const reSigned = await idp.idToken('forger', 'forger@example.com', claims, { forged: true });
    const now = Math.floor(Date.now() / 1000);
    const unsigned = new UnsecuredJWT({
      token_use: 'id',
      aud: idp.clientId,
      email: 'forger@example.com',
      email_verified: true,
      ...claims,
    })
      .setIssuer(idp.issuer)
      .setSubject('forger')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    // A customer's real token with the claim added and the header's algorithm kept.
    const [header] = customerToken.split('.');
    const payload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(customerToken.split('.')[1] ?? '', 'base64url').toString()),
        ...claims,
      }),
    ).toString('base64url');
    const edited = `${header}.${payload}.${customerToken.split('.')[2]}`;

    expect(await request(operationId)).toBe(401);
    expect(await request(operationId, customerToken)).toBe(403);
    expect(await request(operationId, reSigned)).toBe(401);
    expect(await request(operationId, unsigned)).toBe(401);
    expect(await request(operationId, edited)).toBe(401);
    expect(await request(operationId, signedOutOwnerToken)).toBe(401);
    // The group without a second factor: the identity provider says the account has no app.
    const withoutApp = await idp.accessToken('owner-without-app', claims);
    idp.setAuthenticator('owner-without-app', false);
    expect(await request(operationId, withoutApp)).toBe(403);
    // An id token says nothing the provider can be asked about.
    const ownerIdToken = await idp.idToken('owner-sub', 'owner@example.com', claims);
    expect(await request(operationId, ownerIdToken)).toBe(403);
    expect([200, 201, 204]).toContain(await request(operationId, ownerToken));
  });

  it('answers 403 to an access token outside the group and 2xx to one inside it', async () => {
    const outside = await idp.accessToken('customer-sub');
    const inside = await idp.ownerToken('owner-sub');
    expect(await request('listOwnerRequests', outside)).toBe(403);
    expect(await request('listOwnerRequests', inside)).toBe(200);
    // Another group is not the owners group.
    const other = await idp.idToken('x', 'x@example.com', { 'cognito:groups': ['mfa-required'] });
    expect(await request('listOwnerRequests', other)).toBe(403);
  });
});

describe('what the owner operations do', () => {
  const owner = (method: string, url: string, body?: unknown) =>
    call(api.baseUrl, method, url, { token: ownerToken, body });
  /** Uploads one file (a multipart form) to a booking as the owner. */
  const uploadAsOwner = (bookingId: string, data: BlobPart, type: string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([data], { type }), name);
    return fetch(`${api.baseUrl}/owner/bookings/${bookingId}/pictures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
      body: form,
    });
  };

  it('lists requests newest first with a cursor, filters and the count of new ones', async () => {
    const first = await newBookingId({ name: 'Zed Inbox', email: 'zed.inbox@example.com' });
    const second = await newBookingId({ name: 'Yara Inbox', email: 'yara.inbox@example.com' });
    const page = await owner('GET', '/owner/requests?q=inbox&limit=1');
    expect(page.status).toBe(200);
    const body = page.body as { items: { bookingId: string; seen: boolean }[]; nextCursor: string };
    expect(body.items.map((item) => item.bookingId)).toEqual([second]);
    expect(body.items[0]?.seen).toBe(false);
    const next = await owner('GET', `/owner/requests?q=inbox&limit=1&cursor=${body.nextCursor}`);
    expect((next.body as { items: { bookingId: string }[] }).items[0]?.bookingId).toBe(first);
    const before = (page.body as { newCount: number }).newCount;
    await owner('POST', `/owner/requests/${second}/seen`);
    const after = await owner('GET', '/owner/requests?limit=1');
    expect((after.body as { newCount: number }).newCount).toBe(before - 1);
    expect((await owner('GET', '/owner/requests?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('schedules with a note the customer never sees, completes once and credits points', async () => {
    const id = await newBookingId({}, true);
    const date = futureDate(1);
    const scheduled = await owner('PUT', `/owner/bookings/${id}/schedule`, {
      date,
      time: '10:00',
      note: 'Gate code 4411',
    });
    expect(scheduled.body).toMatchObject({ date, time: '10:00 AM', note: 'Gate code 4411' });
    const mine = await call(api.baseUrl, 'GET', '/bookings', { token: customerToken });
    const seenByCustomer = (mine.body as Record<string, unknown>[]).find(
      (booking) => booking.bookingId === id,
    );
    expect(seenByCustomer).toMatchObject({ date, time: '10:00 AM' });
    expect(JSON.stringify(seenByCustomer)).not.toContain('Gate code 4411');
    // Tomorrow's appointment: refused, naming its day, until the owner says it was done early.
    const early = await owner('POST', `/owner/bookings/${id}/complete`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: expect.stringContaining(calendarDayText(date)) });
    expect(
      (await owner('POST', `/owner/bookings/${id}/complete`, { doneEarly: 'yes' })).status,
    ).toBe(400);
    const done = await owner('POST', `/owner/bookings/${id}/complete`, { doneEarly: true });
    expect(done.body).toMatchObject({ booking: { status: 'Completed' }, points: 145 });
    expect(
      (await owner('POST', `/owner/bookings/${id}/complete`, { doneEarly: true })).status,
    ).toBe(409);
    const earnEntries = async () => {
      const loyalty = await call(api.baseUrl, 'GET', '/loyalty', { token: customerToken });
      return (
        loyalty.body as { transactions: { type: string; points: number; source: string }[] }
      ).transactions.filter((entry) => entry.type === 'earn');
    };
    // The history names the booking in words: its service, vehicle and day, not its id.
    expect(await earnEntries()).toEqual([
      expect.objectContaining({
        points: 145,
        source: `Completed: Detailing Service for the 2020 Subaru Outback on ${calendarDayText(date)}`,
      }),
    ]);
    // Undone at once: Booked again and the points taken back; a second undo is refused.
    const undone = await owner('POST', `/owner/bookings/${id}/undo-complete`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'Booked', completedAt: null });
    expect(await earnEntries()).toEqual([]);
    expect((await owner('POST', `/owner/bookings/${id}/undo-complete`)).status).toBe(409);
    expect((await owner('POST', `/owner/bookings/${id}/pictures-in`)).status).toBe(409);
    expect(await earnEntries()).toEqual([]);
    // Completed again: it earns once more, once.
    expect(
      (await owner('POST', `/owner/bookings/${id}/complete`, { doneEarly: true })).status,
    ).toBe(200);
    expect(await earnEntries()).toHaveLength(1);
    expect((await owner('POST', `/owner/bookings/${id}/pictures-in`)).status).toBe(204);
  });

  it("lists a booking's pictures with their labels and links that open them", async () => {
    const id = await newBookingId();
    expect((await owner('GET', `/owner/bookings/${id}/pictures`)).body).toEqual([]);
    expect((await uploadAsOwner(id, PNG, 'image/png', 'before.png')).status).toBe(201);
    expect((await uploadAsOwner(id, PNG, 'image/png', 'after.png')).status).toBe(201);
    const listed = await owner('GET', `/owner/bookings/${id}/pictures`);
    expect(listed.status).toBe(200);
    const pictures = listed.body as { label: string; signedUrl: string }[];
    expect(pictures.map((picture) => picture.label)).toEqual(['before.png', 'after.png']);
    const file = await fetch(pictures[0]?.signedUrl ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await owner('GET', '/owner/bookings/000000000000000000000000/pictures')).status).toBe(
      404,
    );
  });

  it('writes one e-mail to the customer when the owner books, moves or cancels a booking', async () => {
    /** The customer's status e-mails about a booking, oldest first. */
    const customerRows = (bookingId: string) => {
      const db = new Database(api.databasePath, { readonly: true });
      try {
        return db
          .prepare(
            `SELECT * FROM outbox WHERE booking_id = ? AND audience = 'customer'
             AND kind <> 'customer-quote' ORDER BY created_at`,
          )
          .all(bookingId) as OutboxRow[];
      } finally {
        db.close();
      }
    };
    const customerMessages = (bookingId: string) => customerRows(bookingId).map((row) => row.kind);
    /** Rendered as the worker sends them. */
    const customerMail = (bookingId: string) =>
      customerRows(bookingId).map((row) => renderMessage(row, mailFromEnv({})));
    const moved = await newBookingId({ email: 'moved.owner@example.com' });
    const schedule = { date: futureDate(3), time: '09:00' };
    expect((await owner('PUT', `/owner/bookings/${moved}/schedule`, schedule)).status).toBe(200);
    expect(customerMessages(moved)).toEqual(['customer-booked']);
    const noteOnly = { ...schedule, note: 'Park on the left' };
    expect((await owner('PUT', `/owner/bookings/${moved}/schedule`, noteOnly)).status).toBe(200);
    expect(customerMessages(moved)).toEqual(['customer-booked']);
    const [booked] = customerMail(moved);
    expect(booked?.subject).toMatch(/^Your appointment is booked/);
    expect(booked?.text).toContain(
      `Your appointment is booked for ${calendarDayText(schedule.date, 'long')} at 9:00 AM.`,
    );
    // Moved again before that e-mail went: still one e-mail, a booking at the latest time.
    const sooner = { date: futureDate(6), time: '11:00' };
    expect((await owner('PUT', `/owner/bookings/${moved}/schedule`, sooner)).status).toBe(200);
    expect(customerMessages(moved)).toEqual(['customer-booked']);
    expect(customerMail(moved)[0]?.text).toContain(
      `Your appointment is booked for ${calendarDayText(sooner.date, 'long')} at 11:00 AM.`,
    );
    // Once it was sent (more than ten minutes ago), a change is a new time.
    const written = new Database(api.databasePath);
    try {
      written
        .prepare("UPDATE outbox SET status = 'sent', sent_at = ? WHERE booking_id = ?")
        .run(new Date(Date.now() - 11 * 60_000).toISOString(), moved);
    } finally {
      written.close();
    }
    const later = { date: futureDate(4), time: '10:00' };
    expect((await owner('PUT', `/owner/bookings/${moved}/schedule`, later)).status).toBe(200);
    expect(customerMessages(moved)).toEqual(['customer-booked', 'customer-rescheduled']);
    const [, rescheduled] = customerMail(moved);
    expect(rescheduled?.subject).toMatch(/^Booking rescheduled/);
    expect(rescheduled?.text).toContain(`Your booking has a new time`);
    // The customer's preferred date and time, confirmed as they are: still a booking.
    const preferred = { date: futureDate(5), time: '4:00 PM' };
    const asAsked = await newBookingId({ email: 'as.asked@example.com', ...preferred });
    expect((await owner('PUT', `/owner/bookings/${asAsked}/schedule`, preferred)).status).toBe(200);
    expect(customerMessages(asAsked)).toEqual(['customer-booked']);
    // Sent without signing in, by an address no account has: create one, not "sign in".
    const early = { doneEarly: true };
    expect((await owner('POST', `/owner/bookings/${asAsked}/complete`, early)).status).toBe(200);
    // Completed before the booking's e-mail went: one e-mail, saying the latest state.
    expect(customerMessages(asAsked)).toEqual(['customer-completed']);
    const done = customerMail(asAsked)[0]?.text ?? '';
    expect(done).toContain(
      `Create an account with as.asked@example.com at ${mailFromEnv({}).business.siteUrl}/auth to see your pictures and points.`,
    );
    expect(done).not.toMatch(/sign in/i);
    const cancelled = await newBookingId({ email: 'cancelled.owner@example.com' });
    const reason = { reason: 'Rain all day' };
    expect((await owner('POST', `/owner/bookings/${cancelled}/cancel`, reason)).status).toBe(200);
    expect(customerMessages(cancelled)).toEqual(['customer-cancelled']);
  });

  it("keeps the picture's chosen file name as its label; the stored file name stays random", async () => {
    const id = await newBookingId();
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), name);
      return fetch(`${api.baseUrl}/owner/bookings/${id}/pictures`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}` },
        body: form,
      });
    };
    const stored = await upload('after.jpg');
    expect(stored.status).toBe(201);
    const body = (await stored.json()) as { file: string; label: string };
    expect(body.label).toBe('after.jpg');
    expect(body.file).toMatch(/^[0-9a-f]{24}\.png$/);
    const db = new Database(api.databasePath, { readonly: true });
    try {
      expect(db.prepare('SELECT label FROM pictures WHERE file = ?').get(body.file)).toEqual({
        label: 'after.jpg',
      });
    } finally {
      db.close();
    }
    // A path or control characters in the name are not kept; a name past 255 characters is refused.
    const fromPath = await upload('C:\\phone\\DCIM/../before\u0007.png');
    expect(((await fromPath.json()) as { label: string }).label).toBe('before.png');
    const tooLong = await upload(`${'a'.repeat(256)}.png`);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toBe(
      "The picture's file name must NOT have more than 255 characters",
    );
  });

  it('serves an uploaded photo turned upright and without its camera, time or location', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="35,46.0N"/></rdf:RDF></x:xmpmeta>';
    // A phone photo stored sideways (40 × 20, EXIF orientation 6: turn 90° clockwise to show it).
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#c81e1e' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9', DateTime: '2026:11:01 10:00:00' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 46/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '78/1 38/1 0/1',
        },
      })
      .withXmp(xmp)
      .toBuffer()
      .then((data) => sharp(data).keepMetadata().withMetadata({ orientation: 6 }).toBuffer());
    const sent = await sharp(photo).metadata();
    expect([sent.width, sent.height, sent.orientation]).toEqual([40, 20, 6]);
    expect(sent.exif?.includes('PhoneCo')).toBe(true);
    expect(sent.xmp?.includes('GPSLatitude')).toBe(true);

    const upload = await uploadAsOwner(
      await newBookingId(),
      new Uint8Array(photo),
      'image/jpeg',
      'IMG_0001.jpg',
    );
    expect(upload.status).toBe(201);
    const { file } = (await upload.json()) as { file: string };
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = pictureSignature(SIGNED_URL_SECRET, file, expires);
    const served = await fetch(
      `${api.baseUrl}/service-pics/files/${file}?expires=${expires}&signature=${signature}`,
    );
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const kept = await sharp(bytes).metadata();
    expect(kept.format).toBe('jpeg');
    expect([kept.width, kept.height, kept.orientation]).toEqual([20, 40, undefined]);
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    for (const trace of ['PhoneCo', 'Pocket 9', '2026:11:01', 'GPSLatitude', 'Exif\0\0']) {
      expect(bytes.includes(trace)).toBe(false);
    }
  });

  it('refuses a file that only starts like a picture with 400, not 500', async () => {
    const truncated = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const answer = await uploadAsOwner(
      await newBookingId(),
      new Uint8Array(truncated),
      'image/jpeg',
      'broken.jpg',
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(/could not be read/);
  });

  it('refuses a picture that is not an image, and a body that is not multipart', async () => {
    const id = await newBookingId();
    const fake = await uploadAsOwner(id, 'not a picture', 'image/png', 'fake.png');
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { message: string }).message).toMatch(/JPEG, PNG or WebP/);
    const json = await owner('POST', `/owner/bookings/${id}/pictures`, { file: 'x' });
    expect(json.status).toBe(400);
  });
});
