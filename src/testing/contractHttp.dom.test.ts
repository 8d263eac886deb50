/**
 * The MSW handlers follow the contract: these lines are compiled by `npm run typecheck`
 * (tsconfig.web-test.json), and each `@ts-expect-error` fails the typecheck if the error it
 * expects is gone, i.e. if a handler answering a shape the contract does not declare compiled.
 */
import { HttpResponse } from 'msw';
import { contractHttp } from './contractHttp';
import { server } from './server';
import { apiUrl } from './api';

const vehicle = { vehicleId: 'v1', make: 'Honda', model: 'Fit', year: 2020 };

describe('MSW handlers typed by the contract', () => {
  it('a handler answering a wrong shape is a compile error', () => {
    const wrong = [
      // @ts-expect-error 'year' is a number in the contract's Vehicle.
      contractHttp.get('/vehicles/me', () => HttpResponse.json([{ ...vehicle, year: '2020' }])),
      // @ts-expect-error A profile has no 'fullName'; its 'email' is missing.
      contractHttp.get('/profile/me', () => HttpResponse.json({ userId: 'u1', fullName: 'J' })),
      // @ts-expect-error No operation GET /vehicles (the customer's list is /vehicles/me).
      contractHttp.get('/vehicles', () => HttpResponse.json([])),
      // @ts-expect-error An error answer has the contract's Error shape: 'error' is missing.
      contractHttp.get('/loyalty', () => HttpResponse.json({ message: 'Down' }, { status: 503 })),
      // @ts-expect-error A plain Response's body goes unchecked, so it is no contract answer.
      contractHttp.get('/subscriptions', () => new Response('[{"plan":"yearly"}]')),
      contractHttp.put('/vehicles/{id}', async ({ request }) => {
        const body = await request.json();
        // @ts-expect-error The request body of PUT /vehicles/{id} has no 'colour'.
        const colour: string = body.colour;
        return HttpResponse.json({ ...body, vehicleId: colour });
      }),
      contractHttp.post('/bookings/{id}/claim', ({ params }) => {
        // @ts-expect-error The path names only {id}: there is no 'bookingId' parameter.
        const bookingId = params.bookingId;
        return HttpResponse.json({ error: 'Not Found', message: `${bookingId}` }, { status: 404 });
      }),
    ];
    expect(wrong.map((handler) => handler.info.path)).toEqual([
      apiUrl('/vehicles/me'),
      apiUrl('/profile/me'),
      apiUrl('/vehicles'),
      apiUrl('/loyalty'),
      apiUrl('/subscriptions'),
      apiUrl('/vehicles/:id'),
      apiUrl('/bookings/:id/claim'),
    ]);
  });

  it('answers the contract path with its parameter, and gives the body typed', async () => {
    server.use(
      contractHttp.put('/vehicles/{id}', async ({ request, params }) => {
        const body = await request.json();
        const id: string = params.id;
        return HttpResponse.json({ ...body, vehicleId: id });
      }),
      contractHttp.get('/bookings', () =>
        HttpResponse.json({ error: 'x', message: 'Nope' }, { status: 400 }),
      ),
    );
    const put = await fetch(apiUrl('/vehicles/v9'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ make: 'Honda', model: 'Fit', year: 2021 }),
    });
    expect(await put.json()).toEqual({ make: 'Honda', model: 'Fit', year: 2021, vehicleId: 'v9' });
    const list = await fetch(apiUrl('/bookings'));
    expect(list.status).toBe(400);
  });
});
