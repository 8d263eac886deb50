import { HttpResponse } from 'msw';
import { contractHttp } from './contractHttp';
import { addDays, DEFAULT_RULES, offeredTimes, ownerStarts } from '../../domain/availability';
import { DEFAULT_OFFER, SEEDED_OFFER_VERSION } from '../../domain/offer';

/** The seeded offer's version, as the owner's versions list it. */
const SEEDED_VERSION = {
  version: SEEDED_OFFER_VERSION,
  createdBy: 'seed',
  createdAt: '2026-11-01T08:00:00.000Z',
  publishedAt: '2026-11-01T08:00:00.000Z',
  restoredFrom: null,
};

/** An availability answer: `times(date)` for each date of the request's `from` to `to`. */
function eachDay(request: Request, times: (date: string) => readonly string[]) {
  const query = new URL(request.url).searchParams;
  const [from, to] = [query.get('from') ?? '', query.get('to') ?? ''];
  const days = [];
  for (let date = from; date && date <= to; date = addDays(date, 1)) {
    days.push({ date, times: [...times(date)] });
  }
  return days;
}

/**
 * Default answers for a signed-in customer with no data, in the contract's shapes (a wrong one
 * is a compile error). Tests override what they need with server.use(...).
 */
export const handlers = [
  contractHttp.get('/profile/me', () =>
    HttpResponse.json({
      userId: 'user-1',
      email: 'jordan@example.com',
      name: 'Jordan Miles',
      emailPreferences: { reminders: true, statusUpdates: true },
    }),
  ),
  contractHttp.get('/vehicles/me', () => HttpResponse.json([])),
  contractHttp.get('/bookings', () => HttpResponse.json([])),
  // The owner has not changed the offer: the seeded defaults are the draft and the one published.
  contractHttp.get('/owner/offer/draft', () =>
    HttpResponse.json({ ...SEEDED_VERSION, published: true, offer: DEFAULT_OFFER }),
  ),
  contractHttp.get('/owner/offer/versions', () => HttpResponse.json([SEEDED_VERSION])),
  contractHttp.get('/offer', () =>
    HttpResponse.json({
      version: SEEDED_VERSION.version,
      publishedAt: SEEDED_VERSION.publishedAt,
      offer: DEFAULT_OFFER,
    }),
  ),
  // The owner has not changed the availability rules.
  contractHttp.get('/owner/availability', () => HttpResponse.json(DEFAULT_RULES)),
  // The owner's calendar feed has an address.
  contractHttp.get('/owner/calendar-feed', () =>
    HttpResponse.json({
      url: 'http://localhost:3000/api/calendar/q3Xv9T1cQm0m7kz2b8VfYwH6pA4rN5sJtL0eUiDgCxE.ics',
      createdAt: '2026-11-20T15:04:05.000Z',
    }),
  ),
  // Nothing booked: every time the quote form lists is free.
  contractHttp.get('/availability', ({ request }) =>
    HttpResponse.json(eachDay(request, (date) => offeredTimes(DEFAULT_RULES, date))),
  ),
  // Nothing booked: every quarter hour of the owner's working day is free for any request.
  contractHttp.get('/owner/bookings/{id}/availability', ({ request }) =>
    HttpResponse.json(eachDay(request, (date) => ownerStarts(DEFAULT_RULES, date))),
  ),
  contractHttp.get('/calendly-bookings', () => HttpResponse.json([])),
  contractHttp.get('/bookings/claimable', () => HttpResponse.json([])),
  contractHttp.get('/subscriptions', () => HttpResponse.json([])),
  contractHttp.get('/loyalty', () =>
    HttpResponse.json({
      userId: 'user-1',
      points: 100,
      transactions: [],
      createdAt: '',
      lastUpdated: '',
    }),
  ),
  contractHttp.get('/service-pics', () => HttpResponse.json([])),
  // A request's pictures on the owner's request page.
  contractHttp.get('/owner/bookings/{id}/pictures', () => HttpResponse.json([])),
  // The error reports an error page sends (src/app/clientErrors.ts).
  contractHttp.post('/client-errors', () => new HttpResponse(null, { status: 204 })),
];
