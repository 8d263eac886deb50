import { http, HttpResponse } from 'msw';
import { apiUrl } from '../testing/api';
import { contractHttp } from '../testing/contractHttp';
import { server } from '../testing/server';
import { fakeJwt, signIn } from '../testing/tokens';
import { makeStore } from '../testing/render';
import { api } from './endpoints';
import { clearTokens, getTokens, setTokens } from './session/tokenStore';
import { setNavigate } from './session/navigation';
import { retryAfterMs } from './baseQuery';
import type { ApiError } from './errors';

function run<T>(thunk: (store: ReturnType<typeof makeStore>) => Promise<T>) {
  const store = makeStore();
  return thunk(store);
}

const getProfile = () =>
  run(async (store) => {
    const result = await store.dispatch(
      api.endpoints.getMyProfile.initiate(undefined, { forceRefetch: true }),
    );
    return { result, store };
  });

/** The Authorization header the profile's request arrives with. */
async function authorizationSent(): Promise<string | null> {
  let auth: string | null = null;
  server.use(
    contractHttp.get('/profile/me', ({ request }) => {
      auth = request.headers.get('authorization');
      return HttpResponse.json({ userId: 'u', email: 'a@b.c', name: 'A' });
    }),
  );
  await getProfile();
  return auth;
}

