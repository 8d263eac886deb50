/**
 * The business's e-mail is no relay: what reaches an address no account has verified, and how
 * often, measured at a real SMTP server (the recorder) behind a real API.
 * - nothing a visitor typed (name, vehicle, notes, address) reaches such an address;
 * - one confirmation per such address per day; the owner hears of every request;
 * - a booking's status e-mails are coalesced, and a customer's changes are rate-limited;
 * - more than OWNER_DIGEST.threshold requests in an hour make one digest for the owner, and the
 *   owner's inbox says so.
 */
import { OWNER_DIGEST } from '../../server/platform/rules';
import { openDatabase } from '../../server/platform/db';
import { call, futureDate, quoteRequest, until } from './helpers';
import type { Received } from './fixtures/smtpRecorder';
import { startMailStack, type MailStack } from './fixtures/mailStack';

jest.setTimeout(60_000);

const OWNER = 'owner@triangleshine.test';
const STRANGER = 'victim@example.org';

let stack: MailStack;

beforeEach(async () => {
  stack = await startMailStack(
    { quoteRateLimit: { max: 1000, windowMs: 60_000 } },
    { OWNER_EMAIL: OWNER },
  );
});
afterEach(() => stack.close());

/** The message as a reader sees it: quoted-printable and base64 parts decoded. */
function readable(message: Received): string {
  const qp = message.raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [...message.raw.matchAll(/\r\n\r\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from(match[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${base64}`;
}

const to = (address: string) => stack.smtp.accepted.filter((m) => m.to === address);

/** Waits until the worker has sent what it is going to send now (nothing new for a while). */
async function settled(): Promise<void> {
  let count = -1;
  let quietSince = Date.now();
  await until(() => {
    if (stack.smtp.accepted.length !== count) {
      count = stack.smtp.accepted.length;
      quietSince = Date.now();
    }
    return Date.now() - quietSince > 1500;
  }, 'the outbox to settle');
}

const post = (body: unknown, token?: string) =>
  call(stack.api.baseUrl, 'POST', '/bookings', { body, token });

const INJECTED_NAME = 'Sam\nACTION REQUIRED: your card was declined';
const PHISHING_URL = 'https://pay-triangle.evil.example/login';

it('an address no account has verified gets none of the text the visitor typed', async () => {
  const request = quoteRequest({
    email: STRANGER,
    name: INJECTED_NAME,
    vehicle: `Visit ${PHISHING_URL}`,
    message: `Update your payment at ${PHISHING_URL} within 24 hours`,
    serviceAddress: { line1: '1 Phish Lane', city: 'Scamtown', state: 'NC', zip: '27511' },
  });
  const answer = await post(request);
  expect(answer.status).toBe(201);
  await until(() => to(STRANGER).length === 1 && to(OWNER).length === 1, 'both e-mails');
  const confirmation = readable(to(STRANGER)[0]!);
  for (const typed of ['ACTION REQUIRED', 'declined', 'evil.example', 'Phish Lane', 'Scamtown'])
    expect(confirmation).not.toContain(typed);
  // What the business chose to say: the service, add-ons, date, time and price, and what to
  // do when it was not them.
  expect(confirmation).toContain('SUV');
  expect(confirmation).toContain('Pet Hair Removal');
  expect(confirmation).toContain(request.time!);
  expect(confirmation).toContain('$145');
  expect(confirmation).toMatch(/Did not ask us for this\?/);
  // The owner still gets everything the visitor sent.
  expect(readable(to(OWNER)[0]!)).toContain('Scamtown');
});

it('one confirmation a day to an address no account has verified; the owner hears of each request', async () => {
  for (let i = 0; i < 3; i += 1)
    expect((await post(quoteRequest({ email: STRANGER, name: `Visitor ${i}` }))).status).toBe(201);
  // Case does not make it another address.
  expect((await post(quoteRequest({ email: 'Victim@Example.org' }))).status).toBe(201);
  await until(() => to(OWNER).length === 4, "the owner's four e-mails");
  await settled();
  expect(to(STRANGER).length + to('Victim@Example.org').length).toBe(1);
});

it("a signed-in customer's own verified address gets every confirmation", async () => {
  const token = await stack.idp.idToken('own-customer', 'me@example.com');
  for (let i = 0; i < 3; i += 1)
    expect((await post(quoteRequest({ email: 'me@example.com' }), token)).status).toBe(201);
  await until(() => to('me@example.com').length === 3, 'three confirmations');
  // Their own words come back to them.
  expect(readable(to('me@example.com')[0]!)).toContain('Gate code 1234');
});

it("30 reschedules of a booking naming a stranger's address: the confirmation, the first change at once and one follow-up at most, changes answer 429 with the wait", async () => {
  const token = await stack.idp.idToken('rescheduler', 'attacker@example.com');
  const created = await post(quoteRequest({ email: STRANGER }), token);
  expect(created.status).toBe(201);
  const id = (created.body as { bookingId: string }).bookingId;
  const statuses: number[] = [];
  let refused: Awaited<ReturnType<typeof call>> | undefined;
  for (let i = 0; i < 30; i += 1) {
    const answer = await call(stack.api.baseUrl, 'PUT', `/bookings/${id}`, {
      token,
      body: {
        date: futureDate(20 + i),
        time: '4:00 PM',
        vehicleType: 'SUV',
        vehicle: 'Anything',
        totalPrice: 145,
      },
    });
    statuses.push(answer.status);
    if (answer.status === 429) refused ??= answer;
  }
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  expect(refused).toBeDefined();
  expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((refused!.body as { message: string }).message).toMatch(
    /Too many booking changes; try again in/,
  );
  // And a cancellation on top: still no more than two.
  expect((await call(stack.api.baseUrl, 'DELETE', `/bookings/${id}`, { token })).status).toBe(200);
  await settled();
  expect(to(STRANGER).length).toBeLessThanOrEqual(2);
  // Whatever is still waiting is one message about the booking, not one per change: the
  // follow-up of the customer's own changes, 10 minutes after the first went.
  const db = openDatabase(stack.api.databasePath);
  try {
    const waiting = db
      .prepare(
        "SELECT COUNT(*) AS n FROM outbox WHERE booking_id = ? AND audience = 'customer' AND status = 'pending'",
      )
      .get(id) as { n: number };
    expect(waiting.n).toBeLessThanOrEqual(1);
    expect(to(STRANGER).length + waiting.n).toBeLessThanOrEqual(3);
  } finally {
    db.close();
  }
});

it(`more than ${OWNER_DIGEST.threshold} requests within an hour: the owner gets each of the first ${OWNER_DIGEST.threshold}, then one digest, and the inbox says so`, async () => {
  const ownerToken = await stack.idp.ownerToken('the-owner');
  const notice = async () =>
    (
      (await call(stack.api.baseUrl, 'GET', '/owner/requests', { token: ownerToken })).body as {
        mailDigest?: unknown;
      }
    ).mailDigest;
  expect(await notice()).toBeNull();
  const total = OWNER_DIGEST.threshold + 5;
  for (let i = 0; i < total; i += 1)
    expect((await post(quoteRequest({ email: `flood${i}@example.com` }))).status).toBe(201);
  await until(() => to(OWNER).length >= OWNER_DIGEST.threshold, "the owner's e-mails");
  await settled();
  // One e-mail for each request up to the threshold; the rest wait for the digest.
  expect(to(OWNER)).toHaveLength(OWNER_DIGEST.threshold);
  const db = openDatabase(stack.api.databasePath);
  try {
    const digests = db
      .prepare("SELECT payload FROM outbox WHERE kind = 'owner-digest' AND status = 'pending'")
      .all() as { payload: string }[];
    expect(digests).toHaveLength(1);
  } finally {
    db.close();
  }
  expect(await notice()).toEqual(expect.objectContaining({ count: 5 }));
});

it('the digest threshold is a setting (OWNER_DIGEST_THRESHOLD): past 2 requests the owner gets the digest', async () => {
  await stack.close();
  stack = await startMailStack(
    { quoteRateLimit: { max: 1000, windowMs: 60_000 }, ownerDigestThreshold: 2 },
    { OWNER_EMAIL: OWNER },
  );
  for (let i = 0; i < 3; i += 1)
    expect((await post(quoteRequest({ email: `few${i}@example.com` }))).status).toBe(201);
  await settled();
  expect(to(OWNER)).toHaveLength(2);
  const db = openDatabase(stack.api.databasePath);
  try {
    expect(
      db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'owner-digest'").get(),
    ).toEqual({ n: 1 });
  } finally {
    db.close();
  }
});
