/**
 * The contract check: exercises every operation of openapi.yaml against a running API and
 * validates each answer against the operation's declared responses. With a token it also
 * runs the write operations (it creates, changes and then deletes or cancels its own
 * records; cancelled bookings and subscriptions stay, as the rules say). Declared auth is
 * enforced: an operation that requires bearerAuth must answer 401 without a valid token.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { loadOpenApi } from '../../domain/contract/openapi';
import { quoteTotal } from '../../domain/pricing';
import { DEFAULT_OFFER, type Offer } from '../../domain/offer';
import { DEFAULT_RULES } from '../../domain/availability';
import { webhookSignatureHeader } from '../../domain/contract/webhookSignature';
import type { OperationId } from '../../domain/contract/types';
import {
  asArray,
  asRecord,
  ContractRun,
  type Exchange,
  type OperationResult,
  type RequestSpec,
} from './contractCore';
import { checkOwnerOperations, PNG, pictureUpload } from './contractOwner';
import { checkOwnerOffer, readPublishedOffer } from './contractOffer';

export interface ContractOptions {
  baseUrl: string;
  /** A customer's id or access token; without it only the 401 answers are checked. */
  token?: string;
  /** An owner's token (group `owners`); with `token`, the owner operations are exercised. */
  ownerToken?: string;
  /** The Calendly webhook signing key; without it only unsigned webhook calls are checked. */
  webhookKey?: string;
  specPath?: string;
  fetch?: typeof fetch;
}

