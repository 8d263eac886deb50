/**
 * The portal under faults (docs/product.md §7, §8), table-driven: every call a screen makes ×
 * nine kinds of fault. Each cell checks what a person sees: never a blank screen or the error
 * page, the screen's message or fallback, what was typed kept, and 401 / 403 going to /auth
 * (a signed-in session's; a visitor's request has no session to end).
 * The matrix size and the number of cells that held are printed at the end.
 */
import { act, cleanup, configure, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { delay, http, HttpResponse } from 'msw';
import { contractHttp } from '../testing/contractHttp';
import { renderApp, renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { apiUrl } from '../testing/api';
import { signIn } from '../testing/tokens';
import { setNavigate } from '../api/session/navigation';
import { NETWORK_ERROR_MESSAGE } from '../api/errors';
import { LOYALTY_LOAD_FAILED } from '../api/loyalty';
import { MemoryRouter } from 'react-router-dom';
import { QuoteSection } from '../features/quote/QuoteSection';
import { quoteMessages } from '../features/quote/messages';
import { PROFILE_LOAD_FAILED } from '../features/profile/messages';
import { servicePicsMessages } from '../features/service-pics/messages';
import { bookingsMessages } from '../features/bookings/messages';

// Whole screens render per cell (lazy routes, charts).
beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
jest.setTimeout(30_000);

const SERVER_MESSAGE = 'The detailing database is taking a break';

type Fault =
  | '500 with a body'
  | '500 with an empty body'
  | '401'
  | '403'
  | '429 with Retry-After seconds'
  | '429 with an HTTP date'
  | 'network failure'
  | 'malformed JSON in a 200'
  | 'a 10 s slow answer';

const faults: Fault[] = [
  '500 with a body',
  '500 with an empty body',
  '401',
  '403',
  '429 with Retry-After seconds',
  '429 with an HTTP date',
  'network failure',
  'malformed JSON in a 200',
  'a 10 s slow answer',
];

/** Ends the slow answers when a cell is over (a 10 s wait must not outlive its test). */
let releaseSlow: () => void = () => undefined;

/** The faulty answer; `normal` is what the call answers when it is merely slow. */
async function faultyAnswer(fault: Fault, normal: () => Response): Promise<Response> {
  switch (fault) {
    case '500 with a body':
      return HttpResponse.json({ message: SERVER_MESSAGE }, { status: 500 });
    case '500 with an empty body':
      return new HttpResponse(null, { status: 500 });
    case '401':
      return HttpResponse.json({ message: 'Token expired' }, { status: 401 });
    case '403':
      return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
    case '429 with Retry-After seconds':
      return new HttpResponse(null, { status: 429, headers: { 'Retry-After': '1' } });
    case '429 with an HTTP date':
      return new HttpResponse(null, {
        status: 429,
        headers: { 'Retry-After': new Date(Date.now() + 1000).toUTCString() },
      });
    case 'network failure':
      return HttpResponse.error();
    case 'malformed JSON in a 200':
      return new HttpResponse('{"items": [', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    case 'a 10 s slow answer':
      await Promise.race([delay(10_000), new Promise<void>((resolve) => (releaseSlow = resolve))]);
      return normal();
  }
}

interface Call {
  name: string;
  /** The screen that makes the call. */
  path: string;
  method: 'get' | 'post';
  url: string;
  /** Only requests this returns true for are faulty (default: all of them). */
  matches?: (url: URL) => boolean;
  /** What the call answers when it works. */
  normal: () => Response;
  /** Other answers this cell needs (e.g. an empty first answer before a fallback call). */
  setup?: () => void;
  /** The screen's text when the call fails without a server message. */
  fallback: string;
  /** Whether the screen shows the server's message (else always its fallback). */
  showsServerMessage: boolean;
  /** How the screen words a failure's message (default: as it is). */
  worded?: (message: string) => string;
  /** What the screen shows when a 200 carries malformed JSON (read as no data). */
  malformed: string | RegExp;
}

const dashboardCalls: Call[] = [
  {
    name: 'profile',
    path: '/dashboard/profile',
    method: 'get',
    url: '/profile/me',
    normal: () => HttpResponse.json({ userId: 'user-1', email: 'jordan@example.com', name: 'J' }),
    fallback: PROFILE_LOAD_FAILED,
    showsServerMessage: true,
    malformed: 'Your Profile',
  },
  {
    name: 'vehicles',
    path: '/dashboard/vehicles',
    method: 'get',
    url: '/vehicles/me',
    normal: () => HttpResponse.json([]),
    fallback: 'Failed to load vehicles',
    showsServerMessage: true,
    worded: (message) => `Error: ${message}`,
    malformed: 'No vehicles found. Add your first vehicle below!',
  },
  {
    name: 'bookings',
    path: '/dashboard/bookings',
    method: 'get',
    url: '/bookings',
    normal: () => HttpResponse.json([]),
    fallback: bookingsMessages.websiteFailed,
    showsServerMessage: true,
    malformed: /^No bookings yet\./,
  },
  {
    name: 'calendly-bookings',
    path: '/dashboard/bookings',
    method: 'get',
    url: '/calendly-bookings',
    normal: () => HttpResponse.json([]),
    fallback: bookingsMessages.calendlyFailed,
    showsServerMessage: true,
    malformed: 'No Calendly bookings found.',
  },
  {
    name: 'loyalty',
    path: '/dashboard/loyalty',
    method: 'get',
    url: '/loyalty',
    matches: (url) => !url.searchParams.has('email'),
    normal: () => HttpResponse.json({ userId: 'user-1', points: 100, transactions: [] }),
    // A malformed first answer reads as empty: the ?email= fallback then answers.
    setup: () =>
      server.use(
        contractHttp.get('/loyalty', ({ request }) =>
          new URL(request.url).searchParams.has('email')
            ? HttpResponse.json({
                userId: 'user-1',
                points: 0,
                transactions: [],
                createdAt: '2026-01-01T00:00:00.000Z',
                lastUpdated: '2026-01-01T00:00:00.000Z',
              })
            : undefined,
        ),
      ),
    fallback: LOYALTY_LOAD_FAILED,
    showsServerMessage: true,
    malformed:
      "You don't have any loyalty transactions yet. Start booking services to earn points!",
  },
  {
    name: 'loyalty ?email= fallback',
    path: '/dashboard/loyalty',
    method: 'get',
    url: '/loyalty',
    matches: (url) => url.searchParams.get('email') === 'jordan@example.com',
    normal: () => HttpResponse.json({ userId: 'user-1', points: 100, transactions: [] }),
    // GET /loyalty answers empty, so the screen asks again with the profile's e-mail.
    setup: () =>
      server.use(
        // Off the contract on purpose: an empty object, as a backend without the record answers.
        http.get(apiUrl('/loyalty'), ({ request }) =>
          new URL(request.url).searchParams.has('email') ? undefined : HttpResponse.json({}),
        ),
      ),
    fallback: LOYALTY_LOAD_FAILED,
    showsServerMessage: true,
    malformed:
      "You don't have any loyalty transactions yet. Start booking services to earn points!",
  },
  {
    name: 'service-pics',
    path: '/dashboard/pics',
    method: 'get',
    url: '/service-pics',
    normal: () => HttpResponse.json([]),
    setup: () =>
      server.use(
        contractHttp.get('/bookings', () =>
          HttpResponse.json([
            {
              bookingId: '65a1f0c2e4b0a1b2c3d4e5a1',
              email: 'jordan@example.com',
              date: '2026-05-10',
              time: '10:00 AM',
              vehicleType: 'Sedan',
              vehicle: 'Honda Civic',
              selectedAddons: [],
              totalPrice: 90,
              status: 'Completed',
              source: 'website',
              createdAt: '2026-01-01T00:00:00Z',
            },
          ]),
        ),
      ),
    fallback: servicePicsMessages.loadFailed,
    showsServerMessage: false,
    malformed: 'No service photos available yet.',
  },
  {
    name: 'subscriptions',
    path: '/dashboard/subscriptions',
    method: 'get',
    url: '/subscriptions',
    normal: () => HttpResponse.json([]),
    fallback: 'Failed to load subscriptions',
    showsServerMessage: true,
    malformed: 'You have no active subscriptions.',
  },
];

function useFault(call: Pick<Call, 'method' | 'url' | 'matches' | 'normal'>, fault: Fault) {
  const handle = ({ request }: { request: Request }) =>
    call.matches && !call.matches(new URL(request.url))
      ? undefined
      : faultyAnswer(fault, call.normal);
  // Off the contract on purpose: the faults (a malformed 200, empty 500s) are what it lacks.
  server.use(
    call.method === 'get'
      ? http.get(apiUrl(call.url), handle)
      : http.post(apiUrl(call.url), handle),
  );
}

/** What the screen must show for this fault (null: the 401 / 403 and slow cells check more). */
function expectedText(call: Call, fault: Fault): string | RegExp | null {
  const worded = call.worded ?? ((message: string) => message);
  switch (fault) {
    case '500 with a body':
      return worded(call.showsServerMessage ? SERVER_MESSAGE : call.fallback);
    case 'network failure':
      return worded(call.showsServerMessage ? NETWORK_ERROR_MESSAGE : call.fallback);
    case 'malformed JSON in a 200':
      return call.malformed;
    case '401':
    case '403':
    case 'a 10 s slow answer':
      return null;
    default:
      return worded(call.fallback);
  }
}

/** Not blank and not the error page: the screen's heading and some content are there. */
async function screenIsUp() {
  expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
  expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  expect(document.querySelector('main')?.textContent?.trim()).not.toBe('');
}

const cells = { total: 0, held: 0 };
let consoleErrors: jest.SpyInstance;

beforeEach(() => {
  cells.total += 1;
  consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  releaseSlow();
  cleanup();
  // Failed sources are logged on purpose; an uncaught error or a React crash is not.
  const crashes = consoleErrors.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((text) => /Uncaught|The above error occurred|error boundary/i.test(text));
  consoleErrors.mockRestore();
  expect(crashes).toEqual([]);
});
afterAll(() => {
  console.log(`Fault matrix: ${cells.total} cells, ${cells.held} held.`);
});

describe.each(dashboardCalls)('$name on $path', (call) => {
  beforeEach(() => signIn());

  afterEach(() => jest.useRealTimers());

  it.each(faults)('%s', async (fault) => {
    // The second a 429 asks for and the slow answer's wait pass on a fake clock, which Testing
    // Library's waits advance.
    if (fault.startsWith('429') || fault === 'a 10 s slow answer') {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    }
    call.setup?.();
    useFault(call, fault);
    const { router } = renderApp(call.path);
    if (fault === '401' || fault === '403') {
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    } else if (fault === 'a 10 s slow answer') {
      await screenIsUp();
      await act(() => jest.advanceTimersByTimeAsync(300));
      await screenIsUp();
      expect(screen.queryByText(call.fallback)).not.toBeInTheDocument();
    } else {
      await screenIsUp();
      expect((await screen.findAllByText(expectedText(call, fault)!))[0]).toBeVisible();
      await screenIsUp();
    }
    cells.held += 1;
  });
});

describe('quote POST /bookings', () => {
  const NOW = new Date('2026-03-14T15:00:00Z');
  let user: ReturnType<typeof userEvent.setup>;
  let navigations: string[];
  beforeEach(() => {
    jest.useFakeTimers({ advanceTimers: true, now: NOW, doNotFake: ['queueMicrotask'] });
    user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    navigations = [];
    setNavigate((path) => navigations.push(path));
  });
  afterEach(() => jest.useRealTimers());

  const typed = {
    'Full Name': 'Jordan Miles',
    'Phone Number': '(919) 555-0199',
    'Email Address': 'jordan@example.com',
    'Vehicle Information': '2021 Honda CR-V',
    'Address line 1': '12 Oak St',
    City: 'Cary',
    ZIP: '27511',
    'Additional Notes': 'Gate code 1234',
  };

  it.each(faults)('%s', async (fault) => {
    useFault(
      {
        method: 'post',
        url: '/bookings',
        normal: () => HttpResponse.json({ bookingId: 'b-1' }, { status: 201 }),
      },
      fault,
    );
    renderWithProviders(
      <MemoryRouter>
        <QuoteSection />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: /^Sedan/ }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    for (const [label, text] of Object.entries(typed)) {
      await user.fill(await screen.findByLabelText(new RegExp(`^${label}`)), text);
    }
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

    const keptEverything = () => {
      for (const [label, text] of Object.entries(typed))
        expect(screen.getByLabelText(new RegExp(`^${label}`))).toHaveValue(text);
    };
    if (fault === 'a 10 s slow answer') {
      expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeVisible();
      keptEverything();
    } else if (fault === 'malformed JSON in a 200') {
      // A 200 means the request was stored: the visitor is thanked.
      expect(await screen.findByText(quoteMessages.success)).toBeVisible();
    } else {
      const message = fault === 'network failure' ? quoteMessages.network : quoteMessages.failure;
      expect(await screen.findByText(message)).toBeVisible();
      keptEverything();
      // A visitor's request carries no session: a refusal has none to end, and the visitor
      // stays with the message and everything typed (src/api/baseQuery.ts).
      if (fault === '401' || fault === '403') expect(navigations).toEqual([]);
    }
    cells.held += 1;
  });
});
