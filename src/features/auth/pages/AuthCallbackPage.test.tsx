import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { createFakeCognito, type FakeCognito } from '../../../testing/cognito';
import { fakeJwt } from '../../../testing/tokens';
import { setExternalNavigate } from '../../../api/session/navigation';
import { env } from '../../../config/env';
import { http, HttpResponse } from 'msw';

jest.mock('../../../config/env', () => {
  const actual = jest.requireActual<typeof import('../../../config/env')>('../../../config/env');
  const { identityTestEnv } = jest.requireActual<typeof import('../../../testing/cognito')>(
    '../../../testing/cognito',
  );
  return { env: { ...actual.env, ...identityTestEnv } };
});

const EMAIL = 'casey@example.com';
let fake: FakeCognito;
let leftFor: string[];

beforeEach(() => {
  fake = createFakeCognito();
  server.use(...fake.handlers);
  leftFor = [];
  setExternalNavigate((url) => leftFor.push(url));
});

/** Clicks a Google button and returns the authorize URL the browser was sent to. */
async function startGoogle(path: string, button: string): Promise<URL> {
  const user = userEvent.setup();
  const view = renderApp(path);
  await user.click(await screen.findByRole('button', { name: button }));
  await waitFor(() => expect(leftFor).toHaveLength(1));
  view.unmount();
  return new URL(leftFor[0]!);
}

describe('hosted Google login', () => {
  it.each([
    ['/auth', 'Continue with Google'],
    ['/signup', 'Sign up with Google'],
    ['/forgot-password', 'Continue with Google'],
  ])('%s: "%s" goes to the hosted sign-in with PKCE', async (path, button) => {
    const url = await startGoogle(path, button);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.cognitoHostedDomain}/oauth2/authorize`);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe(env.cognitoClientId);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('redirect_uri')).toBe(`${window.location.origin}/auth-callback`);
    expect(p.get('identity_provider')).toBe('Google');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(sessionStorage.getItem('oauth-pkce')).toContain(p.get('state'));
  });

  it('completes the sign-in at /auth-callback: code exchange with the verifier, tokens stored, /dashboard', async () => {
    const authorizeUrl = await startGoogle('/auth', 'Continue with Google');
    const back = fake.authorize(authorizeUrl.toString(), EMAIL);
    const { router } = renderApp(`${back.pathname}${back.search}`);

    // The spec's texts, without dots.
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Completing sign-in')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    expect(fake.tokenRequests).toHaveLength(1);
    const form = fake.tokenRequests[0]!;
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_id')).toBe(env.cognitoClientId);
    expect(form.get('redirect_uri')).toBe(`${window.location.origin}/auth-callback`);
    expect(form.get('code')).toBe(back.searchParams.get('code'));
    expect(form.get('code_verifier')).toBeTruthy();
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('idToken')).toMatch(/\./);
      expect(storage.getItem('refreshToken')).toMatch(/^refresh-/);
    }
    expect(sessionStorage.getItem('oauth-pkce')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: EMAIL });
  });

  it('says "Missing authorization code in callback URL." without a code', async () => {
    renderApp('/auth-callback?state=x');
    expect(
      await screen.findByText('Missing authorization code in callback URL.'),
    ).toBeInTheDocument();
    expect(fake.tokenRequests).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('says "Authentication failed. Please try again." when the exchange fails', async () => {
    const authorizeUrl = await startGoogle('/auth', 'Continue with Google');
    const state = authorizeUrl.searchParams.get('state') ?? '';
    const { router } = renderApp(`/auth-callback?code=unknown-code&state=${state}`);
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(fake.tokenRequests).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/auth-callback');
    expect(localStorage.getItem('idToken')).toBeNull();
  });

  it('says "Authentication failed. Please try again." when the answer has no id token', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    server.use(
      http.post(`${env.cognitoHostedDomain}/oauth2/token`, () =>
        HttpResponse.json({ access_token: fakeJwt({ sub: 'u', exp }), token_type: 'Bearer' }),
      ),
    );
    const authorizeUrl = await startGoogle('/auth', 'Continue with Google');
    renderApp(`/auth-callback?code=abc&state=${authorizeUrl.searchParams.get('state') ?? ''}`);
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('refuses, without calling the token endpoint, a callback this browser did not start', async () => {
    // Someone else's valid code, opened in a fresh browser (login CSRF).
    const elsewhere = fake.authorize(
      (await startGoogle('/auth', 'Continue with Google')).toString(),
      'attacker@example.com',
    );
    sessionStorage.clear();
    const { router } = renderApp(`${elsewhere.pathname}${elsewhere.search}`);
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(fake.tokenRequests).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/auth-callback');
    expect(localStorage.getItem('idToken')).toBeNull();
  });

  it('refuses a callback whose pending sign-in has no PKCE verifier', async () => {
    const authorizeUrl = await startGoogle('/auth', 'Continue with Google');
    const back = fake.authorize(authorizeUrl.toString(), EMAIL);
    const pending = JSON.parse(sessionStorage.getItem('oauth-pkce') ?? '{}') as object;
    sessionStorage.setItem('oauth-pkce', JSON.stringify({ ...pending, codeVerifier: '' }));
    renderApp(`${back.pathname}${back.search}`);
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(fake.tokenRequests).toHaveLength(0);
  });

  it('ends the hosted session too when a hosted sign-in logs out', async () => {
    const authorizeUrl = await startGoogle('/auth', 'Continue with Google');
    const back = fake.authorize(authorizeUrl.toString(), EMAIL);
    const user = userEvent.setup();
    const { router } = renderApp(`${back.pathname}${back.search}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    leftFor.length = 0;
    await user.click((await screen.findAllByRole('button', { name: 'Logout' }))[0]!);
    await waitFor(() => expect(leftFor).toHaveLength(1));
    const logout = new URL(leftFor[0]!);
    expect(`${logout.origin}${logout.pathname}`).toBe(`${env.cognitoHostedDomain}/logout`);
    expect(logout.searchParams.get('client_id')).toBe(env.cognitoClientId);
    expect(logout.searchParams.get('logout_uri')).toBe(`${window.location.origin}/auth`);
    expect(localStorage.getItem('idToken')).toBeNull();
  });

  it('refuses a callback whose state is not the one this browser sent', async () => {
    const authorizeUrl = await startGoogle('/auth', 'Continue with Google');
    const back = fake.authorize(authorizeUrl.toString(), EMAIL);
    back.searchParams.set('state', 'forged');
    renderApp(`${back.pathname}${back.search}`);
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(fake.tokenRequests).toHaveLength(0);
  });
});