/** An id no real record has. */
const UNKNOWN_ID = 'ffffffffffffffffffffffff';
/** A calendar feed secret of the right shape that no server made. */
const UNKNOWN_FEED_SECRET = 'A'.repeat(43);

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens that no API may accept. */
function badTokens(): { label: string; token: string }[] {
  const claims = {
    sub: 'contract-check',
    token_use: 'id',
    email: 'contract-check@example.com',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
  const head = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}`;
  const forged = `${head}.${createHmac('sha256', randomBytes(32)).update(head).digest('base64url')}`;
  return [
    { label: 'a malformed token', token: 'not-a-token' },
    { label: 'an unsigned token (alg none)', token: unsigned },
    { label: 'a forged token', token: forged },
  ];
}

const vehicleBody = { make: 'Contract', model: 'Check', year: 2020, licensePlate: 'CC-1234' };

/**
 * The offer the check prices its quotes with: the backend's published one (GET /offer), read at
 * the start of each run; the seeded defaults until then.
 */
const priced: { offer: Offer; version: number } = { offer: DEFAULT_OFFER, version: 1 };
const total = (vehicleType: string, addons: string[]) =>
  quoteTotal(priced.offer, vehicleType, addons);

function quoteBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Contract Check',
    phone: '(919) 555-0100',
    email,
    vehicleType: 'SUV',
    selectedAddons: ['Pet Hair Removal'],
    // A call-back request (no date or time): it holds no time, so the check can be run again
    // and again on one server without its quotes taking each other's times.
    vehicle: '2020 Contract Check',
    message: 'Sent by the contract check',
    // The total a visitor of the published offer sees.
    totalPrice: total('SUV', ['Pet Hair Removal']),
    offerVersion: priced.version,
    ...overrides,
  };
}

/** A week of free times for an SUV with one add-on. */
const availabilityQuery = {
  from: daysFromNow(30),
  to: daysFromNow(36),
  vehicleType: 'SUV',
  addOns: 'Pet Hair Removal',
};

const clientErrorBody = { message: 'Error: sent by the contract check', kind: 'error', path: '/' };

const bookingUpdateBody = () => ({
  date: daysFromNow(31),
  time: '16:00',
  vehicleType: 'Sedan',
  vehicle: '2021 Contract Check',
  totalPrice: 1,
});

/**
 * A valid request of each operation, the one sent where only the auth answer matters (`{}`:
 * none of its parameters or body is needed). Every operation of openapi.yaml is listed, so a
 * new one is a compile error here until it has its sample.
 */
function sampleRequest(operationId: OperationId): RequestSpec {
  const id = { id: UNKNOWN_ID };
  const samples = {
    getHealth: {},
    getAvailability: { query: availabilityQuery },
    reportClientError: { body: clientErrorBody },
    getMyProfile: {},
    updateMyProfile: { body: { name: 'Contract Check' } },
    reportSessionsEnded: { body: { reason: 'password-change' } },
    sendTextCode: {},
    confirmTextNumber: { body: { code: '123456' } },
    listMyVehicles: {},
    createVehicle: { body: vehicleBody },
    updateVehicle: { params: id, body: vehicleBody },
    deleteVehicle: { params: id },
    getLoyalty: {},
    listBookings: {},
    createBooking: { body: quoteBody('contract-check@example.com') },
    listClaimableBookings: {},
    claimBooking: { params: id, body: { decision: 'mine' } },
    updateBooking: { params: id, body: bookingUpdateBody() },
    cancelBooking: { params: id },
    listServicePics: { query: { bookingId: UNKNOWN_ID } },
    getServicePicFile: {},
    showEmailOptOut: {},
    optOutOfEmail: {},
    listCalendlyBookings: {},
    receiveCalendlyWebhook: {},
    listSubscriptions: {},
    createSubscription: { body: { plan: 'monthly' } },
    cancelSubscription: { params: id },
    exportMyData: {},
    deleteMyAccount: { body: { email: 'contract-check@example.com', accessToken: 'x' } },
    listOwnerRequests: {},
    markOwnerRequestSeen: { params: id },
    markOwnerCustomerChangeSeen: { params: id, body: { at: '2026-12-01T15:04:05.000Z' } },
    scheduleOwnerBooking: { params: id, body: { date: daysFromNow(31), time: '10:00' } },
    getOwnerBookingAvailability: {
      params: id,
      query: { from: daysFromNow(31), to: daysFromNow(31) },
    },
    cancelOwnerBooking: { params: id, body: { reason: 'Sent by the contract check' } },
    completeOwnerBooking: { params: id },
    undoOwnerCompletion: { params: id },
    sendOwnerOnMyWay: { params: id, body: { minutes: 20 } },
    ownerPicturesIn: { params: id },
    listOwnerPictures: { params: id },
    uploadOwnerPicture: {
      params: id,
      headers: { 'content-type': 'multipart/form-data; boundary=contract-check' },
      rawBody: [
        '--contract-check',
        'Content-Disposition: form-data; name="file"; filename="check.jpg"',
        'Content-Type: image/jpeg',
        '',
        'jpeg bytes',
        '--contract-check--',
        '',
      ].join('\r\n'),
    },
    listOwnerRoute: { query: { from: daysFromNow(1) } },
    listOwnerCustomers: {},
    getOwnerCustomer: { params: { userId: 'contract-check' } },
    adjustOwnerPoints: {
      params: { userId: 'contract-check' },
      body: { points: 1, reason: 'Sent by the contract check' },
    },
    getOwnerNumbers: {},
    getOwnerHealth: {},
    resendOwnerMessage: { params: id },
    resendOwnerText: { params: id },
    dismissOwnerMessage: { params: id, body: { reason: 'Sent by the contract check' } },
    allowOwnerAddress: { body: { email: 'contract-check@example.com' } },
    getOwnerAvailability: {},
    replaceOwnerAvailability: { body: DEFAULT_RULES },
    getOwnerCalendarFeed: {},
    renewOwnerCalendarFeed: {},
    getCalendarFeed: { params: { token: UNKNOWN_FEED_SECRET } },
    getOffer: {},
    getOwnerOfferDraft: {},
    replaceOwnerOfferDraft: { body: DEFAULT_OFFER },
    publishOwnerOffer: {},
    listOwnerOfferVersions: {},
    restoreOwnerOfferVersion: { params: { version: '1' } },
    uploadOwnerGalleryPicture: pictureUpload(PNG, 'image/png', {
      alt: 'Sent by the contract check',
    }),
    getGalleryPictureFile: { params: { file: 'not-a-picture.txt' } },
  } satisfies Record<OperationId, RequestSpec>;
  return samples[operationId];
}

const expect =
  (condition: (body: Record<string, unknown>, exchange: Exchange) => boolean, message: string) =>
  (exchange: Exchange) => (condition(asRecord(exchange.json), exchange) ? undefined : message);

const listHas = (exchange: Exchange, key: string, value: unknown) =>
  asArray(exchange.json).some((item) => asRecord(item)[key] === value);

async function checkAuth(run: ContractRun): Promise<void> {
  for (const op of run.operations) {
    if (op.security === 'none') continue;
    const sample = sampleRequest(op.operationId);
    if (op.security === 'required') {
      await run.check(op.operationId, 'no token → 401', { ...sample, token: null }, 401);
    }
    for (const bad of badTokens()) {
      await run.check(op.operationId, `${bad.label} → 401`, { ...sample, token: bad.token }, 401);
    }
  }
}

async function checkPublic(run: ContractRun): Promise<void> {
  if (run.has('getHealth')) await run.check('getHealth', 'health → 200', {}, 200);
  await run.check(
    'getGalleryPictureFile',
    'a name that is no gallery file → 400',
    { params: { file: 'not-a-picture.txt' } },
    400,
  );
  await run.check(
    'getCalendarFeed',
    'a secret that is not the feed’s → 404',
    { params: { token: UNKNOWN_FEED_SECRET } },
    404,
  );
  await run.check(
    'getAvailability',
    'a week of free times → 200, one entry per date',
    { query: availabilityQuery },
    200,
    (exchange) =>
      asArray(exchange.json).length === 7 ? undefined : 'expected seven dates, one per day',
  );
  await run.check(
    'getAvailability',
    'an unknown add-on → 400',
    { query: { ...availabilityQuery, addOns: 'Gold Plating' } },
    400,
  );
  await run.check(
    'getAvailability',
    'except a booking no one has → 404',
    { query: { ...availabilityQuery, except: UNKNOWN_ID } },
    404,
  );
  await run.check(
    'getAvailability',
    'except an id that is not an id → 400',
    { query: { ...availabilityQuery, except: 'not-an-id' } },
    400,
  );
  await run.check('reportClientError', 'error report → 204', { body: clientErrorBody }, 204);
  await run.check(
    'reportClientError',
    'path with a query string → 400',
    { body: { ...clientErrorBody, path: '/?email=a@b.co' } },
    400,
  );

  const future = String(Math.floor(Date.now() / 1000) + 600);
  await run.check(
    'getServicePicFile',
    'wrong signature → 403',
    {
      params: { file: 'contract-check.jpg' },
      query: { expires: future, signature: '0'.repeat(64) },
    },
    403,
  );
  await run.check(
    'getServicePicFile',
    'expired link → 403',
    { params: { file: 'contract-check.jpg' }, query: { expires: '1', signature: '0'.repeat(64) } },
    403,
  );
  await run.check(
    'getServicePicFile',
    'bad signature format → 400',
    { params: { file: 'contract-check.jpg' }, query: { expires: future, signature: 'xyz' } },
    400,
  );

  // An e-mail's one-click unsubscribe link, not signed by the server, or malformed.
  const optOutLink = (signature: string) => ({
    query: { email: 'contract-check@example.com', kind: 'reminders', signature },
  });
  for (const operationId of ['showEmailOptOut', 'optOutOfEmail'] as const) {
    await run.check(operationId, 'unsigned link → 403', optOutLink('0'.repeat(64)), 403);
    await run.check(operationId, 'bad signature format → 400', optOutLink('xyz'), 400);
  }

  const event = {
    event: 'invitee.created',
    payload: { uri: 'https://api.calendly.com/invitees/contract-check', email: 'x@example.com' },
  };
  await run.check('receiveCalendlyWebhook', 'no signature → 401', { body: event }, 401);
  await run.check(
    'receiveCalendlyWebhook',
    'wrong signature → 401',
    {
      body: event,
      headers: {
        'calendly-webhook-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    },
    401,
  );
}

async function checkAnonymousQuote(run: ContractRun, email: string): Promise<Exchange | undefined> {
  const created = await run.check(
    'createBooking',
    'anonymous quote → 201, Booked, total from the price list',
    { body: quoteBody(email), token: null },
    201,
    expect(
      (b) =>
        b.status === 'Booked' &&
        (b.userId === null || b.userId === undefined) &&
        b.totalPrice === total('SUV', ['Pet Hair Removal']),
      `expected status Booked, no userId and the published offer's totalPrice ${total('SUV', ['Pet Hair Removal'])}`,
    ),
  );
  // A total the visitor did not see (a page loaded before a publish): refused with the new one.
  await run.check(
    'createBooking',
    'a total that is not the published offer’s → 409 with the new total',
    { body: quoteBody(email, { totalPrice: total('SUV', ['Pet Hair Removal']) + 1 }), token: null },
    409,
    expect(
      (b) => b.totalPrice === total('SUV', ['Pet Hair Removal']),
      'expected the published offer’s totalPrice',
    ),
  );
  await run.check(
    'createBooking',
    'an add-on the offer does not have → 400',
    { body: quoteBody(email, { selectedAddons: ['Gold Plating'] }), token: null },
    400,
  );
  await run.check(
    'createBooking',
    'anonymous quote without a name → 400',
    { body: { ...quoteBody(email), name: undefined }, token: null },
    400,
  );
  await run.check(
    'createBooking',
    'anonymous quote over 16 KiB → 413',
    // A valid quote padded with whitespace: only the size is wrong, not the schema.
    { rawBody: `${JSON.stringify(quoteBody(email))}${' '.repeat(17 * 1024)}`, token: null },
    413,
  );
  // A retried quote carries the same Idempotency-Key; the same key with other details is refused.
  const key = `contract-${randomBytes(12).toString('hex')}`;
  await run.check(
    'createBooking',
    'anonymous quote with an Idempotency-Key → 201',
    { body: quoteBody(email), token: null, headers: { 'idempotency-key': key } },
    201,
  );
  await run.check(
    'createBooking',
    'the same Idempotency-Key with other details → 422',
    {
      body: quoteBody(email, { name: 'Another Name' }),
      token: null,
      headers: { 'idempotency-key': key },
    },
    422,
  );
  return created;
}

