import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../testing/contractHttp';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { createFakeCognito, type FakeCognito } from '../../testing/cognito';
import { fakeJwt, signIn } from '../../testing/tokens';
import { api } from '../endpoints';
import { refreshIfNeeded } from './refresh';
import { setNavigate } from './navigation';
import { startSessionWatch } from './sessionWatch';
import { getTokens, LOGOUT_EVENT_KEY, setTokens } from './tokenStore';

jest.mock('../../config/env', () => {
  const actual = jest.requireActual<typeof import('../../config/env')>('../../config/env');
  const { identityTestEnv } =
    jest.requireActual<typeof import('../../testing/cognito')>('../../testing/cognito');
  return { env: { ...actual.env, ...identityTestEnv } };
});

const EMAIL = 'jordan@example.com';
let fake: FakeCognito;

beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
  fake.addUser({ email: EMAIL, password: 'Secret#123' });
});
afterEach(() => {
  jest.useRealTimers();
});

/** Stores a session from the fake pool whose id and access tokens expired a minute ago. */
function storeExpiredSession(): string {
  const { refreshToken } = fake.issueTokens(EMAIL);
  const exp = Math.floor(Date.now() / 1000) - 60;
  setTokens({
    idToken: fakeJwt({ sub: 'sub-1', email: EMAIL, exp, iat: exp - 3600 }),
    accessToken: fakeJwt({ sub: 'sub-1', username: 'sub-1', exp, iat: exp - 3600 }),
    refreshToken,
  });
  return refreshToken;
}

