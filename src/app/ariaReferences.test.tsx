/**
 * Every `aria-labelledby` and `aria-describedby` on a page names elements that exist: a label
 * pointing at nothing leaves a screen reader with no name. Each dashboard page and each owner
 * page is rendered from the app's own page lists (a new page is checked without editing this
 * file), with data, so that tables, charts and panels are drawn.
 */
import { act, configure, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { Booking, Loyalty } from '../api/generated';
import { websiteBooking } from '../testing/bookings';
import { contractHttp } from '../testing/contractHttp';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { createFakeCognito } from '../testing/cognito';
import { setTokens } from '../api/session/tokenStore';
import type { OwnerCustomer, OwnerNumbers } from '../features/owner/api/generated';
import { ownerPages } from '../features/owner/OwnerRoutes';
import { ownerPageUrl } from '../features/owner/ownerPageList';
import { ownerBooking, signInAsOwner } from '../features/owner/testing/ownerApi';
import { dashboardPages } from './dashboard/dashboardPages';

// The identity provider is the fake pool (the security page asks it about the account).
jest.mock('../config/env', () => {
  const actual = jest.requireActual<typeof import('../config/env')>('../config/env');
  const { identityTestEnv } =
    jest.requireActual<typeof import('../testing/cognito')>('../testing/cognito');
  return { env: { ...actual.env, ...identityTestEnv } };
});

// A whole app renders per page (lazy routes, charts); give a busy machine time to answer.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const REFERENCES = ['aria-labelledby', 'aria-describedby'] as const;

/** Each reference to an id no element has, as `attribute="id" on <tag>`. */
function brokenReferences(): string[] {
  const selector = REFERENCES.map((attribute) => `[${attribute}]`).join(',');
  return [...document.querySelectorAll(selector)].flatMap((element) =>
    REFERENCES.flatMap((attribute) =>
      (element.getAttribute(attribute) ?? '')
        .split(/\s+/)
        .filter((id) => id && !document.getElementById(id))
        .map((id) => `${attribute}="${id}" on <${element.tagName.toLowerCase()}>`),
    ),
  );
}

/**
 * Waits for the page's data and its lazily loaded parts (charts): no loading indicator, then
 * no change to the page for a while.
 */
async function pageSettled() {
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() =>
    expect(screen.queryAllByRole('progressbar', { name: /loading/i })).toHaveLength(0),
  );
  await act(
    () =>
      new Promise<void>((resolve) => {
        const QUIET_MS = 300;
        let quiet = setTimeout(done, QUIET_MS);
        const deadline = setTimeout(done, 4000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, QUIET_MS);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        function done() {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(deadline);
          resolve();
        }
      }),
  );
}

const hex = (n: number) => n.toString(16).padStart(24, '0');
const booking = (n: number, overrides: Partial<Booking> = {}) =>
  websiteBooking(hex(n), { selectedAddons: ['Pet Hair Removal'], ...overrides });
const loyalty: Loyalty = {
  userId: 'user-1',
  points: 2600,
  transactions: [
    { id: 't1', date: '2026-03-01T15:00:00Z', type: 'signup_bonus', points: 100, source: 'Bonus' },
    { id: 't2', date: '2026-03-05T15:00:00Z', type: 'earn', points: 2500, source: 'Booking' },
  ],
  createdAt: '2026-03-01T15:00:00Z',
  lastUpdated: '2026-03-05T15:00:00Z',
};