async function checkWebhook(run: ContractRun, key: string, email: string): Promise<void> {
  const uri = `https://api.calendly.com/scheduled_events/contract/invitees/${randomBytes(8).toString('hex')}`;
  const signed = (body: unknown, at = new Date()): RequestSpec => {
    const raw = JSON.stringify(body);
    return {
      rawBody: raw,
      headers: { 'calendly-webhook-signature': webhookSignatureHeader(key, raw, at) },
    };
  };
  const created = {
    event: 'invitee.created',
    payload: {
      uri,
      email,
      name: 'Contract Check',
      scheduled_event: {
        name: 'Contract Check Event',
        start_time: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      },
      questions_and_answers: [{ question: 'Vehicle type', answer: 'SUV' }],
    },
  };
  await run.check('receiveCalendlyWebhook', 'signed invitee.created → 204', signed(created), 204);
  await run.check(
    'receiveCalendlyWebhook',
    'signature older than 5 minutes → 401',
    signed(created, new Date(Date.now() - 10 * 60_000)),
    401,
  );
  await run.check(
    'receiveCalendlyWebhook',
    'signed but invalid event → 400',
    signed({ event: 'invitee.rescheduled', payload: { uri, email } }),
    400,
  );
  const find = (exchange: Exchange) =>
    asArray(exchange.json)
      .map(asRecord)
      .find(
        (item) =>
          item.serviceName === 'Contract Check Event' &&
          item.startTime === created.payload.scheduled_event.start_time,
      );
  await run.check(
    'listCalendlyBookings',
    'the webhook booking is listed as Booked',
    {},
    200,
    (exchange) =>
      find(exchange)?.status === 'Booked' ? undefined : 'booking not listed as Booked',
  );
  await run.check(
    'receiveCalendlyWebhook',
    'signed invitee.canceled → 204',
    signed({ ...created, event: 'invitee.canceled' }),
    204,
  );
  await run.check(
    'listCalendlyBookings',
    'the cancelled webhook booking is listed as Cancelled',
    {},
    200,
    (exchange) =>
      find(exchange)?.status === 'Cancelled' ? undefined : 'booking not listed as Cancelled',
  );
}

