/**
 * Claiming a request sent before the account existed: with `fillProfile` the request's name,
 * phone and address fill the profile's empty fields, and never one that has a value; without it
 * the profile stays as it was.
 */
import { call, callBackRequest, serveApiForTests } from './helpers';

const served = serveApiForTests({ quoteRateLimit: { max: 1000, windowMs: 60_000 } });
const address = { line1: '12 Oak St', line2: 'Apt 4', city: 'Cary', state: 'NC', zip: '27511' };

async function customer(sub: string, email: string) {
  const token = await served.idp.idToken(sub, email);
  const as = (method: string, url: string, body?: unknown) =>
    call(served.api.baseUrl, method, url, { token, body });
  expect((await as('GET', '/profile/me')).status).toBe(200);
  return as;
}

/** A request sent without signing in with `email`, as anyone may send one. */
async function anonymousRequest(email: string): Promise<string> {
  const answer = await call(served.api.baseUrl, 'POST', '/bookings', {
    body: callBackRequest({
      name: 'Dana Whitfield',
      phone: '(919) 555-0123',
      email,
      serviceAddress: address,
    }),
  });
  expect(answer.status).toBe(201);
  return (answer.body as { bookingId: string }).bookingId;
}

test('fills an empty profile with the request’s name, phone and address', async () => {
  const as = await customer('fill-empty', 'empty@example.com');
  const id = await anonymousRequest('empty@example.com');
  const claimed = await as('POST', `/bookings/${id}/claim`, {
    decision: 'mine',
    fillProfile: true,
  });
  expect(claimed.status).toBe(204);
  expect((await as('GET', '/profile/me')).body).toMatchObject({
    name: 'Dana Whitfield',
    phone: '(919) 555-0123',
    serviceAddress: address,
  });
});

test('never overwrites a field that has a value', async () => {
  const as = await customer('fill-partly', 'partly@example.com');
  const saved = await as('PUT', '/profile/me', { name: 'Dana W.', phone: '9195550100' });
  expect(saved.status).toBe(200);
  const id = await anonymousRequest('partly@example.com');
  expect(
    (await as('POST', `/bookings/${id}/claim`, { decision: 'mine', fillProfile: true })).status,
  ).toBe(204);
  expect((await as('GET', '/profile/me')).body).toMatchObject({
    name: 'Dana W.',
    phone: '9195550100',
    serviceAddress: address,
  });
});

test('without fillProfile, or with "not mine", the profile stays as it was', async () => {
  const as = await customer('fill-none', 'none@example.com');
  const mine = await anonymousRequest('none@example.com');
  expect((await as('POST', `/bookings/${mine}/claim`, { decision: 'mine' })).status).toBe(204);
  const notMine = await anonymousRequest('none@example.com');
  expect(
    (await as('POST', `/bookings/${notMine}/claim`, { decision: 'not-mine', fillProfile: true }))
      .status,
  ).toBe(204);
  expect((await as('GET', '/profile/me')).body).toMatchObject({
    name: '',
    serviceAddress: null,
  });
});