describe('base query', () => {
  let navigated: string[];
  beforeEach(() => {
    navigated = [];
    setNavigate((path) => navigated.push(path));
  });

  it('sends the id token as the bearer when there is one', async () => {
    const { idToken } = signIn();
    expect(await authorizationSent()).toBe(`Bearer ${idToken}`);
  });

  it('falls back to the access token when there is no id token', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const accessToken = fakeJwt({ sub: 'u', exp, token_use: 'access' });
    setTokens({ accessToken });
    expect(await authorizationSent()).toBe(`Bearer ${accessToken}`);
  });

  it('sends no Authorization header when signed out, JSON content type with a body, and no cookies', async () => {
    let seen: { auth: string | null; type: string | null; credentials: RequestCredentials } | null =
      null;
    server.use(
      contractHttp.post('/bookings', ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          credentials: request.credentials,
        };
        return HttpResponse.json(
          {
            bookingId: 'b',
            email: 'sam@example.com',
            vehicleType: 'Sedan',
            vehicle: '',
            selectedAddons: [],
            totalPrice: 90,
            status: 'Booked',
            source: 'website',
            createdAt: '2026-11-21T12:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    await run((store) =>
      store.dispatch(
        api.endpoints.createBooking.initiate({
          quoteRequest: {
            name: 'Sam',
            phone: '9195550199',
            email: 'sam@example.com',
            vehicleType: 'Sedan',
            selectedAddons: [],
            date: '2026-12-05',
            time: '10:00 AM',
            totalPrice: 90,
          },
        }),
      ),
    );
    expect(seen).toEqual({ auth: null, type: 'application/json', credentials: 'omit' });
  });

  it('turns a non-OK answer into "API {status}: {body text}" and keeps the server message', async () => {
    signIn();
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json({ error: 'Not Found', message: 'No profile' }, { status: 404 }),
      ),
    );
    const { result } = await getProfile();
    const error = result.error as ApiError;
    expect(error.message).toBe('API 404: {"error":"Not Found","message":"No profile"}');
    expect(error.serverMessage).toBe('No profile');
    expect(error.kind).toBe('http');
  });

  it.each([401, 403])('on %s removes the stored id token and goes to /auth', async (status) => {
    signIn();
    // Off the contract on purpose: a gateway's refusal is plain text, not the API's Error body.
    server.use(http.get(apiUrl('/profile/me'), () => new HttpResponse('denied', { status })));
    const { result, store } = await getProfile();
    expect((result.error as ApiError).message).toBe(`API ${status}: denied`);
    expect(getTokens().idToken).toBe('');
    expect(window.sessionStorage.getItem('idToken')).toBeNull();
    expect(getTokens().refreshToken).toBe('refresh-token-1');
    expect(navigated).toEqual(['/auth']);
    expect(store.getState().session.status).toBe('anonymous');
  });

  it.each([
    ['ended while it was on its way (the account deleted, signed out)', true],
    ['sent without one (signed out)', false],
  ])('a 401 for a session %s leaves the page where it goes', async (_case, signedIn) => {
    if (signedIn) signIn();
    server.use(
      http.get(apiUrl('/profile/me'), () => {
        // The session this request carried is over by the time the refusal arrives.
        clearTokens();
        return new HttpResponse('denied', { status: 401 });
      }),
    );
    const { result } = await getProfile();
    expect((result.error as ApiError).status).toBe(401);
    expect(navigated).toEqual([]);
  });

  it('a network failure is its own error kind', async () => {
    signIn();
    server.use(contractHttp.get('/profile/me', () => HttpResponse.error()));
    const { result } = await getProfile();
    expect(result.error).toMatchObject({
      kind: 'network',
      status: 'FETCH_ERROR',
      message: 'Network error',
    });
  });

  describe('429', () => {
    afterEach(() => jest.useRealTimers());

    async function with429(retryAfter: string, secondStatus = 200) {
      signIn();
      const calls: number[] = [];
      server.use(
        contractHttp.get('/profile/me', () => {
          calls.push(Date.now());
          if (calls.length === 1) {
            return HttpResponse.json(
              { error: 'Too Many Requests', message: 'slow down' },
              { status: 429, headers: { 'Retry-After': retryAfter } },
            );
          }
          return secondStatus === 200
            ? HttpResponse.json({ userId: 'u', email: 'a@b.c', name: 'A' })
            : HttpResponse.json(
                { error: 'Too Many Requests', message: 'still busy' },
                { status: secondStatus, headers: { 'Retry-After': '1' } },
              );
        }),
      );
      // The wait the answer asks for passes on a fake clock (Date.now included).
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      const pending = getProfile();
      await jest.advanceTimersByTimeAsync(2000);
      const { result } = await pending;
      return { result, calls };
    }

    it('waits Retry-After seconds and retries once', async () => {
      const started = Date.now();
      const { result, calls } = await with429('1');
      expect(calls).toHaveLength(2);
      expect(calls[1]! - started).toBeGreaterThanOrEqual(950);
      expect(result.data).toMatchObject({ name: 'A' });
    });

    it('accepts an HTTP date', async () => {
      const at = new Date(Date.now() + 1500).toUTCString();
      const { result, calls } = await with429(at);
      expect(calls).toHaveLength(2);
      expect(result.data).toMatchObject({ name: 'A' });
    });

    it('retries only once', async () => {
      const { result, calls } = await with429('0', 429);
      expect(calls).toHaveLength(2);
      expect((result.error as ApiError).status).toBe(429);
    });

    it('does not retry the quote request', async () => {
      let calls = 0;
      server.use(
        contractHttp.post('/bookings', () => {
          calls += 1;
          return HttpResponse.json(
            { error: 'Too Many Requests', message: 'Too many' },
            { status: 429, headers: { 'Retry-After': '0' } },
          );
        }),
      );
      const result = await run((store) =>
        store.dispatch(
          api.endpoints.createBooking.initiate({
            quoteRequest: {
              name: 'Sam',
              phone: '9195550199',
              email: 'sam@example.com',
              vehicleType: 'Sedan',
              selectedAddons: [],
              date: '2026-12-05',
              time: '10:00 AM',
              totalPrice: 90,
            },
          }),
        ),
      );
      expect(calls).toBe(1);
      expect(result.error).toMatchObject({ status: 429 });
    });
  });

  it('retryAfterMs reads seconds and HTTP dates, and ignores garbage', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sat, 21 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBe(0);
  });

  it('normalises answers through the enhanced endpoints (legacy shapes included)', async () => {
    signIn();
    server.use(
      // Off the contract on purpose: a legacy backend's DynamoDB-typed attributes.
      http.get(apiUrl('/vehicles/me'), () =>
        HttpResponse.json([
          { id: { S: 'v1' }, make: { S: ' Honda ' }, model: 'Civic', year: { N: '2020' } },
        ]),
      ),
    );
    const result = await run((store) => store.dispatch(api.endpoints.listMyVehicles.initiate()));
    expect(result.data).toEqual([
      { vehicleId: 'v1', make: 'Honda', model: 'Civic', year: 2020, licensePlate: '' },
    ]);
  });
});