async function checkProfile(run: ContractRun): Promise<string> {
  const got = await run.check('getMyProfile', 'profile → 200', {}, 200);
  const profile = asRecord(got?.json);
  const update: Record<string, unknown> = {
    name: typeof profile.name === 'string' && profile.name.trim() ? profile.name : 'Contract Check',
  };
  for (const key of ['phone', 'mobile', 'serviceAddress', 'emailPreferences'] as const) {
    if (profile[key] !== null && profile[key] !== undefined) update[key] = profile[key];
  }
  await run.check(
    'updateMyProfile',
    'save the profile unchanged → 200 with the same values',
    { body: { ...update, email: profile.email } },
    200,
    expect(
      (b) =>
        b.name === update.name &&
        b.email === profile.email &&
        JSON.stringify(b.emailPreferences) === JSON.stringify(update.emailPreferences),
      'the answer does not carry the saved name, the unchanged e-mail and the same e-mail preferences',
    ),
  );
  await run.check('updateMyProfile', 'name of the wrong type → 400', { body: { name: 42 } }, 400);
  await run.check(
    'updateMyProfile',
    'text choices with a property they do not have → 400',
    { body: { ...update, textPreferences: { reminders: true, statusUpdates: true, x: 1 } } },
    400,
  );
  await run.check(
    'confirmTextNumber',
    'a code that is not 6 digits → 400',
    { body: { code: '12ab' } },
    400,
  );
  await run.check('confirmTextNumber', 'no code → 400', { body: {} }, 400);
  // Without a mobile number in the profile (or with one the backend texts a code to).
  await run.check('sendTextCode', 'a code for the profile’s mobile → 204 or 409', {}, [204, 409]);
  await run.check(
    'updateMyProfile',
    'e-mail preferences that are not yes/no → 400',
    { body: { ...update, emailPreferences: { reminders: 'no', statusUpdates: true } } },
    400,
  );
  await run.check(
    'updateMyProfile',
    'unknown property → 400',
    { body: { ...update, favouriteColour: 'blue' } },
    400,
  );
  return typeof profile.email === 'string' ? profile.email : '';
}

