/**
 * Each owner action refreshes exactly what it changed: with every kind of console query open
 * (two of some, one related to the change and one not), an action is sent and the test lists
 * the queries the server is asked again.
 */
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../../../testing/api';
import { server } from '../../../testing/server';
import { makeStore } from '../../../testing/render';
import { ownerBooking, signInAsOwner } from '../testing/ownerApi';
import { ownerApi } from './endpoints';

const mine = ownerBooking({ bookingId: 'b-1', userId: 'user-9' });
const other = ownerBooking({ bookingId: 'b-2', userId: 'user-7' });
const customer = (userId: string, bookings: unknown[]) => ({ profile: { userId }, bookings });

// The answers' contents do not matter here beyond the ids the cache tags read, so they are
// partial bodies (msw's `http` rather than the contract-typed helper).
const answers: Record<string, unknown> = {
  '/owner/requests': { items: [mine, other], nextCursor: null, newCount: 2 },
  '/owner/route': [],
  '/owner/bookings/b-1/pictures': [],
  '/owner/bookings/b-2/pictures': [],
  '/owner/customers': { items: [{ userId: 'user-9' }, { userId: 'user-7' }], nextCursor: null },
  '/owner/customers/user-9': customer('user-9', [mine]),
  '/owner/customers/user-7': customer('user-7', [other]),
  '/owner/numbers': {},
  '/owner/availability': {},
  '/owner/health': {},
  '/owner/offer/draft': {},
  '/owner/offer/versions': [],
};

type Store = ReturnType<typeof makeStore>;

/** The queries of the console, open at once (each stays subscribed). */
function openQueries({ dispatch }: Store) {
  const e = ownerApi.endpoints;
  void dispatch(e.listOwnerRequests.initiate({}));
  void dispatch(e.listOwnerRoute.initiate({ from: '2026-12-01', days: 7 }));
  void dispatch(e.listOwnerPictures.initiate({ id: 'b-1' }));
  void dispatch(e.listOwnerPictures.initiate({ id: 'b-2' }));
  void dispatch(e.listOwnerCustomers.initiate({}));
  void dispatch(e.getOwnerCustomer.initiate({ userId: 'user-9' }));
  void dispatch(e.getOwnerCustomer.initiate({ userId: 'user-7' }));
  void dispatch(e.getOwnerNumbers.initiate());
  void dispatch(e.getOwnerAvailability.initiate());
  void dispatch(e.getOwnerHealth.initiate());
  void dispatch(e.getOwnerOfferDraft.initiate());
  void dispatch(e.listOwnerOfferVersions.initiate());
}

/** Opens every query, runs `act`, and answers the paths asked again after it, sorted. */
async function refetchedAfter(
  act: (dispatch: Store['dispatch']) => Promise<unknown>,
): Promise<string[]> {
  const asked: string[] = [];
  server.use(
    ...Object.entries(answers).map(([path, body]) =>
      http.get(apiUrl(path), () => {
        asked.push(path);
        return HttpResponse.json(body as Record<string, unknown>);
      }),
    ),
    // Every action succeeds; its answer names the customer where the contract's does.
    http.all(apiUrl('/owner/*'), ({ request }) =>
      request.url.endsWith('/complete')
        ? HttpResponse.json({ booking: mine, points: 10 })
        : HttpResponse.json(mine),
    ),
  );
  const store = makeStore();
  openQueries(store);
  await Promise.all(store.dispatch(ownerApi.util.getRunningQueriesThunk()));
  expect(asked.sort()).toEqual(Object.keys(answers).sort());
  asked.length = 0;
  await act(store.dispatch);
  // The refetches the action started, once they have answered.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(store.dispatch(ownerApi.util.getRunningQueriesThunk()));
  return [...new Set(asked)].sort();
}

const e = ownerApi.endpoints;
const booking = { id: 'b-1' };
// The request b-1 as it shows: in the inbox and on its customer's page (user-9's).
const requestShown = ['/owner/customers/user-9', '/owner/requests'];
const bookingChanged = [...requestShown, '/owner/health', '/owner/route'];
const jobDone = [...bookingChanged, '/owner/customers', '/owner/numbers'];

type Act = (dispatch: Store['dispatch']) => Promise<unknown>;

beforeEach(() => signInAsOwner());

it.each<[string, Act, string[]]>([
  ['opening a request (seen)', (d) => d(e.markOwnerRequestSeen.initiate(booking)), requestShown],
  [
    'scheduling it (the route; an e-mail waits)',
    (d) =>
      d(
        e.scheduleOwnerBooking.initiate({
          ...booking,
          ownerSchedule: { date: '2026-12-02', time: '9:00 AM' },
        }),
      ),
    bookingChanged,
  ],
  [
    'cancelling it',
    (d) => d(e.cancelOwnerBooking.initiate({ ...booking, ownerCancellation: { reason: 'Rain' } })),
    bookingChanged,
  ],
  [
    "completing it (the customer's points, the numbers)",
    (d) => d(e.completeOwnerBooking.initiate({ ...booking, ownerCompletionRequest: {} })),
    jobDone,
  ],
  ['undoing the completion', (d) => d(e.undoOwnerCompletion.initiate(booking)), jobDone],
  [
    'saying its pictures are in (the done e-mail)',
    (d) => d(e.ownerPicturesIn.initiate(booking)),
    ['/owner/health'],
  ],
  [
    'uploading one of its pictures',
    (d) => d(e.uploadOwnerPicture.initiate({ ...booking, body: { file: 'x' } })),
    ['/owner/bookings/b-1/pictures'],
  ],
  [
    "adjusting a customer's points",
    (d) =>
      d(
        e.adjustOwnerPoints.initiate({
          userId: 'user-9',
          ownerPointsAdjustment: { points: 5, reason: 'Thanks' },
        }),
      ),
    ['/owner/customers', '/owner/customers/user-9'],
  ],
  [
    'saving the availability',
    (d) => d(e.replaceOwnerAvailability.initiate({ availabilityRules: {} as never })),
    ['/owner/availability'],
  ],
  [
    "saving the offer's draft",
    (d) => d(e.replaceOwnerOfferDraft.initiate({ offer: {} as never })),
    ['/owner/offer/draft', '/owner/offer/versions'],
  ],
  [
    'publishing the offer',
    (d) => d(e.publishOwnerOffer.initiate()),
    ['/owner/availability', '/owner/offer/draft', '/owner/offer/versions'],
  ],
  [
    'restoring a version of the offer',
    (d) => d(e.restoreOwnerOfferVersion.initiate({ version: 1 })),
    ['/owner/offer/draft', '/owner/offer/versions'],
  ],
  [
    'sending a failed e-mail again',
    (d) => d(e.resendOwnerMessage.initiate({ id: 'm-1' })),
    ['/owner/health'],
  ],
  [
    'sending a failed text again',
    (d) => d(e.resendOwnerText.initiate({ id: 't-1' })),
    ['/owner/health'],
  ],
  [
    'allowing an address again',
    (d) => d(e.allowOwnerAddress.initiate({ body: { email: 'a@example.com' } })),
    ['/owner/health'],
  ],
])('%s refetches only what it changed', async (_action, act, expected) => {
  expect(await refetchedAfter(act)).toEqual([...expected].sort());
});
