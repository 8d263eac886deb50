import { screen, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { OwnerBooking } from '../api/generated';
import { todayInNewYork } from '../format';
import { ownerBooking, signInAsOwner } from '../testing/ownerApi';

beforeEach(() => signInAsOwner());

/** Answers the route with `stops` and records the queries asked. */
function routeAnswers(stops: (url: URL) => OwnerBooking[]) {
  const asked: Record<string, string>[] = [];
  server.use(
    contractHttp.get('/owner/route', ({ request }) => {
      const url = new URL(request.url);
      asked.push(Object.fromEntries(url.searchParams));
      return HttpResponse.json<OwnerBooking[]>(stops(url));
    }),
  );
  return asked;
}

describe('On my way', () => {
  it('one tap texts the customer the arrival time, and the stop lists what was texted and when', async () => {
    const today = todayInNewYork();
    let texted = false;
    routeAnswers(() => [
      ownerBooking({
        bookingId: '65a1f0c2e4b0a1b2c3d4e5f9',
        name: 'Morning Stop',
        date: today,
        time: '9:00 AM',
        texts: texted
          ? [
              {
                id: 't1',
                kind: 'on-my-way',
                number: '+19195550123',
                status: 'sent',
                body: 'Triangle Shine: we are on our way and should arrive in about 20 minutes. Reply STOP to opt out.',
                queuedAt: '2026-12-05T14:40:00.000Z',
                sentAt: '2026-12-05T14:40:01.000Z',
                failure: null,
              },
            ]
          : [],
      }),
    ]);
    const sent: unknown[] = [];
    server.use(
      contractHttp.post('/owner/bookings/{id}/on-my-way', async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json() });
        texted = true;
        return HttpResponse.json(
          {
            id: 't1',
            kind: 'on-my-way',
            number: '+19195550123',
            status: 'pending',
            body: null,
            queuedAt: '2026-12-05T14:40:00.000Z',
            sentAt: null,
            failure: null,
          },
          { status: 201 },
        );
      }),
    );
    renderApp('/owner/route');
    const list = await screen.findByRole('list', { name: /^Appointments on / });
    const stop = within(list).getAllByRole('listitem')[0]!;
    expect(
      within(stop).getAllByRole('button', { name: /on my way to Morning Stop$/ }),
    ).toHaveLength(4);
    await userEvent.setup().click(
      within(stop).getByRole('button', {
        name: '20 min: on my way to Morning Stop',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      '"On my way, 20 minutes" is being texted.',
    );
    expect(sent).toEqual([{ id: '65a1f0c2e4b0a1b2c3d4e5f9', body: { minutes: 20 } }]);
    expect(
      await screen.findByText(
        /: Triangle Shine: we are on our way and should arrive in about 20 minutes\./,
      ),
    ).toBeInTheDocument();
  });
});

describe('the route', () => {
  it("shows today's appointments (New York) in order, each with a map link, the vehicle and a call link", async () => {
    const today = todayInNewYork();
    const asked = routeAnswers(() => [
      ownerBooking({
        name: 'Morning Stop',
        date: today,
        time: '9:00 AM',
        vehicle: '2019 Ford F-150',
      }),
      ownerBooking({
        name: 'Evening Stop',
        date: today,
        time: '6:00 PM',
        serviceAddress: {
          line1: '5 Elm Ave',
          line2: 'Apt 2',
          city: 'Apex',
          state: 'NC',
          zip: '27502',
        },
      }),
    ]);
    renderApp('/owner/route');
    const list = await screen.findByRole('list', { name: /^Appointments on / });
    const stops = within(list).getAllByRole('listitem');
    expect(stops.map((stop) => within(stop).getByRole('heading').textContent)).toEqual([
      '9:00 AM · Morning Stop',
      '6:00 PM · Evening Stop',
    ]);
    expect(within(stops[0]!).getByText('SUV · 2019 Ford F-150')).toBeInTheDocument();
    expect(
      within(stops[1]!).getByRole('link', { name: '5 Elm Ave, Apt 2, Apex, NC 27502' }),
    ).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=5%20Elm%20Ave%2C%20Apt%202%2C%20Apex%2C%20NC%2027502',
    );
    expect(within(stops[0]!).getByRole('link', { name: /^Call / })).toHaveAttribute(
      'href',
      'tel:+19195550100',
    );
    expect(asked[0]).toEqual({ from: today, days: '1' });
  });

  it('asks for a week and says when there is nothing to drive to', async () => {
    const asked = routeAnswers(() => []);
    renderApp('/owner/route');
    expect(await screen.findByText('No appointments on this day.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByText('No appointments in this week.')).toBeInTheDocument();
    expect(asked[asked.length - 1]).toMatchObject({ days: '7' });
  });

  it('shows the error with a way to try again', async () => {
    server.use(contractHttp.get('/owner/route', () => HttpResponse.error()));
    renderApp('/owner/route');
    expect(
      await screen.findByText(
        'The server could not be reached. Check the connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