async function checkVehicles(run: ContractRun): Promise<void> {
  await run.check('listMyVehicles', 'list → 200', {}, 200);
  const created = await run.check(
    'createVehicle',
    'add → 201 with the stored vehicle',
    { body: vehicleBody },
    201,
    expect((b) => b.make === 'Contract' && b.year === 2020, 'the stored vehicle differs'),
  );
  await run.check(
    'createVehicle',
    'year as text → 400',
    { body: { ...vehicleBody, year: 'twenty' } },
    400,
  );
  const id = String(asRecord(created?.json).vehicleId ?? '');
  if (!created || !id) {
    for (const op of ['updateVehicle', 'deleteVehicle'] as const) {
      run.blocked(op, 'own vehicle', 'creating a vehicle failed');
    }
    return;
  }
  await run.check('listMyVehicles', 'the new vehicle is listed', {}, 200, (exchange) =>
    listHas(exchange, 'vehicleId', id) ? undefined : 'vehicle not listed',
  );
  await run.check(
    'updateVehicle',
    'change → 200 with the stored vehicle',
    { params: { id }, body: { ...vehicleBody, year: 2021 } },
    200,
    expect((b) => b.vehicleId === id && b.year === 2021, 'the year did not change'),
  );
  await run.check(
    'updateVehicle',
    'missing make → 400',
    { params: { id }, body: { model: 'Check', year: 2021 } },
    400,
  );
  await run.check(
    'updateVehicle',
    'unknown id → 404',
    { params: { id: UNKNOWN_ID }, body: vehicleBody },
    404,
  );
  await run.check(
    'updateVehicle',
    'malformed id → 400',
    { params: { id: 'not-an-id' }, body: vehicleBody },
    400,
  );
  await run.check('deleteVehicle', 'delete → 204', { params: { id } }, 204);
  await run.check('deleteVehicle', 'delete again → 404', { params: { id } }, 404);
  await run.check('listMyVehicles', 'the deleted vehicle is gone', {}, 200, (exchange) =>
    listHas(exchange, 'vehicleId', id) ? 'vehicle still listed' : undefined,
  );
}