function mainNav() {
  return screen.getAllByRole('navigation', { name: 'Main' })[0]!;
}
async function findMainNav() {
  return (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
}

describe('session refresh', () => {
  it('a cold load of /dashboard with an expired token refreshes once, keeps the refresh token, and shows the dashboard', async () => {
    const refreshToken = storeExpiredSession();
    const { router } = renderApp('/dashboard/vehicles');

    expect(await screen.findByText('Checking authentication…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vehicles');
    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
    expect(fake.callsTo('GetTokensFromRefreshToken')[0]?.body).toMatchObject({
      RefreshToken: refreshToken,
    });
    const tokens = getTokens();
    expect(tokens.refreshToken).toBe(refreshToken);
    expect(sessionStorage.getItem('refreshToken')).toBe(refreshToken);
    expect(tokens.idToken).not.toBe('');
    expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('parallel API calls with an expired token cause exactly one refresh and all carry the new token', async () => {
    storeExpiredSession();
    const seen: (string | null)[] = [];
    server.use(
      contractHttp.get('/vehicles/me', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
      contractHttp.get('/subscriptions', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
      contractHttp.get('/bookings', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    const { store } = renderApp('/');
    // In act(): the home page's lazy sections finish loading while the calls run.
    await act(() =>
      Promise.all([
        store.dispatch(api.endpoints.listMyVehicles.initiate()),
        store.dispatch(api.endpoints.listSubscriptions.initiate()),
        store.dispatch(api.endpoints.listBookings.initiate()),
        refreshIfNeeded(),
        refreshIfNeeded(),
      ]),
    );

    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1);
    expect(seen).toHaveLength(3);
    expect(new Set(seen)).toEqual(new Set([`Bearer ${getTokens().idToken}`]));
  });

  it('a failed refresh outside /auth logs out: tokens cleared, other tabs told, /auth', async () => {
    storeExpiredSession();
    fake.failNext(
      'GetTokensFromRefreshToken',
      'NotAuthorizedException',
      'Refresh Token has expired',
    );
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(getTokens()).toEqual({ idToken: '', accessToken: '', refreshToken: '' });
    expect(sessionStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem(LOGOUT_EVENT_KEY)).not.toBeNull();
  });

  it('a failed refresh on an auth page does not log out', async () => {
    storeExpiredSession();
    fake.failNext(
      'GetTokensFromRefreshToken',
      'NotAuthorizedException',
      'Refresh Token has expired',
    );
    const { store, router } = renderApp('/auth-callback?code=pending');
    setNavigate(
      (to) => void router.navigate(to),
      () => router.state.location.pathname,
    );
    const stop = startSessionWatch(store);

    await waitFor(() => expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1));
    await act(() => refreshIfNeeded());
    expect(localStorage.getItem(LOGOUT_EVENT_KEY)).toBeNull();
    stop();
  });
});

describe('session timing', () => {
  const fakeTimers = () =>
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });

  it('logs out 30 s before the id token expires when no refresh is possible', async () => {
    fakeTimers();
    const t0 = new Date('2030-01-01T12:00:00Z').getTime();
    jest.setSystemTime(t0);
    signIn({ validForSec: 90, now: t0 });
    for (const storage of [localStorage, sessionStorage]) storage.removeItem('refreshToken');
    const { router } = renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();

    const logoutDue = t0 + 90_000 - 30_000;
    act(() => jest.advanceTimersByTime(logoutDue - 1_000 - Date.now()));
    expect(router.state.location.pathname).toBe('/dashboard/vehicles');
    expect(getTokens().idToken).not.toBe('');

    act(() => jest.advanceTimersByTime(1_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(getTokens().idToken).toBe('');
    expect(sessionStorage.getItem('idToken')).toBeNull();
    expect(localStorage.getItem(LOGOUT_EVENT_KEY)).not.toBeNull();
  });

  it('refreshes 30 s before expiry when a refresh token exists, and keeps the user signed in', async () => {
    fakeTimers();
    const t0 = new Date('2030-01-01T12:00:00Z').getTime();
    jest.setSystemTime(t0);
    fake.setTokenTtl(120);
    const issued = fake.issueTokens(EMAIL);
    setTokens(issued);
    const { router } = renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();
    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(0);

    // Refresh due 30 s before the 120 s tokens expire.
    const refreshDue = t0 + 120_000 - 30_000;
    await act(() => jest.advanceTimersByTimeAsync(refreshDue - 1_000 - Date.now()));
    expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(fake.callsTo('GetTokensFromRefreshToken')).toHaveLength(1));
    await waitFor(() => expect(getTokens().idToken).not.toBe(issued.idToken));
    expect(getTokens().refreshToken).toBe(issued.refreshToken);
    expect(router.state.location.pathname).toBe('/dashboard/vehicles');
  });
});

describe('other tabs', () => {
  it('a logout in another tab clears this tab too and leaves the dashboard', async () => {
    signIn();
    const { router } = renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();

    // The other tab cleared the shared local storage and wrote the event.
    localStorage.clear();
    act(() => {
      localStorage.setItem(LOGOUT_EVENT_KEY, String(Date.now()));
      window.dispatchEvent(
        new StorageEvent('storage', { key: LOGOUT_EVENT_KEY, newValue: String(Date.now()) }),
      );
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(sessionStorage.getItem('idToken')).toBeNull();
    expect(within(mainNav()).getByRole('link', { name: 'Login / Sign Up' })).toBeInTheDocument();
  });

  it('a sign-in in another tab shows up in this tab', async () => {
    const { store } = renderApp('/services');
    const stop = startSessionWatch(store);
    expect(
      await within(await findMainNav()).findByRole('link', { name: 'Login / Sign Up' }),
    ).toBeInTheDocument();

    const { idToken } = signIn();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'idToken', newValue: idToken }));
    });
    expect(
      await within(mainNav()).findByRole('link', { name: 'My Dashboard' }),
    ).toBeInTheDocument();
    stop();
  });
});

describe('logout', () => {
  it('clears both storages, tells other tabs, revokes the session at the provider and goes to /auth', async () => {
    const issued = fake.issueTokens(EMAIL);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    // Cognito marks revocable sessions with origin_jti.
    const accessToken = fakeJwt({ sub: 's', username: 's', exp, iat: exp - 60, origin_jti: 'o-1' });
    setTokens({ ...issued, accessToken });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();

    await user.click(within(mainNav()).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of ['idToken', 'accessToken', 'refreshToken']) {
        expect(storage.getItem(key)).toBeNull();
      }
    }
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem(LOGOUT_EVENT_KEY)).not.toBeNull();
    await waitFor(() => expect(fake.callsTo('RevokeToken')).toHaveLength(1));
    expect(fake.callsTo('RevokeToken')[0]?.body).toMatchObject({ Token: issued.refreshToken });
  });
});
