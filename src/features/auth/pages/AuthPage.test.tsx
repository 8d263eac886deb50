import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { renderApp } from '../../../testing/render';
import { fakeJwt, signIn } from '../../../testing/tokens';
import { authModeOf } from './AuthPage';

describe('authentication page', () => {
  it.each([
    ['/auth', 'Log In'],
    ['/login', 'Log In'],
    ['/auth?mode=login', 'Log In'],
    ['/signup', 'Sign Up'],
    ['/auth?mode=signup', 'Sign Up'],
    ['/forgot-password', 'Reset Your Password'],
  ])('%s shows the %s mode', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('mode=login wins on /auth and the path wins elsewhere', () => {
    expect(authModeOf('/auth', 'login')).toBe('login');
    expect(authModeOf('/auth', 'forgot-password')).toBe('forgot-password');
    expect(authModeOf('/auth', 'nonsense')).toBe('login');
    expect(authModeOf('/signup', 'login')).toBe('signup');
  });

  it('links between the modes and back to the home page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/auth');
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to /dashboard, replacing the history entry, when a valid token is stored', async () => {
    signIn();
    const { router } = renderApp('/auth');
    expect(await screen.findByText('Checking authentication status...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('clears an expired session from both storages, all but this browser’s device, and shows the form', async () => {
    const exp = Math.floor(Date.now() / 1000) - 60;
    for (const storage of [localStorage, sessionStorage]) {
      storage.setItem('idToken', fakeJwt({ sub: 'u', exp }));
      storage.setItem('accessToken', fakeJwt({ sub: 'u', exp }));
      storage.setItem('refreshToken', 'refresh-old');
    }
    localStorage.setItem('user', JSON.stringify({ sub: 'u', email: 'a@b.c' }));
    // Not only the token keys: the whole of both storages is cleared (docs/product.md §2).
    localStorage.setItem('loyaltyLevel', 'Gold');
    localStorage.setItem('someOtherKey', 'left over');
    sessionStorage.setItem('someOtherKey', 'left over');
    // This browser's device at the user pool (the identity library's keys, and which account
    // the typed e-mail signed in to): kept, so a remembered device stays remembered and the
    // next sign-in names the device the pool already tracks.
    const device = {
      'CognitoIdentityServiceProvider.client-1.sub-1.deviceKey': 'us-east-1_device',
      'CognitoIdentityServiceProvider.client-1.sub-1.deviceGroupKey': '-group',
      'CognitoIdentityServiceProvider.client-1.sub-1.randomPasswordKey': 'device-password',
      'CognitoIdentityServiceProvider.client-1.a@b.c.deviceUsername': 'sub-1',
    };
    for (const [key, value] of Object.entries(device)) localStorage.setItem(key, value);
    localStorage.setItem('CognitoIdentityServiceProvider.client-1.sub-1.refreshToken', 'old');
    const { router } = renderApp('/auth');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of ['idToken', 'accessToken', 'refreshToken']) {
        expect(storage.getItem(key)).toBeNull();
      }
    }
    expect(localStorage.getItem('user')).toBeNull();
    expect(Object.fromEntries(Object.entries(localStorage))).toEqual(device);
    expect(sessionStorage).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('can be used with the keyboard only: Tab to the fields and Enter to submit', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    const email = await screen.findByLabelText('Email');
    email.focus();
    await user.keyboard('not-an-email');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.keyboard('whatever{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    expect(email).toHaveFocus();
  });
});
