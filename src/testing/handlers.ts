import { http, HttpResponse } from 'msw';
import { apiUrl } from './api';

/**
 * Default answers for a signed-in customer with no data. Tests override what they need
 * with server.use(...).
 */
export const handlers = [
  http.get(apiUrl('/profile/me'), () =>
    HttpResponse.json({
      userId: 'user-1',
      email: 'jordan@example.com',
      name: 'Jordan Miles',
      emailPreferences: { reminders: true, statusUpdates: true },
    }),
  ),
  http.get(apiUrl('/vehicles/me'), () => HttpResponse.json([])),
  http.get(apiUrl('/bookings'), () => HttpResponse.json([])),
  http.get(apiUrl('/calendly-bookings'), () => HttpResponse.json([])),
  http.get(apiUrl('/bookings/claimable'), () => HttpResponse.json([])),
  http.get(apiUrl('/subscriptions'), () => HttpResponse.json([])),
  http.get(apiUrl('/loyalty'), () =>
    HttpResponse.json({
      userId: 'user-1',
      points: 100,
      transactions: [],
      createdAt: '',
      lastUpdated: '',
    }),
  ),
  http.get(apiUrl('/service-pics'), () => HttpResponse.json([])),
];