async function checkLoyalty(run: ContractRun, email: string): Promise<void> {
  await run.check(
    'getLoyalty',
    'account → 200 with points equal to the ledger sum',
    {},
    200,
    expect((b) => {
      const sum = asArray(b.transactions)
        .map(asRecord)
        .reduce(
          (total, tx) =>
            total + (tx.type === 'redeem' ? -Math.abs(Number(tx.points)) : Number(tx.points)),
          0,
        );
      return b.points === sum;
    }, 'points is not the sum of the transactions'),
  );
  if (email) await run.check('getLoyalty', 'own e-mail → 200', { query: { email } }, 200);
  await run.check(
    'getLoyalty',
    "someone else's e-mail → 404",
    { query: { email: 'someone-else@example.invalid' } },
    404,
  );
  await run.check('getLoyalty', 'malformed e-mail → 400', { query: { email: 'nope' } }, 400);
}

async function checkBookings(run: ContractRun, token: string, email: string): Promise<void> {
  const quoteEmail = email || 'contract-check@example.com';
  const created = await run.check(
    'createBooking',
    'quote with a token → 201, linked to the customer',
    { body: quoteBody(quoteEmail), token },
    201,
    expect(
      (b) => typeof b.userId === 'string' && b.userId !== '' && b.status === 'Booked',
      'expected a userId and status Booked',
    ),
  );
  const anonymous = await checkAnonymousQuote(run, quoteEmail);
  const id = String(asRecord(created?.json).bookingId ?? '');
  const anonymousId = String(asRecord(anonymous?.json).bookingId ?? '');

  await run.check('listBookings', 'list → 200, without unclaimed requests', {}, 200, (exchange) => {
    if (id && !listHas(exchange, 'bookingId', id))
      return 'the booking made with the token is missing';
    if (anonymousId && listHas(exchange, 'bookingId', anonymousId)) {
      return 'a request sent without a token is listed before it was claimed';
    }
    return undefined;
  });
  await run.check('listClaimableBookings', 'list → 200', {}, 200, (exchange) =>
    email && anonymousId && !listHas(exchange, 'bookingId', anonymousId)
      ? "the request sent without a token with the customer's verified e-mail is missing"
      : undefined,
  );
  await run.check(
    'claimBooking',
    'unknown id → 404',
    { params: { id: UNKNOWN_ID }, body: { decision: 'mine' } },
    404,
  );
  if (email && anonymousId) {
    await run.check(
      'claimBooking',
      'mine → 204',
      { params: { id: anonymousId }, body: { decision: 'mine' } },
      204,
    );
    await run.check('listBookings', 'claimed request listed', {}, 200, (exchange) =>
      listHas(exchange, 'bookingId', anonymousId) ? undefined : 'the claimed request is missing',
    );
  }

  await checkServicePics(run, id);

  if (!id) {
    for (const op of ['updateBooking', 'cancelBooking'] as const) {
      run.blocked(op, 'own booking', 'creating a booking failed');
    }
    return;
  }
  const update = bookingUpdateBody();
  await run.check(
    'updateBooking',
    'reschedule to another type → 200 with the stored booking, total from the published offer',
    { params: { id }, body: update },
    200,
    expect(
      (b) =>
        b.bookingId === id &&
        b.date === update.date &&
        b.vehicleType === 'Sedan' &&
        b.totalPrice === total('Sedan', ['Pet Hair Removal']),
      `expected the new date, Sedan and totalPrice ${total('Sedan', ['Pet Hair Removal'])}`,
    ),
  );
  await checkAvailabilityExcept(run, id, update);
  await run.check(
    'updateBooking',
    'date that is not a date → 400',
    { params: { id }, body: { ...update, date: 'next tuesday' } },
    400,
  );
  await run.check(
    'updateBooking',
    'unknown id → 404',
    { params: { id: UNKNOWN_ID }, body: update },
    404,
  );
  await run.check(
    'cancelBooking',
    'cancel → 200, status Cancelled',
    { params: { id } },
    200,
    expect((b) => b.status === 'Cancelled', 'status is not Cancelled'),
  );
  await run.check('cancelBooking', 'cancel again → 409', { params: { id } }, 409);
  await run.check(
    'updateBooking',
    'change a cancelled booking → 409',
    { params: { id }, body: update },
    409,
  );
  await run.check('cancelBooking', 'unknown id → 404', { params: { id: UNKNOWN_ID } }, 404);
  if (email && anonymousId) {
    await run.check(
      'cancelBooking',
      "cancel the anonymous booking with the customer's e-mail → 200",
      { params: { id: anonymousId } },
      200,
    );
  }
}

