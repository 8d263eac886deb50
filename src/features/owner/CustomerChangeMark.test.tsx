import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { userEvent } from '../../testing/user';
import { contractHttp } from '../../testing/contractHttp';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import type { CustomerChange, OwnerBooking } from './api/generated';
import type { ContractAnswer } from '../../testing/contractHttp';
import CustomerDetailPage from './customers/CustomerDetailPage';
import { customerPath } from './customers/paths';
import { todayInNewYork } from './format';
import { customerPageAnswers, inboxAnswers, ownerBooking, signInAsOwner } from './testing/ownerApi';

beforeEach(() => signInAsOwner());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const moved = (at: string): CustomerChange => ({
  kind: 'moved',
  at,
  from: { date: '2026-12-05', time: '10:00 AM', vehicleType: 'SUV', vehicle: '2021 Honda CR-V' },
  to: { date: '2026-12-07', time: '4:00 PM', vehicleType: 'SUV', vehicle: '2021 Honda CR-V' },
});

/** Answers "Seen" with `answer`; records the bodies it was sent. */
function seenAnswers(
  answer: () => ContractAnswer<'post', '/owner/bookings/{id}/customer-change/seen'>,
) {
  const bodies: unknown[] = [];
  server.use(
    contractHttp.post('/owner/bookings/{id}/customer-change/seen', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe("the mark of a customer's change", () => {
  it('says on the inbox card what the customer changed, from what to what and when, until the owner says Seen', async () => {
    const at = minutesAgo(2);
    let booking = ownerBooking({ name: 'Avery Mover', customerChange: moved(at) });
    const quiet = ownerBooking({ name: 'Blake Quiet' });
    inboxAnswers(() => ({ items: [booking, quiet], nextCursor: null, newCount: 2 }));
    const bodies = seenAnswers(() => {
      const { customerChange: _seen, ...without } = booking;
      booking = without;
      return HttpResponse.json<OwnerBooking>(booking);
    });
    renderApp('/owner');

    const list = await screen.findByRole('list', { name: 'Quote requests' });
    const [card, other] = within(list).getAllByRole('listitem');
    expect(
      within(card!).getByText(
        'Customer moved this from Sat, Dec 5, 2026 at 10:00 AM to Mon, Dec 7, 2026 at 4:00 PM · 2 minutes ago',
      ),
    ).toBeInTheDocument();
    expect(within(other!).queryByText(/^Customer /)).not.toBeInTheDocument();

    await userEvent.click(
      within(card!).getByRole('button', { name: "Seen: Avery Mover's change" }),
    );
    await waitFor(() =>
      expect(within(list).queryByText(/Customer moved this/)).not.toBeInTheDocument(),
    );
    expect(bodies).toEqual([{ at }]);
  });

  it('keeps the mark and says why when the server refuses the Seen', async () => {
    const booking = ownerBooking({
      name: 'Casey Cancel',
      status: 'Cancelled',
      customerChange: { ...moved(minutesAgo(0)), kind: 'cancelled' },
    });
    inboxAnswers(() => ({ items: [booking], nextCursor: null, newCount: 1 }));
    seenAnswers(() =>
      HttpResponse.json(
        { error: 'Service Unavailable', message: 'Busy, try again' },
        {
          status: 503,
        },
      ),
    );
    renderApp('/owner');
    const mark = await screen.findByText(
      'Customer cancelled this (it was on Mon, Dec 7, 2026 at 4:00 PM) · just now',
    );
    await userEvent.click(screen.getByRole('button', { name: "Seen: Casey Cancel's change" }));
    expect(await screen.findByText('Busy, try again')).toBeInTheDocument();
    expect(mark).toBeInTheDocument();
  });

  it("shows on the route's stop and on the customer's page", async () => {
    const today = todayInNewYork();
    const stop = ownerBooking({
      name: 'Drew Route',
      date: today,
      customerChange: moved(minutesAgo(61)),
    });
    server.use(contractHttp.get('/owner/route', () => HttpResponse.json<OwnerBooking[]>([stop])));
    const { unmount } = renderApp('/owner/route');
    const route = await screen.findByRole('list', { name: /Appointments/ });
    expect(within(route).getByText(/^Customer moved this .* · 1 hour ago$/)).toBeInTheDocument();
    expect(within(route).getByRole('button', { name: "Seen: Drew Route's change" })).toBeVisible();
    unmount();

    customerPageAnswers([
      ownerBooking({ name: 'Ada Lovelace', customerChange: moved(minutesAgo(3)) }),
    ]);
    renderApp(customerPath('cust-1'), {
      routes: [{ path: '/owner/customers/:userId', element: <CustomerDetailPage /> }],
    });
    expect(await screen.findByText(/^Customer moved this .* · 3 minutes ago$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Seen: Ada Lovelace's change" })).toBeVisible();
  });
});
