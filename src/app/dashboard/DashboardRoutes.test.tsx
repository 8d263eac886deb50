import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../testing/contractHttp';
import { renderApp } from '../../testing/render';
import { dashboardPages } from './dashboardPages';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import { LOYALTY_LEVEL_KEY } from '../../api/session/tokenStore';

/** Each page's sidebar link; the loyalty link may carry the stored level in brackets. */
const labels = dashboardPages.map(({ label }) => new RegExp(`^${label}( \\(\\w+\\))?$`));

function loyaltyPoints(points: number) {
  server.use(
    contractHttp.get('/loyalty', () =>
      HttpResponse.json({
        userId: 'user-1',
        points,
        transactions: [],
        createdAt: '2026-01-01T00:00:00.000Z',
        lastUpdated: '2026-01-01T00:00:00.000Z',
      }),
    ),
  );
}

/** Pretends the viewport is at least `md` wide (jsdom's matchMedia matches nothing). */
function desktopViewport() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: /min-width/.test(query),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('Dashboard layout and pages', () => {
  beforeEach(() => signIn());

  it('on small screens the sidebar is a drawer behind a menu button', async () => {
    loyaltyPoints(3600);
    const { router } = renderApp('/dashboard/subscriptions');
    const menu = await screen.findByRole('button', { name: 'Open dashboard menu' });
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(dashboardPages.length);
    labels.forEach((label, i) => expect(links[i]).toHaveAccessibleName(label));
    expect(within(nav).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The loyalty level is stored when loyalty loads and shown in brackets.
    expect(
      await within(nav).findByRole('link', { name: 'Loyalty Program (Gold)' }),
    ).toHaveAttribute('href', '/dashboard/loyalty');
    expect(window.localStorage.getItem(LOYALTY_LEVEL_KEY)).toBe('Gold');

    await userEvent.click(within(nav).getByRole('link', { name: 'Vehicles' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/vehicles'));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument(),
    );
  });

  it.each(dashboardPages.map(({ path, label }) => [label, path]))(
    'the sidebar link %s opens /dashboard/%s',
    async (label, path) => {
      const restore = desktopViewport();
      try {
        const { router } = renderApp(path === 'profile' ? '/dashboard' : '/dashboard/profile');
        const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
        await userEvent.click(within(nav).getByRole('link', { name: new RegExp(`^${label}`) }));
        await waitFor(() =>
          expect(router.state.location.pathname).toBe(path ? `/dashboard/${path}` : '/dashboard'),
        );
        expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      } finally {
        restore();
      }
    },
  );

  it('on wide screens the sidebar is always shown', async () => {
    const restore = desktopViewport();
    try {
      renderApp('/dashboard/profile');
      const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
      expect(screen.queryByRole('button', { name: 'Open dashboard menu' })).not.toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
        'href',
        '/dashboard/profile',
      );
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
    } finally {
      restore();
    }
  });

  it('shows the stored level when loyalty cannot be loaded, and none when nothing is stored', async () => {
    const restore = desktopViewport();
    try {
      let loyaltyCalls = 0;
      server.use(
        contractHttp.get('/loyalty', () => {
          loyaltyCalls += 1;
          return new HttpResponse(null, { status: 500 });
        }),
      );
      window.localStorage.setItem(LOYALTY_LEVEL_KEY, 'Silver');
      const first = renderApp('/dashboard/profile');
      const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
      expect(
        await within(nav).findByRole('link', { name: 'Loyalty Program (Silver)' }),
      ).toBeInTheDocument();
      first.unmount();

      window.localStorage.removeItem(LOYALTY_LEVEL_KEY);
      renderApp('/dashboard/profile');
      const again = await screen.findByRole('navigation', { name: 'Dashboard' });
      await waitFor(() => expect(loyaltyCalls).toBe(2));
      await screen.findByText('Account ID:');
      expect(within(again).getByRole('link', { name: 'Loyalty Program' })).toBeInTheDocument();
      expect(window.localStorage.getItem(LOYALTY_LEVEL_KEY)).toBeNull();
    } finally {
      restore();
    }
  });
});
