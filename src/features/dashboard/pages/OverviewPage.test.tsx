import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../../testing/user';
import { http, HttpResponse } from 'msw';
import { contractHttp } from '../../../testing/contractHttp';
import type { Booking, CalendlyBooking, Error as ErrorBody, Loyalty } from '../../../api/generated';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { apiUrl } from '../../../testing/api';
import { signIn } from '../../../testing/tokens';
import { DASHBOARD_LOAD_FAILED, dashboardTexts } from '../messages';

/** A website booking; `status` may be a legacy backend's word (the overview maps it). */
const booking = (
  id: string,
  date: string,
  status: string,
  time = '4:00 PM',
): Omit<Booking, 'status'> & { status: string } => ({
  bookingId: id,
  userId: 'user-1',
  email: 'jordan@example.com',
  date,
  time,
  vehicleType: 'Sedan',
  vehicle: { vehicleId: 'v1', make: 'Honda', model: 'Civic', year: 2020 },
  selectedAddons: [],
  totalPrice: 90,
  status,
  source: 'website',
  createdAt: '2024-01-01T00:00:00Z',
});

const calendlyBooking = (
  links: Pick<CalendlyBooking, 'rescheduleUrl' | 'cancelUrl'> = {},
): CalendlyBooking => ({
  bookingId: 'cal-1',
  startTime: '2099-01-15T15:00:00Z',
  serviceName: 'Interior Detail',
  status: 'Booked',
  source: 'Calendly',
  ...links,
});

const loyaltyOf = (points: number): Loyalty => ({
  userId: 'user-1',
  points,
  transactions: [],
  createdAt: '2024-01-01T00:00:00Z',
  lastUpdated: '2024-01-01T00:00:00Z',
});

function useRichData() {
  server.use(
    contractHttp.get('/vehicles/me', () =>
      HttpResponse.json([
        { vehicleId: 'v1', make: 'Honda', model: 'Civic', year: 2020 },
        { vehicleId: 'v2', make: 'Ford', model: 'F-150', year: 2018 },
      ]),
    ),
    // Off the contract on purpose: 'confirmed', 'scheduled', 'pending' are legacy statuses.
    http.get(apiUrl('/bookings'), () =>
      HttpResponse.json([
        booking('b-past', '2001-05-01', 'Booked'),
        booking('b-done', '2099-01-01', 'Completed'),
        booking('b-cancel', '2099-01-01', 'Cancelled'),
        booking('b3', '2099-03-03', 'Booked'),
        {
          ...booking('b1', '2099-01-01', 'confirmed', '9:00 AM'),
          serviceAddress: { line1: '77 Pine Rd', city: 'Durham', state: 'NC', zip: '27701' },
        },
        booking('b2', '2099-02-02', 'scheduled'),
        booking('b4', '2099-04-04', 'Booked'),
        booking('b5', '2099-05-05', 'Booked'),
        booking('b-pending', '2099-01-01', 'pending'),
      ]),
    ),
    contractHttp.get('/calendly-bookings', () => HttpResponse.json([calendlyBooking()])),
    contractHttp.get('/loyalty', () => HttpResponse.json(loyaltyOf(5200))),
    contractHttp.get('/subscriptions', () =>
      HttpResponse.json([
        {
          subscriptionId: 's0',
          userId: 'user-1',
          plan: 'weekly',
          status: 'cancelled',
          createdAt: '2024-01-01',
        },
        {
          subscriptionId: 's1',
          userId: 'user-1',
          plan: 'monthly',
          status: 'active',
          createdAt: '2024-03-05',
        },
      ]),
    ),
  );
}

/** Waits until the overview has loaded (its summary cards show). */
async function loaded() {
  expect(await screen.findByText(dashboardTexts.totalBookings)).toBeInTheDocument();
  expect(screen.queryByText(dashboardTexts.loading)).not.toBeInTheDocument();
}

