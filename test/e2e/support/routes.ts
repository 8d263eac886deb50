/**
 * Every route of the product (docs/product.md §2) with what shows that its page has finished loading:
 * the visitor journey, the accessibility checks and the screenshots walk these lists.
 */
import { expect, type Page } from '@playwright/test';

export interface RouteCheck {
  path: string;
  /** File-name-safe name of the route. */
  name: string;
  /** Waits until the page shows its content (not a loading state). */
  ready(page: Page): Promise<void>;
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

/**
 * The owner console's screens (signed in as the owner). The request page is reached from the
 * inbox; the route opens on `from` (a day with an appointment) when given.
 */
export const ownerRoutes: RouteCheck[] = [
  {
    path: '/owner',
    name: 'owner-inbox',
    ready: async (page) => {
      await heading('Requests inbox')(page);
      await expect(page.getByRole('list', { name: 'Quote requests' })).toBeVisible();
      await settled(page);
    },
  },
  {
    path: '/owner/route',
    name: 'owner-route',
    ready: async (page) => {
      await heading('Route')(page);
      await settled(page);
    },
  },
  {
    path: '/owner/customers',
    name: 'owner-customers',
    ready: async (page) => {
      await heading('Customers')(page);
      await expect(page.getByRole('list', { name: 'Customers' })).toBeVisible();
      await settled(page);
    },
  },
  {
    path: '/owner/numbers',
    name: 'owner-numbers',
    ready: async (page) => {
      await heading('Numbers')(page);
      await expect(page.getByRole('table')).toBeVisible();
      await settled(page);
    },
  },
];

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
