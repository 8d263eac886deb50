/**
 * Whether the owner has confirmed a request yet, as the customer's bookings say it: while the
 * owner confirms each request, a Booked request waits (`awaitingConfirmation`) until the owner
 * schedules it; under "Instant booking" it never waits. The stored status stays Booked either way.
 */
import { call, quoteRequest, ROOMY_RULES, serveApiForTests } from './helpers';

const served = serveApiForTests({ quoteRateLimit: { max: 1000, windowMs: 60_000 } });
let ownerToken: string;
let customerToken: string;

beforeAll(async () => {
  ownerToken = await served.idp.ownerToken('owner-sub');
  customerToken = await served.idp.idToken('wendy-sub', 'wendy@example.com');
});

const asOwner = (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, { token: ownerToken, body });
const asCustomer = (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, { token: customerToken, body });

interface Listed {
  bookingId: string;
  status: string;
  awaitingConfirmation?: boolean;
}

async function listed(bookingId: string): Promise<Listed | undefined> {
  const answer = await asCustomer('GET', '/bookings');
  expect(answer.status).toBe(200);
  return (answer.body as Listed[]).find((booking) => booking.bookingId === bookingId);
}

async function request(): Promise<Listed> {
  const answer = await asCustomer(
    'POST',
    '/bookings',
    quoteRequest({ email: 'wendy@example.com' }),
  );
  expect(answer.status).toBe(201);
  return answer.body as Listed;
}

test('a request waits for the owner until the owner schedules it, still Booked', async () => {
  expect(
    (await asOwner('PUT', '/owner/availability', { ...ROOMY_RULES, mode: 'confirm' })).status,
  ).toBe(200);
  const created = await request();
  expect(created).toMatchObject({ status: 'Booked', awaitingConfirmation: true });
  expect(await listed(created.bookingId)).toMatchObject({
    status: 'Booked',
    awaitingConfirmation: true,
  });

  const booked = await listed(created.bookingId);
  const scheduled = await asOwner('PUT', `/owner/bookings/${created.bookingId}/schedule`, {
    date: (booked as unknown as { date: string }).date,
    time: (booked as unknown as { time: string }).time,
  });
  expect(scheduled.status).toBe(200);
  expect(await listed(created.bookingId)).toMatchObject({
    status: 'Booked',
    awaitingConfirmation: false,
  });
});

test('under "Instant booking" a request never waits', async () => {
  expect(
    (await asOwner('PUT', '/owner/availability', { ...ROOMY_RULES, mode: 'instant' })).status,
  ).toBe(200);
  const created = await request();
  expect(created).toMatchObject({ status: 'Booked', awaitingConfirmation: false });
  expect(await listed(created.bookingId)).toMatchObject({ awaitingConfirmation: false });
});