/**
 * The free times of the day the customer's booking (`id`) was just moved to, as if it were not
 * booked: every time free with it on the calendar is free without it, and only its customer may
 * ask (without a token: 404, as for an unknown booking).
 */
async function checkAvailabilityExcept(
  run: ContractRun,
  id: string,
  moved: { date: string; vehicleType: string },
): Promise<void> {
  const query = { from: moved.date, to: moved.date, vehicleType: moved.vehicleType };
  const timesOf = (exchange: Exchange | undefined) =>
    asArray(asRecord(asArray(exchange?.json)[0]).times).map(String);
  const withIt = await run.check('getAvailability', 'the moved day → 200', { query }, 200);
  await run.check(
    'getAvailability',
    'except its own booking → 200, at least the times free with it',
    { query: { ...query, except: id } },
    200,
    (exchange) => {
      const without = new Set(timesOf(exchange));
      const lost = timesOf(withIt).filter((time) => !without.has(time));
      return lost.length === 0 ? undefined : `times no longer free without it: ${lost.join(', ')}`;
    },
  );
  await run.check(
    'getAvailability',
    'except its booking without a token → 404',
    { query: { ...query, except: id }, token: null },
    404,
  );
}

async function checkServicePics(run: ContractRun, bookingId: string): Promise<void> {
  if (bookingId) {
    await run.check(
      'listServicePics',
      'pictures of a new booking → 200, none',
      { query: { bookingId } },
      200,
      (exchange) => (asArray(exchange.json).length === 0 ? undefined : 'expected no pictures'),
    );
  }
  await run.check('listServicePics', 'no bookingId → 400', {}, 400);
  await run.check(
    'listServicePics',
    'unknown booking → 404',
    { query: { bookingId: UNKNOWN_ID } },
    404,
  );

  // A picture of one of the customer's completed bookings, when there is one.
  const bookings = await run.send('listBookings', {});
  const completed = asArray(bookings.json)
    .map(asRecord)
    .filter((booking) => booking.status === 'Completed');
  for (const booking of completed.slice(0, 5)) {
    const pics = await run.check(
      'listServicePics',
      'pictures of a completed booking → 200',
      { query: { bookingId: String(booking.bookingId) } },
      200,
    );
    const first = asRecord(asArray(pics?.json)[0]);
    if (typeof first.signedUrl !== 'string') continue;
    const image = await run.fetchUrl(first.signedUrl, 'GET');
    run.judge('getServicePicFile', 'signed URL → 200 image', image, 200);
    const tampered = new URL(first.signedUrl);
    tampered.searchParams.set('signature', 'f'.repeat(64));
    run.judge(
      'getServicePicFile',
      'tampered signed URL → 403',
      await run.fetchUrl(tampered.toString(), 'GET'),
      403,
    );
    return;
  }
  run.note('getServicePicFile', 'no picture to fetch: only the refusals were checked');
}

