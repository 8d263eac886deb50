import type { LazyRoute } from './lazyRoute';
import { preloadRoute } from './routes';
import { dashboardPages } from './dashboard/dashboardPages';

describe('preloadRoute', () => {
  it('loads the dashboard page the path shows together with the dashboard, and no other', async () => {
    const pages = dashboardPages.map(({ path, Page }) => ({
      path,
      preload: jest.spyOn(Page as LazyRoute, 'preload'),
    }));
    await preloadRoute('/dashboard/vehicles');
    for (const { path, preload } of pages) {
      expect([path, preload.mock.calls.length]).toEqual([path, path === 'vehicles' ? 1 : 0]);
    }
  });
});
