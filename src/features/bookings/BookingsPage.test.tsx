import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { http, HttpResponse, delay } from 'msw';
import { contractHttp } from '../../testing/contractHttp';
import type { Booking, CalendlyBooking, Profile } from '../../api/generated';
import { renderApp } from '../../testing/render';
import { websiteBooking } from '../../testing/bookings';
import { server } from '../../testing/server';
import { apiUrl } from '../../testing/api';
import { signIn } from '../../testing/tokens';
import { bookingsMessages as m, claimMessages } from './messages';
import { todayLocal } from '../../../domain/dates';
import { DEFAULT_OFFER } from '../../../domain/offer';

// A whole app renders per test (lazy routes, charts); give a busy CI machine time to answer.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const booking = websiteBooking;

const calendly = (id: string, overrides: Partial<CalendlyBooking> = {}): CalendlyBooking => ({
  bookingId: id,
  startTime: '2026-10-15T15:00:00Z',
  serviceName: 'Interior Detail',
  status: 'Completed',
  source: 'Calendly',
  ...overrides,
});

const ID_A = '65a1f0c2e4b0a1b2c3d4e5a1';
const ID_B = '65a1f0c2e4b0a1b2c3d4e5b2';
const VEHICLE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ADDRESS = { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' };

/** A stateful bookings API: DELETE cancels, PUT stores the body (as the real server does). */
function bookingsApi(initial: Booking[]) {
  let rows = initial.map((b) => ({ ...b }));
  const puts: { id: string; body: unknown }[] = [];
  const deletes: string[] = [];
  server.use(
    contractHttp.get('/bookings', () => HttpResponse.json(rows)),
    contractHttp.delete('/bookings/{id}', ({ params }) => {
      const id = params.id;
      deletes.push(id);
      rows = rows.map<Booking>((b) => (b.bookingId === id ? { ...b, status: 'Cancelled' } : b));
      return HttpResponse.json(rows.find((b) => b.bookingId === id));
    }),
    contractHttp.put('/bookings/{id}', async ({ params, request }) => {
      const id = params.id;
      const body = await request.json();
      puts.push({ id, body });
      rows = rows.map((b) => (b.bookingId === id ? { ...b, ...body } : b));
      return HttpResponse.json(rows.find((b) => b.bookingId === id));
    }),
  );
  return { puts, deletes };
}

const dialogGone = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const websiteTable = () => screen.findByRole('table', { name: 'Website bookings' });
/** A booking's row, by its whole id (the cell shows its end; the whole id is its title). */
const rowOf = (table: HTMLElement, id: string) =>
  within(table).getByTitle(id).closest('tr') as HTMLElement;
/** My Bookings with booking `id`'s row in edit mode: the row, and its time field. */
async function editOf(id: string) {
  renderApp('/dashboard/bookings');
  const table = await websiteTable();
  const row = () => rowOf(table, id);
  await userEvent.click(within(row()).getByRole('button', { name: m.edit }));
  return { row, time: within(row()).getByLabelText(m.fields.time) };
}
/** The texts of a native select's options, in order. */
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('My Bookings', () => {
  beforeEach(() => signIn());

  it('shows Loading bookings... and asks for both lists together on entry', async () => {
    const started: string[] = [];
    server.use(
      contractHttp.get('/bookings', async () => {
        started.push('bookings');
        await delay(50);
        return HttpResponse.json([]);
      }),
      contractHttp.get('/calendly-bookings', async () => {
        started.push('calendly');
        await delay(50);
        return HttpResponse.json([]);
      }),
    );
    renderApp('/dashboard/bookings');
    expect(await screen.findByText(m.loading)).toBeInTheDocument();
    await waitFor(() => expect(started.sort()).toEqual(['bookings', 'calendly']));
    expect(await screen.findByText(m.noCalendlyBookings)).toBeInTheDocument();
    expect(screen.queryByText(m.loading)).not.toBeInTheDocument();
  });

  it('without bookings: the empty states, a link to the booking section, and no charts', async () => {
    renderApp('/dashboard/bookings');
    expect(await screen.findByText(/No bookings yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.bookService })).toHaveAttribute('href', '/#booking');
    expect(screen.getByText(m.noCalendlyBookings)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Monthly Trends (Segmented)' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Status Breakdown (Stacked)' }),
    ).not.toBeInTheDocument();
  });

  it('with bookings: both charts, the website table and the read-only Calendly table', async () => {
    server.use(
      contractHttp.get('/vehicles/me', () =>
        HttpResponse.json([{ vehicleId: VEHICLE_ID, make: 'Honda', model: 'Civic', year: 2020 }]),
      ),
      // Off the contract on purpose: legacy backends' status words and field names.
      http.get(apiUrl('/bookings'), () =>
        HttpResponse.json([
          booking(ID_A, { vehicle: VEHICLE_ID, totalPrice: 90 }),
          {
            ...booking(ID_B, {
              date: '2026-02-14',
              vehicle: { make: 'Ford', model: 'F-150', year: 2018 },
            }),
            status: undefined,
            Booking_Status: ' DONE ',
          },
          { ...booking('65a1f0c2e4b0a1b2c3d4e5c3', { totalPrice: 120.5 }), status: 'canceled' },
          { ...booking('65a1f0c2e4b0a1b2c3d4e5d4'), status: 'no-show' },
        ]),
      ),
      // Off the contract on purpose: a legacy backend's bookingStatus, and no service name.
      http.get(apiUrl('/calendly-bookings'), () =>
        HttpResponse.json([
          calendly('cal-1'),
          {
            ...calendly('cal-2'),
            bookingStatus: 'canceled',
            status: undefined,
            serviceName: undefined,
            service: undefined,
          },
        ]),
      ),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Booking ID', 'Date & Time', 'Vehicle', 'Status', 'Total', 'Source', 'Actions']);

    // A vehicle id shows the stored vehicle; an object shows make model (year).
    const a = rowOf(table, ID_A);
    // The Booking ID is shortened for reading: its last eight characters.
    expect(within(a).getByRole('cell', { name: '…c3d4e5a1' })).toBeInTheDocument();
    expect(within(a).queryByText(ID_A)).not.toBeInTheDocument();
    expect(within(a).getByText('Honda Civic (2020)')).toBeInTheDocument();
    expect(within(a).getByText('$90')).toBeInTheDocument();
    expect(within(a).getByText('Website')).toBeInTheDocument();
    expect(within(a).getByText('12/5/26, 10:00 AM')).toBeInTheDocument();
    // Odd status values: " DONE " is Completed, "canceled" Cancelled, anything else Booked.
    const b = rowOf(table, ID_B);
    expect(within(b).getByText('Ford F-150 (2018)')).toBeInTheDocument();
    expect(within(b).getByText('Completed')).toBeInTheDocument();
    expect(
      within(rowOf(table, '65a1f0c2e4b0a1b2c3d4e5c3')).getByText('Cancelled'),
    ).toBeInTheDocument();
    expect(
      within(rowOf(table, '65a1f0c2e4b0a1b2c3d4e5d4')).getByText('Booked'),
    ).toBeInTheDocument();

    // Edit and Cancel only on Booked rows; Book again on Completed and Cancelled ones.
    expect(within(a).getByRole('button', { name: m.edit })).toBeInTheDocument();
    expect(within(a).getByRole('button', { name: m.cancel })).toBeInTheDocument();
    expect(within(a).queryByRole('link', { name: m.bookAgain })).not.toBeInTheDocument();
    expect(within(b).queryByRole('button')).not.toBeInTheDocument();
    expect(within(b).getByRole('link', { name: m.bookAgain })).toBeInTheDocument();
    expect(
      within(rowOf(table, '65a1f0c2e4b0a1b2c3d4e5c3')).getByRole('link', { name: m.bookAgain }),
    ).toBeInTheDocument();
    expect(
      within(rowOf(table, '65a1f0c2e4b0a1b2c3d4e5c3')).queryByRole('button'),
    ).not.toBeInTheDocument();

    const cal = screen.getByRole('table', { name: 'Calendly bookings' });
    expect(
      within(cal)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Booking ID', 'Start Time', 'Service', 'Status', 'Source']);
    const cal2 = within(cal).getByRole('cell', { name: 'cal-2' }).closest('tr') as HTMLElement;
    expect(within(cal2).getByText('Calendly Event')).toBeInTheDocument();
    expect(within(cal2).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cal2).getByText('Calendly')).toBeInTheDocument();
    expect(within(cal).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(m.calendlyNote)).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { name: 'Monthly Trends (Segmented)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Status Breakdown (Stacked)' })).toBeInTheDocument();
  });

  it("the Calendly table links to a booking's own reschedule and cancel pages when known", async () => {
    server.use(
      contractHttp.get('/calendly-bookings', () =>
        HttpResponse.json([
          calendly('cal-1', {
            status: 'Booked',
            rescheduleUrl: 'https://calendly.com/reschedulings/cal-1',
            cancelUrl: 'https://calendly.com/cancellations/cal-1',
          }),
          calendly('cal-2', { status: 'Booked', cancelUrl: 'javascript:alert(1)' }),
        ]),
      ),
    );
    renderApp('/dashboard/bookings');
    const cal = await screen.findByRole('table', { name: 'Calendly bookings' });
    const cal1 = within(cal).getByRole('cell', { name: 'cal-1' }).closest('tr') as HTMLElement;
    expect(within(cal1).getByRole('link', { name: /^Reschedule/ })).toHaveAttribute(
      'href',
      'https://calendly.com/reschedulings/cal-1',
    );
    expect(within(cal1).getByRole('link', { name: /^Cancel/ })).toHaveAttribute(
      'href',
      'https://calendly.com/cancellations/cal-1',
    );
    // Only https links are followed; anything else is left out.
    const cal2 = within(cal).getByRole('cell', { name: 'cal-2' }).closest('tr') as HTMLElement;
    expect(within(cal2).queryByRole('link')).toBeNull();
  });

  it('a request the owner has not confirmed reads "Requested: waiting for confirmation", not Booked', async () => {
    bookingsApi([
      booking(ID_A, { awaitingConfirmation: true }),
      booking(ID_B, { awaitingConfirmation: false }),
    ]);
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    const waiting = rowOf(table, ID_A);
    expect(within(waiting).getByText(m.awaitingConfirmation)).toBeInTheDocument();
    expect(within(waiting).queryByText('Booked')).not.toBeInTheDocument();
    expect(within(rowOf(table, ID_B)).getByText('Booked')).toBeInTheDocument();
  });

  it('every cell names its column, so a phone can show each row as a labelled card', async () => {
    bookingsApi([booking(ID_A)]);
    server.use(
      contractHttp.get('/calendly-bookings', () => HttpResponse.json([calendly('cal-1')])),
    );
    renderApp('/dashboard/bookings');
    for (const table of [
      await websiteTable(),
      screen.getByRole('table', { name: 'Calendly bookings' }),
    ]) {
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      for (const row of within(table).getAllByRole('row').slice(1))
        expect(
          within(row)
            .getAllByRole('cell')
            .map((c) => c.dataset.label),
        ).toEqual(headers);
    }
  });

  it('a failed website list toasts its message and shows that list empty', async () => {
    server.use(
      contractHttp.get('/bookings', () =>
        HttpResponse.json(
          { error: 'Internal Server Error', message: 'Bookings are resting' },
          { status: 500 },
        ),
      ),
      contractHttp.get('/calendly-bookings', () => HttpResponse.json([calendly('cal-1')])),
    );
    renderApp('/dashboard/bookings');
    expect(await screen.findByText('Bookings are resting')).toBeInTheDocument();
    expect(screen.getByText(/No bookings yet\./)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Calendly bookings' })).toBeInTheDocument();
    expect(screen.queryByText(m.historyFailed)).not.toBeInTheDocument();
  });

  it('a failed Calendly list toasts its message and shows that list empty', async () => {
    bookingsApi([booking(ID_A)]);
    server.use(contractHttp.get('/calendly-bookings', () => HttpResponse.error()));
    renderApp('/dashboard/bookings');
    expect(await websiteTable()).toBeInTheDocument();
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(screen.getByText(m.noCalendlyBookings)).toBeInTheDocument();
  });

  it.each([
    ['/bookings', m.websiteFailed],
    ['/calendly-bookings', m.calendlyFailed],
  ] as const)('a failure of %s that explains nothing toasts "%s"', async (path, text) => {
    server.use(contractHttp.get(path, () => new HttpResponse(null, { status: 502 })));
    renderApp('/dashboard/bookings');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a failed cancel that explains nothing toasts Failed to cancel booking', async () => {
    bookingsApi([booking(ID_A)]);
    server.use(
      contractHttp.delete('/bookings/{id}', () => new HttpResponse(null, { status: 500 })),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.cancel }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: m.confirmCancel,
      }),
    );
    expect(await screen.findByText(m.cancelFailed)).toBeInTheDocument();
  });

  it('when both lists fail: Failed to load booking history, and Try again reloads', async () => {
    let fail = true;
    // Off the contract on purpose: a proxy's plain-text 503, which explains nothing.
    server.use(
      http.get(apiUrl('/bookings'), () =>
        fail ? new HttpResponse('down', { status: 503 }) : HttpResponse.json([booking(ID_A)]),
      ),
      http.get(apiUrl('/calendly-bookings'), () =>
        fail ? new HttpResponse('down', { status: 503 }) : HttpResponse.json([]),
      ),
    );
    renderApp('/dashboard/bookings');
    // The page box and the toast.
    await waitFor(() => expect(screen.getAllByText(m.historyFailed)).toHaveLength(2));
    expect(screen.queryByText(/No bookings yet\./)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: m.tryAgain }));
    expect(await websiteTable()).toBeInTheDocument();
  });

  it('cancels a booking after confirmation: Cancelled, no actions, toast', async () => {
    const api = bookingsApi([booking(ID_A), booking(ID_B)]);
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.cancel }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(m.cancelConfirmation)).toBeInTheDocument();
    // Keeping it sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: m.keepBooking }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.deletes).toEqual([]);

    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.cancel }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: m.confirmCancel,
      }),
    );
    expect(await screen.findByText(m.cancelled)).toBeInTheDocument();
    await dialogGone();
    expect(api.deletes).toEqual([ID_A]);
    const row = rowOf(await websiteTable(), ID_A);
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a cancel closes the open edit row', async () => {
    bookingsApi([booking(ID_A), booking(ID_B)]);
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.edit }));
    expect(screen.getByLabelText(m.fields.date)).toBeInTheDocument();
    await userEvent.click(within(rowOf(table, ID_B)).getByRole('button', { name: m.cancel }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: m.confirmCancel,
      }),
    );
    expect(await screen.findByText(m.cancelled)).toBeInTheDocument();
    expect(screen.queryByLabelText(m.fields.date)).not.toBeInTheDocument();
  });

  it('a failed cancel toasts the message and keeps the row Booked', async () => {
    bookingsApi([booking(ID_A)]);
    server.use(
      contractHttp.delete('/bookings/{id}', () =>
        HttpResponse.json({ error: 'Conflict', message: 'Too late to cancel' }, { status: 409 }),
      ),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.cancel }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: m.confirmCancel,
      }),
    );
    expect(await screen.findByText('Too late to cancel')).toBeInTheDocument();
    await dialogGone();
    expect(within(rowOf(table, ID_A)).getByText('Booked')).toBeInTheDocument();
    expect(within(rowOf(table, ID_A)).getByRole('button', { name: m.cancel })).toBeEnabled();
  });

  it('only one row at a time is in edit mode', async () => {
    bookingsApi([booking(ID_A), booking(ID_B, { date: '2026-12-06' })]);
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.edit }));
    expect(within(rowOf(table, ID_A)).getByLabelText(m.fields.date)).toHaveValue('2026-12-05');
    await userEvent.click(within(rowOf(table, ID_B)).getByRole('button', { name: m.edit }));
    expect(screen.getAllByLabelText(m.fields.date)).toHaveLength(1);
    expect(within(rowOf(table, ID_B)).getByLabelText(m.fields.date)).toHaveValue('2026-12-06');
    expect(within(rowOf(table, ID_A)).queryByLabelText(m.fields.date)).not.toBeInTheDocument();
    // Cancel leaves edit mode without saving.
    await userEvent.click(within(rowOf(table, ID_B)).getByRole('button', { name: m.cancel }));
    expect(screen.queryByLabelText(m.fields.date)).not.toBeInTheDocument();
  });

  it('saves an edit: PUT body, Processing... with every control disabled, then the server row', async () => {
    const api = bookingsApi([]);
    let stored = booking(ID_A, { vehicle: VEHICLE_ID });
    server.use(
      contractHttp.get('/bookings', () => HttpResponse.json([stored])),
      contractHttp.get('/vehicles/me', () =>
        HttpResponse.json([{ vehicleId: VEHICLE_ID, make: 'Honda', model: 'Civic', year: 2020 }]),
      ),
    );
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      contractHttp.put('/bookings/{id}', async ({ params, request }) => {
        const body = await request.json();
        api.puts.push({ id: params.id, body });
        await held;
        // The server stores its own version of the booking and answers with it.
        stored = booking(ID_A, { ...body, vehicle: 'Server says: Honda Civic' });
        return HttpResponse.json(stored);
      }),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await screen.findByText('Honda Civic (2020)');
    const row = () => rowOf(table, ID_A);
    await userEvent.click(within(row()).getByRole('button', { name: m.edit }));
    // The form starts from the booking: time as a native value, the shown vehicle.
    expect(within(row()).getByLabelText(m.fields.time)).toHaveValue('10:00');
    expect(within(row()).getByLabelText(m.fields.vehicle)).toHaveValue('Honda Civic (2020)');

    const time = within(row()).getByLabelText(m.fields.time);
    await within(time).findByRole('option', { name: '4:00 PM' });
    await userEvent.selectOptions(time, '4:00 PM');
    await userEvent.click(within(row()).getByRole('combobox', { name: m.fields.vehicleType }));
    await userEvent.click(await screen.findByRole('option', { name: 'Premium Package' }));
    await userEvent.click(within(row()).getByRole('button', { name: m.save }));

    expect(await within(row()).findByRole('button', { name: m.processing })).toBeDisabled();
    for (const label of ['Date', 'Time', 'Vehicle', 'Total'])
      expect(within(row()).getByLabelText(label)).toBeDisabled();
    expect(within(row()).getByRole('button', { name: m.cancel })).toBeDisabled();

    await waitFor(() => expect(api.puts).toHaveLength(1));
    // The vehicle left as shown keeps its stored id.
    expect(api.puts[0]).toEqual({
      id: ID_A,
      body: {
        date: '2026-12-05',
        time: '4:00 PM',
        vehicleType: 'Premium Package',
        vehicle: VEHICLE_ID,
        totalPrice: 200,
      },
    });
    release();
    expect(await screen.findByText(m.updated)).toBeInTheDocument();
    expect(within(row()).getByText('Server says: Honda Civic')).toBeInTheDocument();
    expect(within(row()).getByText('$200')).toBeInTheDocument();
    expect(within(row()).getByText('12/5/26, 4:00 PM')).toBeInTheDocument();
    expect(within(row()).queryByLabelText(m.fields.date)).not.toBeInTheDocument();
  });

  it('the total follows the price list as the vehicle type changes; nothing typed is replaced', async () => {
    const api = bookingsApi([
      booking(ID_A, { vehicleType: 'SUV', selectedAddons: ['Pet Hair Removal'], totalPrice: 145 }),
    ]);
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    const row = () => rowOf(table, ID_A);
    await userEvent.click(within(row()).getByRole('button', { name: m.edit }));
    const total = within(row()).getByLabelText(m.fields.total);
    expect(total).toHaveValue('$145'); // SUV 120 + Pet Hair Removal 25
    expect(total).toHaveAttribute('readonly');
    expect(total).toHaveAccessibleDescription(m.priceFromList);
    await userEvent.type(total, '99');
    expect(total).toHaveValue('$145');

    await userEvent.click(within(row()).getByRole('combobox', { name: m.fields.vehicleType }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sedan' }));
    expect(within(row()).getByLabelText(m.fields.total)).toHaveValue('$115'); // 90 + 25
    await userEvent.click(within(row()).getByRole('button', { name: m.save }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.body).toMatchObject({ vehicleType: 'Sedan', totalPrice: 115 });
  });

  it('a new vehicle type is priced by the offer published now, not the one the code was built with', async () => {
    bookingsApi([booking(ID_A, { vehicleType: 'SUV', selectedAddons: [], totalPrice: 120 })]);
    const sedan = { ...DEFAULT_OFFER.vehicleTypes.Sedan, price: 95 };
    server.use(
      contractHttp.get('/offer', () =>
        HttpResponse.json({
          version: 7,
          publishedAt: '2026-11-29T12:00:00.000Z',
          offer: {
            ...DEFAULT_OFFER,
            vehicleTypes: { ...DEFAULT_OFFER.vehicleTypes, Sedan: sedan },
          },
        }),
      ),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    const row = () => rowOf(table, ID_A);
    await userEvent.click(within(row()).getByRole('button', { name: m.edit }));
    await userEvent.click(within(row()).getByRole('combobox', { name: m.fields.vehicleType }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sedan' }));
    await waitFor(() => expect(within(row()).getByLabelText(m.fields.total)).toHaveValue('$95'));
  });

  it('the date picker starts at today', async () => {
    bookingsApi([booking(ID_A)]);
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.edit }));
    const date = within(rowOf(table, ID_A)).getByLabelText(m.fields.date);
    expect(date).toHaveAttribute('min', todayLocal());
  });

  it("the server's refusal of a past date is told in the customer's words", async () => {
    bookingsApi([booking(ID_A)]);
    server.use(
      contractHttp.put('/bookings/{id}', () =>
        HttpResponse.json(
          {
            error: 'Bad Request',
            message: 'body/date must not be earlier than today',
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.edit }));
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.save }));
    expect(await screen.findByText('Please choose today or a later date.')).toBeInTheDocument();
    expect(screen.queryByText(/body\/date/)).not.toBeInTheDocument();
    expect(within(rowOf(table, ID_A)).getByLabelText(m.fields.date)).toHaveValue('2026-12-05');
  });

  it('the reschedule offers the free times of the chosen day for the job, its own time kept', async () => {
    const api = bookingsApi([booking(ID_A)]);
    const asked: string[] = [];
    server.use(
      contractHttp.get('/availability', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const date = query.get('from') ?? '';
        asked.push(`${date} ${query.get('vehicleType')}`);
        // Its own 10:00 AM is not in the answer (hours the owner has changed since): kept.
        return HttpResponse.json([
          { date, times: date === '2026-12-05' ? ['9:00 AM', '12:00 PM'] : ['2:00 PM'] },
        ]);
      }),
    );
    const { row, time } = await editOf(ID_A);
    await waitFor(() =>
      expect(optionTexts(time)).toEqual([m.chooseTime, '9:00 AM', '10:00 AM', '12:00 PM']),
    );
    expect(time).toHaveValue('10:00');
    expect(asked).toContain('2026-12-05 SUV');
    await userEvent.selectOptions(time, '12:00 PM');
    const date = within(row()).getByLabelText(m.fields.date);
    await userEvent.clear(date);
    await userEvent.fill(date, '2026-12-06');
    await waitFor(() => expect(optionTexts(time)).toContain('2:00 PM'));
    await userEvent.selectOptions(time, '2:00 PM');
    await userEvent.click(within(row()).getByRole('button', { name: m.save }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]?.body).toMatchObject({ date: '2026-12-06', time: '2:00 PM' });
  });

  it("the reschedule asks for the day's times as if the booking were not there: its own time and the starts next to it", async () => {
    bookingsApi([booking(ID_A)]);
    const excepts: (string | null)[] = [];
    server.use(
      contractHttp.get('/availability', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const date = query.get('from') ?? '';
        excepts.push(query.get('except'));
        // The SUV at 10:00 AM holds 9:00 AM to 12:30 PM; left out, its own starts are free.
        const times =
          query.get('except') === ID_A
            ? ['9:00 AM', '10:00 AM', '10:30 AM', '11:00 AM', '1:00 PM']
            : ['1:00 PM'];
        return HttpResponse.json([{ date, times }]);
      }),
    );
    const { time } = await editOf(ID_A);
    await waitFor(() =>
      expect(optionTexts(time)).toEqual([
        m.chooseTime,
        '9:00 AM',
        '10:00 AM',
        '10:30 AM',
        '11:00 AM',
        '1:00 PM',
      ]),
    );
    expect(time).toHaveValue('10:00');
    expect(excepts).toContain(ID_A);
    expect(excepts).not.toContain(null);
  });

  it('a taken time (409) offers the nearest free times as buttons; one chosen is saved, nothing typed lost', async () => {
    const api = bookingsApi([booking(ID_A)]);
    let refuse = true;
    server.use(
      contractHttp.put('/bookings/{id}', async ({ params, request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        api.puts.push({ id: params.id, body });
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            {
              error: 'Conflict',
              message: 'Sat, Dec 5, 2026 at 12:00 PM is no longer free; please choose another time',
              nearest: [
                { date: '2026-12-05', time: '2:00 PM' },
                { date: '2026-12-06', time: '9:00 AM' },
              ],
            },
            { status: 409 },
          ) as never;
        }
        return HttpResponse.json(booking(ID_A, body)) as never;
      }),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    const row = () => rowOf(table, ID_A);
    await userEvent.click(within(row()).getByRole('button', { name: m.edit }));
    const vehicle = within(row()).getByLabelText(m.fields.vehicle);
    await userEvent.clear(vehicle);
    await userEvent.fill(vehicle, 'Blue Subaru');
    const time = within(row()).getByLabelText(m.fields.time);
    await within(time).findByRole('option', { name: '12:00 PM' });
    await userEvent.selectOptions(time, '12:00 PM');
    await userEvent.click(within(row()).getByRole('button', { name: m.save }));
    expect(
      await within(row()).findByText(
        'Sat, Dec 5, 2026 at 12:00 PM is no longer free; please choose another time',
      ),
    ).toBeVisible();
    // What was chosen and typed stays.
    expect(time).toHaveValue('12:00');
    expect(within(row()).getByLabelText(m.fields.vehicle)).toHaveValue('Blue Subaru');
    await userEvent.click(
      within(row()).getByRole('button', { name: 'Sun, Dec 6, 2026 at 9:00 AM' }),
    );
    expect(within(row()).getByLabelText(m.fields.date)).toHaveValue('2026-12-06');
    expect(within(row()).getByLabelText(m.fields.time)).toHaveValue('09:00');
    await userEvent.click(within(row()).getByRole('button', { name: m.save }));
    await waitFor(() => expect(api.puts).toHaveLength(2));
    expect(api.puts[1]?.body).toMatchObject({
      date: '2026-12-06',
      time: '9:00 AM',
      vehicle: 'Blue Subaru',
    });
    expect(await screen.findByText(m.updated)).toBeInTheDocument();
  });

  it('a time never offered (400 body/time) is refused as such, not as taken', async () => {
    bookingsApi([booking(ID_A, { time: '7:00 AM' })]);
    server.use(
      contractHttp.put('/bookings/{id}', () =>
        HttpResponse.json(
          {
            error: 'Bad Request',
            message:
              'body/time 7:00 AM is not a time we offer on 2026-12-06; the times that day: 9:00 AM',
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    const row = () => rowOf(table, ID_A);
    await userEvent.click(within(row()).getByRole('button', { name: m.edit }));
    const date = within(row()).getByLabelText(m.fields.date);
    await userEvent.clear(date);
    await userEvent.fill(date, '2026-12-06');
    await userEvent.click(within(row()).getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.timeNotOffered)).toBeInTheDocument();
    expect(screen.queryByText(/no longer free/)).not.toBeInTheDocument();
  });

  it('a failed edit toasts the message and keeps what was typed', async () => {
    bookingsApi([booking(ID_A)]);
    server.use(contractHttp.put('/bookings/{id}', () => new HttpResponse(null, { status: 500 })));
    renderApp('/dashboard/bookings');
    const table = await websiteTable();
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.edit }));
    const vehicle = within(rowOf(table, ID_A)).getByLabelText(m.fields.vehicle);
    await userEvent.clear(vehicle);
    await userEvent.fill(vehicle, 'Blue Subaru');
    await userEvent.click(within(rowOf(table, ID_A)).getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.updateFailed)).toBeInTheDocument();
    expect(within(rowOf(table, ID_A)).getByLabelText(m.fields.vehicle)).toHaveValue('Blue Subaru');
    expect(within(rowOf(table, ID_A)).getByRole('button', { name: m.save })).toBeEnabled();
  });

  it('pages a long history and marks data arrival and rendering for the benchmark', async () => {
    const marks: string[] = [];
    const original = performance.mark;
    performance.mark = ((name: string) => {
      marks.push(name);
      return undefined as unknown as PerformanceMark;
    }) as typeof performance.mark;
    try {
      const many = Array.from({ length: 2000 }, (_, i) =>
        booking(`65a1f0c2e4b0a1b2c3d${String(i).padStart(5, '0')}`, {
          date: `2025-${String((i % 12) + 1).padStart(2, '0')}-10`,
          status: (['Booked', 'Completed', 'Cancelled'] as const)[i % 3],
        }),
      );
      server.use(contractHttp.get('/bookings', () => HttpResponse.json(many)));
      renderApp('/dashboard/bookings');
      const table = await websiteTable();
      // Header plus one page of rows.
      expect(within(table).getAllByRole('row')).toHaveLength(11);
      expect(screen.getByText('1–10 of 2,000')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /next page/i }));
      expect(screen.getByText('11–20 of 2,000')).toBeInTheDocument();
      await waitFor(() => expect(marks).toContain('bookings:rendered'));
      expect(marks.indexOf('bookings:data')).toBeGreaterThanOrEqual(0);
      expect(marks.indexOf('bookings:data')).toBeLessThan(marks.indexOf('bookings:rendered'));
    } finally {
      performance.mark = original;
    }
  });
});