async function checkSubscriptions(run: ContractRun): Promise<void> {
  await run.check('listSubscriptions', 'list → 200', {}, 200);
  const created = await run.check(
    'createSubscription',
    'start a plan → 201, active',
    { body: { plan: 'monthly' } },
    201,
    expect((b) => b.plan === 'monthly' && b.status === 'active', 'expected an active monthly plan'),
  );
  await run.check('createSubscription', 'unknown plan → 400', { body: { plan: 'daily' } }, 400);
  const id = String(asRecord(created?.json).subscriptionId ?? '');
  if (!id) {
    run.blocked('cancelSubscription', 'own subscription', 'starting a plan failed');
    return;
  }
  await run.check('listSubscriptions', 'the new plan is listed', {}, 200, (exchange) =>
    listHas(exchange, 'subscriptionId', id) ? undefined : 'plan not listed',
  );
  await run.check(
    'cancelSubscription',
    'cancel → 200, cancelled',
    { params: { id } },
    200,
    expect((b) => b.status === 'cancelled', 'status is not cancelled'),
  );
  await run.check('cancelSubscription', 'cancel again → 409', { params: { id } }, 409);
  await run.check('cancelSubscription', 'unknown id → 404', { params: { id: UNKNOWN_ID } }, 404);
}

/**
 * The customer's rights. The deletion itself is never sent (it would delete the checking
 * account): only the refusals that change nothing.
 */
async function checkAccount(run: ContractRun, email: string): Promise<void> {
  // A backend limits downloads to one a minute, so an earlier run may have used this minute's.
  await run.check(
    'exportMyData',
    'download → 200, an attachment with the profile (429 within a minute of the last one)',
    {},
    [200, 429],
    (exchange) => {
      if (exchange.status === 429) {
        return exchange.headers.get('retry-after') ? undefined : 'no Retry-After';
      }
      const attachment = /^attachment/.test(exchange.headers.get('content-disposition') ?? '');
      return attachment && asRecord(asRecord(exchange.json).profile).email === email
        ? undefined
        : 'expected an attachment holding the profile';
    },
  );
  await run.check('exportMyData', 'again within the minute → 429', {}, 429, (exchange) =>
    exchange.headers.get('retry-after') ? undefined : 'no Retry-After',
  );
  await run.check(
    'deleteMyAccount',
    'another e-mail → 400',
    { body: { email: `not-${email}`, accessToken: 'x' } },
    400,
  );
  await run.check('deleteMyAccount', 'no access token → 400', { body: { email } }, 400);
  run.note('deleteMyAccount', 'refusals only: a deletion would delete the checking account');
}

export async function runContract(options: ContractOptions): Promise<OperationResult[]> {
  const doc = loadOpenApi(options.specPath);
  const run = new ContractRun(doc, options.baseUrl.replace(/\/+$/, ''), options.fetch);
  await checkAuth(run);
  const published = await readPublishedOffer(run);
  priced.offer = published?.offer ?? DEFAULT_OFFER;
  priced.version = published?.version ?? 1;
  await checkPublic(run);

  const { token } = options;
  if (!token) {
    await checkAnonymousQuote(run, 'contract-check@example.com');
    for (const op of run.operations) {
      if (op.security === 'required') run.note(op.operationId, 'no --token: only the 401 answers');
    }
    run.note('receiveCalendlyWebhook', 'no --webhook-key: only the refusals were checked');
    return run.summary();
  }
  run.defaultToken = token;
  const email = await checkProfile(run);
  await checkVehicles(run);
  await checkLoyalty(run, email);
  await checkBookings(run, token, email);
  await run.check('listCalendlyBookings', 'list → 200', {}, 200);
  if (options.webhookKey && email) await checkWebhook(run, options.webhookKey, email);
  else run.note('receiveCalendlyWebhook', 'no --webhook-key: only the refusals were checked');
  await checkSubscriptions(run);
  await checkOwnerOperations(run, options.ownerToken, {
    sample: sampleRequest,
    quote: () => quoteBody(email),
    daysFromNow,
  });
  if (options.ownerToken) await checkOwnerOffer(run, options.ownerToken);
  await checkAccount(run, email);
  return run.summary();
}