describe('Dashboard overview', () => {
  beforeEach(() => signIn());

  it('shows the title, the cards, the upcoming list, the loyalty panel and the plan', async () => {
    useRichData();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: dashboardTexts.title }),
    ).toBeInTheDocument();
    await loaded();

    expect(screen.getByLabelText(`${dashboardTexts.vehicles}: 2`)).toBeInTheDocument();
    // 9 website + 1 external booking
    expect(screen.getByLabelText(`${dashboardTexts.totalBookings}: 10`)).toBeInTheDocument();
    expect(screen.getByLabelText(`${dashboardTexts.loyaltyPoints}: 5200`)).toBeInTheDocument();

    // Upcoming: future, booked/scheduled/confirmed, soonest first, at most 5 (b5 drops out).
    const upcoming = screen.getByRole('region', { name: dashboardTexts.upcomingTitle });
    const items = within(upcoming).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    // (Intl may put a narrow no-break space before AM/PM.)
    expect(items.map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      expect.stringContaining('1/1/99, 9:00 AM'),
      expect.stringContaining('1/15/99, 10:00 AM'),
      expect.stringContaining('2/2/99, 4:00 PM'),
      expect.stringContaining('3/3/99, 4:00 PM'),
      expect.stringContaining('4/4/99, 4:00 PM'),
    ]);
    expect(within(items[1]!).getByText('Calendly')).toBeInTheDocument();
    for (const link of within(upcoming).getAllByRole('link', {
      name: dashboardTexts.modifyBooking,
    }))
      expect(link).toHaveAttribute('href', '/dashboard/bookings');

    const ics = within(items[0]!).getByRole('link', {
      name: new RegExp(dashboardTexts.addToCalendar),
    });
    expect(ics).toHaveAttribute('download', 'appointment-b1.ics');
    const text = decodeURIComponent(ics.getAttribute('href')!.replace(/^data:[^,]*,/, ''));
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('DTSTART:20990101T140000Z');
    expect(text).toContain('DTEND:20990101T160000Z');
    // Where the job is: the booking's own service address.
    expect(text).toContain('LOCATION:77 Pine Rd\\, Durham\\, NC 27701\r\n');

    // Loyalty panel at Platinum.
    const loyalty = screen.getByRole('region', { name: dashboardTexts.loyaltyTitle });
    expect(within(loyalty).getByText('Platinum')).toBeInTheDocument();
    expect(within(loyalty).getByText("You're already at the top!")).toBeInTheDocument();
    expect(within(loyalty).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(loyalty).getByText('Premium Wash +200 points')).toBeInTheDocument();
    expect(within(loyalty).getByText('Refer a Friend +300 points')).toBeInTheDocument();
    expect(within(loyalty).getByText('Join a Subscription Plan +500 points')).toBeInTheDocument();
    // Booking status: 8 booked (incl. pending and the past one), 1 completed, 1 cancelled.
    expect(within(loyalty).getByText('Booked: 8 (80.0%)')).toBeInTheDocument();
    expect(within(loyalty).getByText('Completed: 1 (10.0%)')).toBeInTheDocument();
    expect(within(loyalty).getByText('Cancelled: 1 (10.0%)')).toBeInTheDocument();

    // The first active plan.
    const plan = screen.getByRole('region', { name: dashboardTexts.subscriptionTitle });
    expect(within(plan).getByText('monthly')).toBeInTheDocument();
    expect(
      within(plan).queryByRole('link', { name: dashboardTexts.subscribe }),
    ).not.toBeInTheDocument();
  });

  it('offers Modify Booking only for website bookings; a Calendly one links to its own reschedule and cancel', async () => {
    useRichData();
    server.use(
      contractHttp.get('/calendly-bookings', () =>
        HttpResponse.json([
          calendlyBooking({
            rescheduleUrl: 'https://calendly.com/reschedulings/cal-1',
            cancelUrl: 'https://calendly.com/cancellations/cal-1',
          }),
        ]),
      ),
    );
    renderApp('/dashboard');
    await loaded();
    const upcoming = screen.getByRole('region', { name: dashboardTexts.upcomingTitle });
    const items = within(upcoming).getAllByRole('listitem');
    const calendlyItem = items.find((li) => within(li).queryByText('Calendly'))!;
    expect(
      within(calendlyItem).queryByRole('link', { name: dashboardTexts.modifyBooking }),
    ).toBeNull();
    expect(within(calendlyItem).getByRole('link', { name: /^Reschedule/ })).toHaveAttribute(
      'href',
      'https://calendly.com/reschedulings/cal-1',
    );
    expect(within(calendlyItem).getByRole('link', { name: /^Cancel/ })).toHaveAttribute(
      'href',
      'https://calendly.com/cancellations/cal-1',
    );
    const websiteItems = items.filter((li) => li !== calendlyItem);
    expect(websiteItems).toHaveLength(4);
    for (const li of websiteItems)
      expect(within(li).getByRole('link', { name: dashboardTexts.modifyBooking })).toHaveAttribute(
        'href',
        '/dashboard/bookings',
      );
  });

  it('a Calendly booking without links shows no modify action at all', async () => {
    useRichData();
    renderApp('/dashboard');
    await loaded();
    const upcoming = screen.getByRole('region', { name: dashboardTexts.upcomingTitle });
    const calendlyItem = within(upcoming)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByText('Calendly'))!;
    expect(
      within(calendlyItem).queryByRole('link', { name: /Modify|Reschedule|Cancel/ }),
    ).toBeNull();
  });

  it('shows progress below Platinum and a Subscribe link when no plan is active', async () => {
    server.use(contractHttp.get('/loyalty', () => HttpResponse.json(loyaltyOf(2500))));
    renderApp('/dashboard');
    await loaded();
    const loyalty = screen.getByRole('region', { name: dashboardTexts.loyaltyTitle });
    expect(within(loyalty).getByText('Silver')).toBeInTheDocument();
    expect(within(loyalty).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(loyalty).getByText('1,000 points to Gold')).toBeInTheDocument();
    expect(within(loyalty).queryByText("You're already at the top!")).not.toBeInTheDocument();

    expect(screen.getByText(dashboardTexts.noUpcoming)).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: dashboardTexts.subscriptionTitle });
    expect(within(plan).getByRole('link', { name: dashboardTexts.subscribe })).toHaveAttribute(
      'href',
      '/dashboard/subscriptions',
    );
  });

  it('shows Loading dashboard... while the six sources load in parallel', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const paths = [
      '/profile/me',
      '/vehicles/me',
      '/bookings',
      '/calendly-bookings',
      '/loyalty',
      '/subscriptions',
    ];
    /** Records that `path` was asked, and answers once the gate opens. */
    const held =
      <Answer,>(path: string, answer: () => Answer) =>
      async () => {
        started.push(path);
        await gate;
        return answer();
      };
    server.use(
      contractHttp.get(
        '/profile/me',
        held('/profile/me', () =>
          HttpResponse.json({ userId: 'u', email: 'jordan@example.com', name: 'Jordan' }),
        ),
      ),
      contractHttp.get(
        '/vehicles/me',
        held('/vehicles/me', () => HttpResponse.json([])),
      ),
      contractHttp.get(
        '/bookings',
        held('/bookings', () => HttpResponse.json([])),
      ),
      contractHttp.get(
        '/calendly-bookings',
        held('/calendly-bookings', () => HttpResponse.json([])),
      ),
      contractHttp.get(
        '/loyalty',
        held('/loyalty', () => HttpResponse.json(loyaltyOf(1))),
      ),
      contractHttp.get(
        '/subscriptions',
        held('/subscriptions', () => HttpResponse.json([])),
      ),
    );
    renderApp('/dashboard');
    // Every request starts before any of them has answered; meanwhile the loading text shows.
    await waitFor(() => expect([...started].sort()).toEqual([...paths].sort()));
    expect(screen.getByText(dashboardTexts.loading)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: dashboardTexts.refreshing })).toBeDisabled();
    release();
    await loaded();
  });

  it('a failed source is logged and shown as empty; the rest still show', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    useRichData();
    server.use(
      contractHttp.get('/vehicles/me', () =>
        HttpResponse.json({ error: 'Internal Server Error', message: 'down' }, { status: 500 }),
      ),
    );
    renderApp('/dashboard');
    await loaded();
    expect(screen.getByLabelText(`${dashboardTexts.vehicles}: 0`)).toBeInTheDocument();
    expect(screen.getByLabelText(`${dashboardTexts.totalBookings}: 10`)).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_LOAD_FAILED)).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      'Dashboard: failed to load vehicles',
      expect.objectContaining({ status: 500 }),
    );
    log.mockRestore();
  });

  it('shows "Failed to load dashboard data." only when all six fail', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fail = () =>
      HttpResponse.json<ErrorBody>(
        { error: 'Service Unavailable', message: 'down' },
        { status: 503 },
      );
    server.use(
      contractHttp.get('/profile/me', fail),
      contractHttp.get('/vehicles/me', fail),
      contractHttp.get('/bookings', fail),
      contractHttp.get('/calendly-bookings', fail),
      contractHttp.get('/loyalty', fail),
      contractHttp.get('/subscriptions', fail),
    );
    renderApp('/dashboard');
    expect(await screen.findByText(DASHBOARD_LOAD_FAILED)).toBeInTheDocument();
    const failures = log.mock.calls
      .map(([first]) => String(first))
      .filter((text) => text.startsWith('Dashboard: failed to load'))
      .sort();
    expect(failures).toEqual([
      'Dashboard: failed to load Calendly bookings',
      'Dashboard: failed to load loyalty',
      'Dashboard: failed to load profile',
      'Dashboard: failed to load subscriptions',
      'Dashboard: failed to load vehicles',
      'Dashboard: failed to load website bookings',
    ]);
    log.mockRestore();
  });

  it('Refresh reads "Refreshing..." while loading and reloads every source', async () => {
    let vehicleCalls = 0;
    let release: () => void = () => undefined;
    server.use(
      contractHttp.get('/vehicles/me', async () => {
        vehicleCalls += 1;
        if (vehicleCalls > 1)
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        return HttpResponse.json(
          vehicleCalls > 1 ? [{ vehicleId: 'v9', make: 'Kia', model: 'Soul', year: 2022 }] : [],
        );
      }),
    );
    renderApp('/dashboard');
    await loaded();
    expect(screen.getByLabelText(`${dashboardTexts.vehicles}: 0`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: dashboardTexts.refresh }));
    expect(await screen.findByRole('button', { name: dashboardTexts.refreshing })).toBeDisabled();
    await waitFor(() => expect(vehicleCalls).toBe(2));
    release();
    expect(await screen.findByLabelText(`${dashboardTexts.vehicles}: 1`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: dashboardTexts.refresh })).toBeEnabled();
  });

  it('Book a service opens the quote wizard on the home page', async () => {
    const { router } = renderApp('/dashboard');
    await loaded();
    await userEvent.click(screen.getByRole('link', { name: dashboardTexts.bookService }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#booking');
  });

  it('a new account sees the requests sent with its e-mail, with a link to answer them', async () => {
    server.use(
      contractHttp.get('/bookings/claimable', () =>
        HttpResponse.json([
          {
            bookingId: 'r1',
            vehicleType: 'Sedan',
            date: '2099-01-01',
            time: '4:00 PM',
            totalPrice: 90,
          },
        ]),
      ),
    );
    renderApp('/dashboard');
    await loaded();
    const requests = await screen.findByRole('region', { name: 'Requests sent with your e-mail' });
    expect(
      within(requests).getByText(
        '1 quote request sent with your e-mail is waiting for your answer.',
      ),
    ).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: 'Answer in My Bookings' })).toHaveAttribute(
      'href',
      '/dashboard/bookings',
    );
  });

  it('shows no such card when there are no requests to answer', async () => {
    renderApp('/dashboard');
    await loaded();
    expect(screen.getByLabelText(`${dashboardTexts.totalBookings}: 0`)).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Requests sent with your e-mail' }),
    ).not.toBeInTheDocument();
  });
});
