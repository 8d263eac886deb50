/**
 * Every route of the product (docs/product.md §2) with what shows that its page has finished loading:
 * the visitor journey, the accessibility checks and the screenshots walk these lists.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  ownerPageList,
  ownerPageUrl,
  type OwnerPageEntry,
  type OwnerPageId,
} from '../../../src/features/owner/ownerPageList';

export interface RouteCheck {
  path: string;
  /** File-name-safe name of the route. */
  name: string;
  /** Waits until the page shows its content (not a loading state). */
  ready(page: Page): Promise<void>;
  /** Goes to the page when going to `path` is not enough (it is reached from another page). */
  open?(page: Page): Promise<void>;
}

/** Goes to the route's page (through `open` when it has one). */
export async function visit(page: Page, route: RouteCheck) {
  if (route.open) await route.open(page);
  else await page.goto(route.path);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** No loading indicator left in the main content. */
async function settled(page: Page) {
  await expect(page.locator('main [role="status"][aria-label^="Loading"]')).toHaveCount(0);
  await expect(page.locator('main .MuiCircularProgress-root')).toHaveCount(0);
}

export const publicRoutes: RouteCheck[] = [
  { path: '/', name: 'home', ready: heading(/.+/) },
  { path: '/services', name: 'services', ready: heading('Our Services') },
  { path: '/gallery', name: 'gallery', ready: heading('Gallery') },
  { path: '/contact', name: 'contact', ready: heading('Contact Us') },
  { path: '/booking', name: 'booking', ready: heading('Book a Service') },
  { path: '/privacy', name: 'privacy', ready: heading('Privacy Policy') },
  { path: '/terms', name: 'terms', ready: heading('Terms of Service') },
  { path: '/auth', name: 'auth', ready: heading('Log In') },
  { path: '/login', name: 'login', ready: heading('Log In') },
  { path: '/signup', name: 'signup', ready: heading('Sign Up') },
  { path: '/forgot-password', name: 'forgot-password', ready: heading('Reset Your Password') },
  {
    path: '/auth-callback',
    name: 'auth-callback',
    ready: async (page) =>
      expect(page.getByText('Missing authorization code in callback URL.')).toBeVisible(),
  },
];

export const dashboardRoutes: RouteCheck[] = [
  {
    path: '/dashboard',
    name: 'dashboard',
    ready: async (page) => {
      await heading('Dashboard')(page);
      await expect(page.getByText('Upcoming Appointments')).toBeVisible();
      await settled(page);
    },
  },
  {
    path: '/dashboard/profile',
    name: 'dashboard-profile',
    ready: async (page) => {
      await heading('Account Profile')(page);
      await expect(page.getByText('Your Profile')).toBeVisible();
      await settled(page);
    },
  },
  {
    path: '/dashboard/security',
    name: 'dashboard-security',
    ready: async (page) => {
      await heading('Account Security')(page);
      await expect(page.getByRole('button', { name: /authenticator app/ })).toBeVisible();
    },
  },
  {
    path: '/dashboard/vehicles',
    name: 'dashboard-vehicles',
    ready: async (page) => {
      await heading('My Vehicles')(page);
      await expect(page.getByRole('heading', { name: /Add Vehicle|Edit Vehicle/ })).toBeVisible();
    },
  },
  {
    path: '/dashboard/bookings',
    name: 'dashboard-bookings',
    ready: async (page) => {
      await expect(page.getByRole('table', { name: 'Website bookings' })).toBeVisible();
      await settled(page);
    },
  },
  {
    path: '/dashboard/subscriptions',
    name: 'dashboard-subscriptions',
    ready: async (page) => {
      await heading('My Subscriptions')(page);
      await expect(page.getByText('Start a new plan:')).toBeVisible();
    },
  },
  {
    path: '/dashboard/pics',
    name: 'dashboard-pics',
    ready: async (page) => {
      await heading('Service Pics')(page);
      await expect(page.locator('main li').first()).toBeVisible();
      await settled(page);
    },
  },
  {
    path: '/dashboard/loyalty',
    name: 'dashboard-loyalty',
    ready: async (page) => {
      await heading(/Loyalty/)(page);
      await expect(page.getByRole('table')).toBeVisible();
      await settled(page);
    },
  },
];

/** What a walk through the owner console needs set up first: a day whose route has a stop. */
export interface OwnerWalk {
  routeDay: string;
}

interface OwnerPageCheck {
  ready(page: Page): Promise<void>;
  /** How the page is reached (by default its address). */
  open?(page: Page, walk: OwnerWalk): Promise<void>;
}

/** The pages whose path holds a parameter (`:id`): reached from another page. */
type ReachedPageId = Extract<OwnerPageEntry, { path: `${string}:${string}` }>['id'];

const list = (page: Page, name: string) => page.getByRole('list', { name });

/** Goes to `path` and follows the first link of its list `name`. */
const firstLinkOf = async (page: Page, path: string, name: string) => {
  await page.goto(path);
  await list(page, name).getByRole('link').first().click();
};

/** Loaded: the level-1 heading, then `content` (when given), and no loading indicator. */
const loaded =
  (title: string | RegExp, content?: (page: Page) => Locator) => async (page: Page) => {
    await heading(title)(page);
    if (content) await expect(content(page)).toBeVisible();
    await settled(page);
  };

/**
 * What shows that each page of the console has loaded, and how a page with a parameter is
 * reached. A page without an entry (Health) is checked by its level-1 heading and no loading
 * indicator.
 */
const ownerPageChecks: Partial<Record<OwnerPageId, OwnerPageCheck>> &
  Record<ReachedPageId, Required<OwnerPageCheck>> = {
  inbox: { ready: loaded('Requests inbox', (page) => list(page, 'Quote requests')) },
  request: {
    open: (page) => firstLinkOf(page, '/owner', 'Quote requests'),
    ready: loaded(/^Request from /),
  },
  route: {
    open: async (page, walk) => {
      await page.goto(`/owner/route?from=${walk.routeDay}`);
    },
    ready: loaded('Route'),
  },
  customers: { ready: loaded('Customers', (page) => list(page, 'Customers')) },
  customer: {
    open: (page) => firstLinkOf(page, '/owner/customers', 'Customers'),
    ready: loaded(/.+/, (page) => page.getByRole('button', { name: 'Save adjustment' })),
  },
  numbers: { ready: loaded('Numbers', (page) => page.getByRole('table')) },
  availability: {
    ready: loaded('Availability', (page) =>
      page.getByRole('button', { name: 'Save availability' }),
    ),
  },
  business: { ready: loaded('Your business', (page) => list(page, 'Versions of your offer')) },
};

/**
 * Every page of the owner console (signed in as the owner), in the order of the console's own
 * list (src/features/owner/ownerPageList.ts): a page added there is visited too. A request's
 * and a customer's page open from the first link of their list, the route on the walk's day.
 */
export const ownerRoutes = (walk: OwnerWalk): RouteCheck[] =>
  ownerPageList.map(({ id, path }) => {
    const check: OwnerPageCheck = ownerPageChecks[id] ?? { ready: loaded(/.+/) };
    return {
      path: ownerPageUrl(path),
      name: `owner-${id}`,
      ready: check.ready,
      ...(check.open && { open: (page: Page) => check.open!(page, walk) }),
    };
  });

/** The addresses of the console's navigation links, in order. */
export const ownerNavPaths = ownerPageList.flatMap((entry) =>
  'nav' in entry ? [ownerPageUrl(entry.path)] : [],
);

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

/** The owner console is checked on a phone and on a laptop. */
export const ownerViewports = {
  phone: viewports.phone,
  laptop: { width: 1280, height: 800 },
} as const;
