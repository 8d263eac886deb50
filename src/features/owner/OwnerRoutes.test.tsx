import { isLazyRoute } from '../../lib/lazyRoute';
import { ownerPages } from './OwnerRoutes';
import { OWNER_BASE } from './ownerPageList';

// The console's pages register as the dashboard's do (src/app/dashboard/dashboardPages.tsx):
// one list, and a page that loads on demand is a `lazyRoute`, which can be loaded ahead.
it('lists each page of the console once, with its path, and its label when it has a link', () => {
  const paths = ownerPages.map(({ path }) => path);
  expect(new Set(paths).size).toBe(paths.length);
  expect(ownerPages.filter(({ nav }) => nav).map(({ path, nav }) => [path, nav?.label])).toEqual([
    ['', 'Inbox'],
    ['route', 'Route'],
    ['customers', 'Customers'],
    ['numbers', 'Numbers'],
    ['availability', 'Availability'],
    ['business', 'Your business'],
    ['health', 'Health'],
  ]);
  expect(OWNER_BASE).toBe('/owner');
});

it("loads the charts', the availability's and the business's pages on demand, through lazyRoute (preloadable)", async () => {
  const onDemand = ownerPages.filter(({ Page }) => isLazyRoute(Page));
  expect(onDemand.map(({ path }) => path)).toEqual(['numbers', 'availability', 'business']);
  for (const { Page } of onDemand) {
    if (isLazyRoute(Page)) expect(typeof (await Page.preload())).toBe('function');
  }
});
