import { isLazyRoute } from '../lib/lazyRoute';
import { preloadRoute } from './routes';
import { dashboardPages } from './dashboard/dashboardPages';
import { createAppStore } from './appStore';
import { server } from '../testing/server';
import { signIn } from '../testing/tokens';
import { API } from '../testing/api';
import { clearTokens } from '../api/session/tokenStore';

/** The API paths the test server is asked for while `run` runs and its requests settle. */
async function requestedPaths(run: () => Promise<void>): Promise<string[]> {
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    paths.push(new URL(request.url).pathname + new URL(request.url).search);
  };
  server.events.on('request:start', listener);
  try {
    await run();
    // Requests that started go on after the code has loaded; give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return paths.sort();
}

describe('preloadRoute', () => {
  afterEach(() => clearTokens());

  it('loads the dashboard page the path shows together with the dashboard, and no other', async () => {
    // The overview comes with the dashboard's own module; the other pages load on demand.
    const pages = dashboardPages.flatMap(({ path, Page }) =>
      isLazyRoute(Page) ? [{ path, preload: jest.spyOn(Page, 'preload') }] : [],
    );
    expect(pages.map(({ path }) => path)).not.toContain('');
    await preloadRoute('/dashboard/vehicles', createAppStore());
    for (const { path, preload } of pages) {
      expect([path, preload.mock.calls.length]).toEqual([path, path === 'vehicles' ? 1 : 0]);
    }
  });

  it('signed in, requests the overview’s six sources while the code loads, before any render', async () => {
    signIn();
    const paths = await requestedPaths(() => preloadRoute('/dashboard', createAppStore()));
    expect(paths.map((path) => path.slice(new URL(API).pathname.length))).toEqual([
      '/bookings',
      '/calendly-bookings',
      '/loyalty',
      '/profile/me',
      '/subscriptions',
      '/vehicles/me',
    ]);
  });

  it('signed out, requests nothing (the guard sends the visitor to sign in)', async () => {
    const paths = await requestedPaths(() => preloadRoute('/dashboard', createAppStore()));
    expect(paths).toEqual([]);
  });
});
