/**
 * What an authenticated request costs the server beyond its own work: no SQL statement is
 * compiled afresh per request (they are prepared once, server/platform/db.ts `statement`). Counted
 * as calls of better-sqlite3's `prepare` over repeated requests through `app.inject`.
 */
import Database from 'better-sqlite3';
import { startApi, startIdentityProvider, type IdentityProvider, type TestApi } from './helpers';

let idp: IdentityProvider;
let api: TestApi;
let customerToken: string;
let ownerToken: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
  customerToken = await idp.idToken('cost-customer', 'cost@example.com');
  ownerToken = await idp.ownerToken('cost-owner');
});

afterAll(async () => {
  jest.restoreAllMocks();
  await api.close();
  await idp.close();
});

/** `prepare` calls while `times` rounds of the requests are answered (each must be 200). */
async function preparedDuring(times: number, requests: { url: string; token?: string }[]) {
  const prepare = jest.spyOn(Database.prototype, 'prepare');
  try {
    for (let round = 0; round < times; round += 1) {
      for (const { url, token } of requests) {
        const answer = await api.app.inject({
          method: 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(answer.statusCode).toBe(200);
      }
    }
    return prepare.mock.calls.map(([sql]) => String(sql).replace(/\s+/g, ' ').trim());
  } finally {
    prepare.mockRestore();
  }
}

describe('per-request SQL', () => {
  it.each([
    ['GET /profile/me', [{ url: '/profile/me', token: 'customer' }]],
    ['GET /bookings', [{ url: '/bookings', token: 'customer' }]],
    ['GET /owner/numbers', [{ url: '/owner/numbers', token: 'owner' }]],
    ['GET /health/ready', [{ url: '/health/ready', token: 'none' }]],
  ])('%s compiles no statement again when it is asked again', async (_name, asked) => {
    const requests = asked.map(({ url, token }) => ({
      url,
      token: { owner: ownerToken, customer: customerToken }[token],
    }));
    // The first requests may prepare what they use (and create the account).
    await preparedDuring(2, requests);
    expect(await preparedDuring(1, requests)).toEqual([]);
    expect(await preparedDuring(10, requests)).toEqual([]);
  });
});