/** A customer, signed in to the fake pool, with some of everything. */
function customerData() {
  const pool = createFakeCognito();
  pool.addUser({ email: 'jordan@example.com', password: 'Secret#123' });
  setTokens(pool.issueTokens('jordan@example.com'));
  server.use(
    ...pool.handlers,
    contractHttp.get('/vehicles/me', () =>
      HttpResponse.json([
        { vehicleId: hex(101), make: 'Honda', model: 'Civic', year: 2020, licensePlate: 'ABC' },
      ]),
    ),
    contractHttp.get('/bookings', () =>
      HttpResponse.json([
        booking(1),
        booking(2, { status: 'Completed', date: '2026-03-05' }),
        booking(3, { status: 'Cancelled', date: '2026-02-05' }),
      ]),
    ),
    contractHttp.get('/calendly-bookings', () =>
      HttpResponse.json([
        {
          bookingId: 'cal-1',
          startTime: '2026-12-15T15:00:00Z',
          serviceName: 'Interior Detail',
          status: 'Booked',
          source: 'Calendly',
        },
      ]),
    ),
    contractHttp.get('/bookings/claimable', () =>
      HttpResponse.json([
        {
          bookingId: hex(9),
          vehicleType: 'Sedan',
          date: '2026-12-09',
          time: '4:00 PM',
          totalPrice: 90,
        },
      ]),
    ),
    contractHttp.get('/subscriptions', () =>
      HttpResponse.json([
        {
          subscriptionId: hex(201),
          userId: 'user-1',
          plan: 'monthly',
          status: 'active',
          createdAt: '2026-03-01T15:00:00Z',
        },
      ]),
    ),
    contractHttp.get('/loyalty', () => HttpResponse.json(loyalty)),
    contractHttp.get('/service-pics', () =>
      HttpResponse.json([
        {
          signedUrl: 'https://pics.example.com/1.jpg',
          bookingId: hex(2),
          description: 'Front seats',
          uploadedAt: '2026-03-05T16:00:00Z',
        },
      ]),
    ),
  );
}

/** The owner's console with a request, a day's route, a customer and the month's numbers. */
function ownerData() {
  const request = ownerBooking({ bookingId: hex(1) });
  const contact = {
    userId: 'cust-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '(919) 555-0101',
    mobile: null,
  };
  const createdAt = '2026-06-01T14:00:00Z';
  const customerSummary = { ...contact, points: 1200, bookingCount: 1, createdAt };
  const customer: OwnerCustomer = {
    profile: { ...contact, serviceAddress: request.serviceAddress },
    createdAt,
    vehicles: [{ vehicleId: hex(101), make: 'Toyota', model: 'RAV4', year: 2019 }],
    bookings: [request],
    subscriptions: [],
    loyalty: { ...loyalty, userId: contact.userId },
  };
  const numbers: OwnerNumbers = {
    timeZone: 'America/New_York',
    thisMonth: {
      month: '2026-11',
      requests: 14,
      jobsDone: 9,
      revenue: 1245.5,
      completedRequests: 6,
    },
    lastMonth: {
      month: '2026-10',
      requests: 11,
      jobsDone: 10,
      revenue: 1380,
      completedRequests: 6,
    },
  };
  server.use(
    contractHttp.get('/owner/requests', () =>
      HttpResponse.json({ items: [request], nextCursor: null, newCount: 1 }),
    ),
    contractHttp.post('/owner/requests/{id}/seen', () =>
      HttpResponse.json({ ...request, seen: true }),
    ),
    contractHttp.get('/owner/route', () => HttpResponse.json([request])),
    contractHttp.get('/owner/customers', () =>
      HttpResponse.json({ items: [customerSummary], nextCursor: null }),
    ),
    contractHttp.get('/owner/customers/{userId}', () => HttpResponse.json(customer)),
    contractHttp.get('/owner/numbers', () => HttpResponse.json(numbers)),
  );
  return { id: request.bookingId, userId: contact.userId };
}

/** The page's path with its parameters (`:id`) filled from `params`. */
function fill(path: string, params: Record<string, string>) {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`No test value for :${name} in ${path}`);
    return value;
  });
}

describe('every aria-labelledby and aria-describedby names an element', () => {
  it.each(dashboardPages.map(({ path, label }) => [label, `/dashboard/${path}`]))(
    'on the dashboard page %s (%s)',
    async (_label, path) => {
      customerData();
      renderApp(path);
      await pageSettled();
      expect(brokenReferences()).toEqual([]);
    },
  );

  it.each(ownerPages.map(({ path }) => [ownerPageUrl(path)]))(
    'on the owner page %s',
    async (path) => {
      signInAsOwner();
      const params = ownerData();
      renderApp(fill(path, params));
      await pageSettled();
      expect(brokenReferences()).toEqual([]);
    },
  );
});
