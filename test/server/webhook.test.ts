/** The Calendly webhook: signature verification and the bookings it feeds. */
import { createHmac } from 'node:crypto';
import { openDatabase } from '../../server/platform/db';
import {
  call,
  startApi,
  startIdentityProvider,
  WEBHOOK_KEY,
  type IdentityProvider,
  type TestApi,
} from './helpers';

type Json = Record<string, unknown>;

let idp: IdentityProvider;
let api: TestApi;
let token: string;
const EMAIL = 'cal@example.com';

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
  token = await idp.idToken('cal-user', EMAIL);
});

afterAll(async () => {
  await api.close();
  await idp.close();
});

/** The documented header: t=<epoch seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. */
function sign(raw: string, key = WEBHOOK_KEY, at = Date.now()): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${createHmac('sha256', key).update(`${t}.${raw}`).digest('hex')}`;
}

function event(kind: string, uri: string, startInDays: number, email = EMAIL.toUpperCase()) {
  return JSON.stringify({
    event: kind,
    payload: {
      uri,
      email,
      name: 'Cal Customer',
      scheduled_event: {
        name: 'Full Detail',
        start_time: new Date(Date.now() + startInDays * 86_400_000).toISOString(),
      },
      questions_and_answers: [
        { question: 'Vehicle type', answer: 'SUV' },
        { question: 'Which vehicle?', answer: '2019 Toyota RAV4' },
      ],
    },
  });
}

const post = (raw: string, signature?: string, target = api) =>
  call(target.baseUrl, 'POST', '/webhooks/calendly', {
    rawBody: raw,
    headers: signature ? { 'calendly-webhook-signature': signature } : {},
  });
const list = async () =>
  (await call(api.baseUrl, 'GET', '/calendly-bookings', { token })).body as Json[];
const rows = () => {
  const db = openDatabase(api.databasePath);
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM calendly_bookings').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

it('accepts a correctly signed invitee.created and lists it for the customer with that e-mail', async () => {
  const raw = event('invitee.created', 'https://api.calendly.com/invitees/one', 3);
  const answer = await post(raw, sign(raw));
  expect(answer.status).toBe(204);
  expect(await list()).toEqual([
    {
      bookingId: expect.stringMatching(/^[0-9a-f]{24}$/),
      startTime: expect.any(String),
      serviceName: 'Full Detail',
      status: 'Booked',
      vehicle: '2019 Toyota RAV4',
      vehicleType: 'SUV',
      source: 'Calendly',
    },
  ]);
  const other = await idp.idToken('other-user', 'other@example.com');
  expect((await call(api.baseUrl, 'GET', '/calendly-bookings', { token: other })).body).toEqual([]);
});

it('refuses a missing, wrong, stale or replayed-on-another-body signature with 401', async () => {
  const raw = event('invitee.created', 'https://api.calendly.com/invitees/bad', 3);
  const before = rows();
  const cases: [string, string | undefined, string][] = [
    [raw, undefined, 'Missing Calendly-Webhook-Signature header'],
    [raw, sign(raw, 'wrong-key'), 'Webhook signature does not match'],
    [
      raw,
      sign(raw, WEBHOOK_KEY, Date.now() - 6 * 60_000),
      'Webhook signature timestamp is too old',
    ],
    [raw, 'v1=abc', 'Malformed Calendly-Webhook-Signature header'],
    [raw.replace('Full Detail', 'Free Detail'), sign(raw), 'Webhook signature does not match'],
  ];
  for (const [body, signature, message] of cases) {
    const answer = await post(body, signature);
    expect({ message, status: answer.status }).toEqual({ message, status: 401 });
    expect(answer.body).toEqual({ error: 'Unauthorized', message });
  }
  expect(rows()).toBe(before);
});

it('refuses a signature that is not exactly 64 hex characters with 401', async () => {
  const raw = event('invitee.created', 'https://api.calendly.com/invitees/hex', 3);
  const good = sign(raw);
  const t = /t=(\d+)/.exec(good)?.[1] ?? '';
  const hex = /v1=([0-9a-f]+)/.exec(good)?.[1] ?? '';
  const before = rows();
  for (const v1 of [`${hex}0`, `${hex}zz`, hex.slice(0, 63), `${hex.slice(0, 62)}g0`]) {
    const answer = await post(raw, `t=${t},v1=${v1}`);
    expect({ v1, status: answer.status }).toEqual({ v1, status: 401 });
    expect(answer.body).toEqual({
      error: 'Unauthorized',
      message: 'Malformed Calendly-Webhook-Signature header',
    });
  }
  expect(rows()).toBe(before);
});

it('refuses the same signed request replayed within the window with 409', async () => {
  const raw = event('invitee.created', 'https://api.calendly.com/invitees/replay', 3, 'r@x.com');
  const signature = sign(raw);
  expect((await post(raw, signature)).status).toBe(204);
  const replay = await post(raw, signature);
  expect(replay.status).toBe(409);
  expect(replay.body).toEqual({
    error: 'Conflict',
    message: 'This webhook delivery was already received',
  });
});

it('answers 400, never 500, for a start time that is not a readable instant', async () => {
  const raw = JSON.stringify({
    event: 'invitee.created',
    payload: {
      uri: 'https://api.calendly.com/invitees/leap',
      email: EMAIL,
      scheduled_event: { name: 'Leap', start_time: '2026-12-31T23:59:60Z' },
    },
  });
  const before = rows();
  const answer = await post(raw, sign(raw));
  expect(answer.status).toBe(400);
  expect((answer.body as Json).message).toContain('start_time');
  expect(rows()).toBe(before);
});

it('answers 400 for a signed event that does not match the schema', async () => {
  const raw = JSON.stringify({ event: 'invitee.created', payload: { uri: 'x' } });
  const answer = await post(raw, sign(raw));
  expect(answer.status).toBe(400);
  expect((answer.body as Json).message).toContain(
    "body/payload must have required property 'email'",
  );
});

it('is idempotent by payload.uri, and a cancellation sticks even when it arrives first', async () => {
  const uri = 'https://api.calendly.com/invitees/two';
  const created = event('invitee.created', uri, 5);
  await post(created, sign(created, WEBHOOK_KEY, Date.now() - 2000));
  await post(created, sign(created, WEBHOOK_KEY, Date.now() - 1000));
  const count = rows();
  const canceled = event('invitee.canceled', uri, 5);
  expect((await post(canceled, sign(canceled))).status).toBe(204);
  expect((await post(created, sign(created))).status).toBe(204);
  expect(rows()).toBe(count);

  const early = 'https://api.calendly.com/invitees/three';
  const cancelFirst = event('invitee.canceled', early, 7);
  await post(cancelFirst, sign(cancelFirst));
  const createLater = event('invitee.created', early, 7);
  await post(createLater, sign(createLater));

  const statuses = (await list()).map((booking) => booking.status);
  expect(statuses).toEqual(['Cancelled', 'Cancelled', 'Booked']);
});

it('shows a past, not cancelled event as Completed', async () => {
  const raw = event('invitee.created', 'https://api.calendly.com/invitees/past', -2);
  await post(raw, sign(raw));
  expect((await list()).at(-1)).toMatchObject({ status: 'Completed' });
});

it('refuses every call when no signing key is configured', async () => {
  const keyless = await startApi(idp, { calendlySigningKey: undefined });
  try {
    const raw = event('invitee.created', 'https://api.calendly.com/invitees/four', 1);
    const answer = await post(raw, sign(raw), keyless);
    expect(answer.status).toBe(401);
    expect((answer.body as Json).message).toBe('Webhook signing key is not configured');
  } finally {
    await keyless.close();
  }
});

it("carries the invitee's reschedule and cancel links to the customer's list (https only)", async () => {
  const email = 'links@example.com';
  const withLinks = (uri: string, links: Json) => {
    const body = JSON.parse(event('invitee.created', uri, 5, email)) as { payload: Json };
    Object.assign(body.payload, links);
    return JSON.stringify(body);
  };
  const raw = withLinks('https://api.calendly.com/invitees/links', {
    reschedule_url: 'https://calendly.com/reschedulings/abc',
    cancel_url: 'https://calendly.com/cancellations/abc',
  });
  expect((await post(raw, sign(raw))).status).toBe(204);
  const unsafe = withLinks('https://api.calendly.com/invitees/unsafe', {
    cancel_url: 'javascript:alert(1)',
  });
  expect((await post(unsafe, sign(unsafe))).status).toBe(400);

  const own = await idp.idToken('links-user', email);
  const answer = await call(api.baseUrl, 'GET', '/calendly-bookings', { token: own });
  expect(answer.body).toEqual([
    expect.objectContaining({
      rescheduleUrl: 'https://calendly.com/reschedulings/abc',
      cancelUrl: 'https://calendly.com/cancellations/abc',
    }),
  ]);
});
