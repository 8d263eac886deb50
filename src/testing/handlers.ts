import { HttpResponse } from 'msw';
import { contractHttp } from './contractHttp';

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