describe(m.bookAgain, () => {
  beforeEach(() => signIn());
  /** The home page's wizard loads when its section nears the viewport: here at once. */
  const realObserver = globalThis.IntersectionObserver;
  beforeEach(() => {
    class Intersecting {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    }
    globalThis.IntersectionObserver = Intersecting as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = realObserver;
  });

  it("opens the quote wizard at the booking step with the booking's choices and today's price", async () => {
    server.use(
      contractHttp.get('/vehicles/me', () =>
        HttpResponse.json([{ vehicleId: VEHICLE_ID, make: 'Honda', model: 'Odyssey', year: 2020 }]),
      ),
    );
    bookingsApi([
      // Stored at an old price: Minivan 150 + Ceramic Wax 50 + Pet Hair Removal 25 is $225 today.
      booking(ID_B, {
        status: 'Completed',
        vehicleType: 'Minivan',
        selectedAddons: ['Pet Hair Removal', 'Ceramic Wax'],
        vehicle: VEHICLE_ID,
        totalPrice: 170,
      }),
    ]);
    const { router } = renderApp('/dashboard/bookings');
    const row = rowOf(await websiteTable(), ID_B);
    expect(within(row).getByText('$170')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('link', { name: m.bookAgain }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { name: 'Your details and preferred time' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Estimated total:/)).toHaveTextContent('$225');
    expect(screen.getByText('Minivan + 2 add-ons')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Vehicle Information' })).toHaveValue(
      'Honda Odyssey (2020)',
    );
  });
});

describe(claimMessages.title, () => {
  beforeEach(() => signIn());

  /** The server's claim rule: "mine" moves the request to the bookings, "not mine" hides it. */
  function claimApi(pending: Booking[]) {
    let offered = pending;
    const owned: Booking[] = [];
    const answers: { id: string; body: unknown }[] = [];
    server.use(
      contractHttp.get('/bookings', () => HttpResponse.json(owned)),
      contractHttp.get('/bookings/claimable', () =>
        HttpResponse.json(
          offered.map(({ bookingId, vehicleType, date, time, totalPrice }) => ({
            bookingId,
            vehicleType,
            date,
            time,
            totalPrice,
          })),
        ),
      ),
      contractHttp.post('/bookings/{id}/claim', async ({ params, request }) => {
        const id = params.id;
        const body = await request.json();
        answers.push({ id, body });
        const found = offered.find((b) => b.bookingId === id);
        offered = offered.filter((b) => b.bookingId !== id);
        if (found && body.decision === 'mine') owned.push({ ...found, userId: 'user-1' });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return { answers };
  }

  /** The signed-in customer's profile as the server holds it. */
  function profileApi(profile: Partial<Profile>) {
    server.use(
      contractHttp.get('/profile/me', () =>
        HttpResponse.json<Profile>({
          userId: 'user-1',
          email: 'jordan@example.com',
          name: '',
          ...profile,
        }),
      ),
    );
  }

  it(`lists them apart from the bookings; "${claimMessages.mine}" adds one, "${claimMessages.notMine}" hides one`, async () => {
    profileApi({ name: 'Jordan Miles', phone: '9195550123', serviceAddress: ADDRESS });
    const { answers } = claimApi([
      booking(ID_A, { vehicleType: 'Minivan', date: '2026-12-07' }),
      booking(ID_B, { vehicleType: 'Sedan', date: '2026-12-09' }),
    ]);
    const user = userEvent.setup();
    renderApp('/dashboard/bookings');
    const panel = await screen.findByRole('region', { name: claimMessages.title });
    expect(await screen.findByText(/No bookings yet\./)).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    // The day as the rest of the portal writes it, never the stored 2026-12-07.
    expect(panel).not.toHaveTextContent('2026-12-07');
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(
      /Minivan · 12\/7\/26, 10:00\sAM/,
    );

    // A profile with everything filled in is not asked anything.
    await user.click(
      within(panel).getByRole('button', {
        name: new RegExp(`^${claimMessages.mine}: Minivan · 12/7/26`),
      }),
    );
    expect(await screen.findByText(claimMessages.claimed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/No bookings yet\./)).not.toBeInTheDocument());
    await user.click(
      within(await screen.findByRole('region', { name: claimMessages.title })).getByRole('button', {
        name: /^Not mine: Sedan · 12\/9\/26/,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: claimMessages.title })).not.toBeInTheDocument(),
    );
    expect(answers).toEqual([
      { id: ID_A, body: { decision: 'mine' } },
      { id: ID_B, body: { decision: 'not-mine' } },
    ]);
  });

  it('an empty profile is offered the request’s name, phone and address: "Use these for your profile?"', async () => {
    profileApi({ name: 'Jordan Miles' });
    const { answers } = claimApi([
      booking(ID_A, { vehicleType: 'Minivan', date: '2026-12-07' }),
      booking(ID_B, { vehicleType: 'Sedan', date: '2026-12-09' }),
    ]);
    const user = userEvent.setup();
    renderApp('/dashboard/bookings');
    const panel = await screen.findByRole('region', { name: claimMessages.title });
    await user.click(
      within(panel).getByRole('button', { name: new RegExp(`^${claimMessages.mine}: Minivan`) }),
    );
    const dialog = await screen.findByRole('dialog', { name: claimMessages.fillTitle });
    // It names what is empty; the name the customer typed stays.
    expect(dialog).toHaveTextContent('phone and service address');
    await user.click(within(dialog).getByRole('button', { name: claimMessages.fill }));
    expect(await screen.findByText(claimMessages.claimed)).toBeInTheDocument();

    // "Not now" still adds the request, without touching the profile.
    await user.click(
      within(await screen.findByRole('region', { name: claimMessages.title })).getByRole('button', {
        name: new RegExp(`^${claimMessages.mine}: Sedan`),
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: claimMessages.fillTitle })).getByRole(
        'button',
        { name: claimMessages.noFill },
      ),
    );
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(answers).toEqual([
      { id: ID_A, body: { decision: 'mine', fillProfile: true } },
      { id: ID_B, body: { decision: 'mine' } },
    ]);
  });
});
