import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../testing/render';
import { fakeJwt, signIn } from '../../testing/tokens';

describe('dashboard route guard', () => {
  it('sends a visitor without a session to /auth', async () => {
    const { router } = renderApp('/dashboard/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
  });

  it('clears an expired session that cannot be refreshed and sends the user to /auth', async () => {
    const exp = Math.floor(Date.now() / 1000) - 5;
    for (const storage of [localStorage, sessionStorage]) {
      storage.setItem('idToken', fakeJwt({ sub: 'u', email: 'a@b.c', exp }));
      storage.setItem('accessToken', fakeJwt({ sub: 'u', exp }));
    }
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('idToken')).toBeNull();
      expect(storage.getItem('accessToken')).toBeNull();
    }
  });

  it('treats a token inside the 30 s expiry margin as expired', async () => {
    signIn({ validForSec: 20 });
    for (const storage of [localStorage, sessionStorage]) storage.removeItem('refreshToken');
    const { router } = renderApp('/dashboard/vehicles');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('shows the dashboard for a valid session', async () => {
    signIn();
    const { router } = renderApp('/dashboard/vehicles');
    expect(await screen.findByRole('heading', { name: 'My Vehicles' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vehicles');
  });
});
