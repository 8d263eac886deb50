import { useEffect } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../testing/user';
import { HttpResponse } from 'msw';
import { contractHttp, type ContractAnswer } from '../../testing/contractHttp';
import type { Booking } from '../../api/generated';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { signIn } from '../../testing/tokens';
import { business } from '../../config/business';
import { QuoteSection } from './QuoteSection';
import { accountQuoteTexts } from './messages';
import { bookAgainState } from '../../lib/bookAgain';
import { DRAFT_KEY } from './wizard';
import { logout } from '../../api/session/logout';
import { useAppDispatch } from '../../api/hooks';
import { useGetMyProfileQuery } from '../../api/endpoints';
import { QUOTE_DRAFT_MAX_AGE_MS } from '../../config/timing';
import { HEADER_HEIGHT } from '../../config/layout';
import {
  DEFAULT_RULES,
  freeTimes,
  jobRules,
  type AvailabilityRules,
} from '../../../domain/availability';
import { DEFAULT_OFFER } from '../../../domain/offer';
import { localNow } from '../../../domain/dates';
import { weekendSlots } from '../../../domain/quoteSchedule';

const SUCCESS =
  "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours to confirm your booking.";
const FAILURE = `Failed to submit quote request. Please try calling us at ${business.phone}.`;
const NETWORK = `Network error. Please check your connection and try again, or call us at ${business.phone}.`;

// Saturday 14 March 2026, 11:00 in Cary.
const NOW = new Date('2026-03-14T15:00:00Z');

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true, now: NOW });
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
});
afterEach(() => {
  jest.useRealTimers();
});

/** The wizard as the home page has it: inside the router, at `entry` (a path, or one with state). */
function renderQuote(entry: string | { pathname: string; hash?: string; state?: unknown } = '/') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <QuoteSection />
    </MemoryRouter>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 3, name });
const total = () => screen.getByText(/^Estimated total:/);

async function toBookingStep(vehicle: RegExp = /^Sedan/, addons: string[] = []) {
  await user.click(screen.getByRole('button', { name: vehicle }));
  await heading('Choose your add-ons');
  for (const addon of addons)
    await user.click(screen.getByRole('checkbox', { name: new RegExp(addon) }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await heading('Your details and preferred time');
  await screen.findByLabelText(/Full Name/); // the step's code loads on demand
}

/** Fills the field with that label (`user.fill`: one paste, not a key per character). */
const fill = (label: RegExp | string, text: string) =>
  user.fill(screen.getByLabelText(label), text);

/** The service address group and its fields (an addition to the spec's form). */
const addressGroup = () => screen.getByRole('group', { name: 'Service address' });
const addressField = (label: RegExp) => within(addressGroup()).getByLabelText(label);

async function fillAddress(city = 'Cary') {
  await user.fill(addressField(/^Address line 1/), '12 Oak St');
  await user.fill(addressField(/^City/), city);
  await user.fill(addressField(/^ZIP/), '27511');
}

/** The time field's choices, without its placeholder. */
const timeOptions = (field: HTMLElement) =>
  within(field)
    .getAllByRole('option')
    .map((o) => o.textContent)
    .slice(1);

/** Chooses a time once the server has answered the day's free times. */
async function chooseTime(time: string) {
  const field = screen.getByLabelText(/Preferred Time/);
  await within(field).findByRole('option', { name: time });
  await user.selectOptions(field, time);
}

async function fillContact() {
  await fill(/Full Name/, 'Jordan Miles');
  await fill(/Phone Number/, '(919) 555-0199');
  await fill(/Email Address/, 'jordan@example.com');
}

async function fillDetails() {
  await fillContact();
  await fill(/Preferred Date/, '2026-03-21');
  await chooseTime('10:00 AM');
  await fill('Vehicle Information', '2021 Honda CR-V, silver');
  await fillAddress();
  await fill('Additional Notes', 'Gate code 1234');
}

/** Every field as fillDetails typed it. */
function expectTypedValuesKept() {
  expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles');
  expect(screen.getByLabelText(/Phone Number/)).toHaveValue('(919) 555-0199');
  expect(screen.getByLabelText(/Email Address/)).toHaveValue('jordan@example.com');
  expect(screen.getByLabelText(/Preferred Date/)).toHaveValue('2026-03-21');
  expect(screen.getByLabelText(/Preferred Time/)).toHaveValue('10:00 AM');
  expect(screen.getByLabelText('Vehicle Information')).toHaveValue('2021 Honda CR-V, silver');
  expect(addressField(/^City/)).toHaveValue('Cary');
  expect(screen.getByLabelText('Additional Notes')).toHaveValue('Gate code 1234');
}

/** What POST /bookings answers: the stored booking. */
const storedBooking: Booking = {
  bookingId: 'b-1',
  name: 'Jordan Miles',
  email: 'jordan@example.com',
  phone: '(919) 555-0199',
  date: '2026-03-21',
  time: '10:00 AM',
  vehicleType: 'Sedan',
  vehicle: '2021 Honda CR-V, silver',
  selectedAddons: [],
  totalPrice: 90,
  status: 'Booked',
  source: 'website',
  createdAt: '2026-03-01T12:00:00.000Z',
};

/** Records the bodies (and Authorization headers) POST /bookings receives. */
function captureBookings(
  respond: () => ContractAnswer<'post', '/bookings'> = () =>
    HttpResponse.json(storedBooking, { status: 201 }),
) {
  const received: { body: unknown; auth: string | null; key: string | null }[] = [];
  server.use(
    contractHttp.post('/bookings', async ({ request }) => {
      received.push({
        body: await request.json(),
        auth: request.headers.get('Authorization'),
        key: request.headers.get('Idempotency-Key'),
      });
      return respond();
    }),
  );
  return received;
}

describe('quote wizard', () => {
  it('shows the four vehicle types with their prices and the Premium offer', () => {
    renderQuote();
    for (const [name, price] of [
      ['Sedan', '$90'],
      ['SUV', '$120'],
      ['Minivan', '$150'],
      ['Premium Package', '$200'],
    ])
      expect(
        screen.getByRole('button', { name: new RegExp(`^${name}.*\\${price}`) }),
      ).toBeVisible();
    const premium = screen.getByRole('button', { name: /^Premium Package/ });
    expect(premium).toHaveTextContent('$250');
    expect(premium).toHaveTextContent('save $50 (20% off)');
  });

  it('keeps a running total of base price plus add-ons', async () => {
    renderQuote();
    await user.click(screen.getByRole('button', { name: /^SUV/ }));
    expect(total()).toHaveTextContent('Estimated total: $120');
    await user.click(screen.getByRole('checkbox', { name: /Ceramic Wax/ }));
    await user.click(screen.getByRole('checkbox', { name: /Tire Shine/ }));
    expect(total()).toHaveTextContent('Estimated total: $185');
    await user.click(screen.getByRole('checkbox', { name: /Ceramic Wax/ }));
    expect(total()).toHaveTextContent('Estimated total: $135');
  });

  it('Premium Package selects every add-on for a flat $200', async () => {
    renderQuote();
    await user.click(screen.getByRole('button', { name: /Premium Package/ }));
    await heading('Choose your add-ons');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(6);
    for (const box of boxes) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(screen.getByText('All add-ons are included in the Premium Package.')).toBeVisible();
    expect(total()).toHaveTextContent('Estimated total: $200');
  });

  it('Back buttons go back one step, keeping the choices', async () => {
    renderQuote();
    await toBookingStep(/^Minivan/, ['Pet Hair Removal']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Choose your add-ons');
    expect(screen.getByRole('checkbox', { name: /Pet Hair Removal/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Choose your vehicle type');
    expect(screen.getByRole('button', { name: /^Minivan/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('Start Over returns to the vehicle step and clears the form', async () => {
    renderQuote();
    await toBookingStep(/^SUV/, ['Ceramic Wax']);
    await fill(/Full Name/, 'Jordan Miles');
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    await heading('Choose your vehicle type');
    expect(screen.queryByText(/^Estimated total:/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^SUV/ })).toHaveAttribute('aria-pressed', 'false');
    await toBookingStep(/^SUV/);
    expect(total()).toHaveTextContent('$120');
    expect(await screen.findByLabelText(/Full Name/)).toHaveValue('');
  });

  it("after Continue, brings the step's heading, and the fields under it, below the sticky header", async () => {
    const scrolled: { element: Element; options: unknown }[] = [];
    const scroll = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
      options?: boolean | ScrollIntoViewOptions,
    ) {
      scrolled.push({ element: this, options });
    });
    try {
      renderQuote();
      await toBookingStep();
      const title = await heading('Your details and preferred time');
      expect(title).toHaveFocus();
      expect(scrolled).toContainEqual({ element: title, options: { block: 'nearest' } });
      // The space the scroll leaves above the heading is more than the header's height.
      expect(parseFloat(getComputedStyle(title).scrollMarginTop)).toBeGreaterThan(HEADER_HEIGHT);
    } finally {
      scroll.mockRestore();
    }
  });

  it("leaves room between a field's help text and the label of the field below it", async () => {
    renderQuote();
    await toBookingStep();
    const grid = screen.getByLabelText(/Full Name/).closest('form')!.firstElementChild!;
    expect(grid).toContainElement(screen.getByLabelText(/Preferred Time/));
    // The outlined field's label rises half its height (about 9 px) above the field.
    expect(parseFloat(getComputedStyle(grid).rowGap)).toBeGreaterThanOrEqual(12);
  });

  it('offers no time until a date is chosen, then weekday or weekend slots', async () => {
    renderQuote();
    await toBookingStep();
    const time = await screen.findByLabelText(/Preferred Time/);
    expect(time).toBeDisabled();
    const options = () =>
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .slice(1);
    expect(options()).toEqual([]);

    const date = screen.getByLabelText(/Preferred Date/);
    await user.fill(date, '2026-03-16'); // Monday
    await waitFor(() => expect(options()).toEqual(['4:00 PM', '5:00 PM', '6:00 PM']));
    expect(time).toBeEnabled();
    // The hint gives the working hours of the (seeded) rules.
    expect(screen.getByText('Mon-Sun 9am-6pm.')).toBeVisible();
    await user.clear(date);
    await user.fill(date, '2026-03-21'); // Saturday
    await waitFor(() => expect(options()).toEqual([...weekendSlots]));
  });

  it('offers only the free times of the chosen day, for the chosen job, and says when none is free', async () => {
    const asked: string[] = [];
    server.use(
      contractHttp.get('/availability', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('from')} ${query.get('vehicleType')} ${query.get('addOns') ?? ''}`);
        const date = query.get('from') ?? '';
        const times = date === '2026-03-22' ? [] : ['10:00 AM', '2:00 PM'];
        return HttpResponse.json([{ date, times }]);
      }),
    );
    renderQuote();
    await toBookingStep(/^SUV/, ['Ceramic Wax']);
    const time = await screen.findByLabelText(/Preferred Time/);
    const date = screen.getByLabelText(/Preferred Date/);
    await user.fill(date, '2026-03-21'); // Saturday
    await waitFor(() => expect(timeOptions(time)).toEqual(['10:00 AM', '2:00 PM']));
    expect(asked).toContain('2026-03-21 SUV Ceramic Wax');
    await user.clear(date);
    await user.fill(date, '2026-03-22'); // Sunday, fully booked
    expect(
      await screen.findByText('Nothing is free on this day. Please choose another date.'),
    ).toBeVisible();
    expect(time).toBeDisabled();
  });

  it('offers the morning times of an owner who works Monday 8 AM–2 PM, as the server answers them', async () => {
    const rules: AvailabilityRules = {
      ...DEFAULT_RULES,
      week: { ...DEFAULT_RULES.week, monday: { open: true, start: '08:00', end: '14:00' } },
    };
    server.use(
      contractHttp.get('/availability', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const range = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
        const job = { vehicleType: query.get('vehicleType') ?? '', addOns: [] };
        return HttpResponse.json(
          freeTimes(jobRules(rules, DEFAULT_OFFER), range, localNow(NOW), job, new Map()),
        );
      }),
    );
    renderQuote();
    await toBookingStep();
    const time = await screen.findByLabelText(/Preferred Time/);
    await user.fill(screen.getByLabelText(/Preferred Date/), '2026-03-16'); // Monday
    await waitFor(() =>
      expect(timeOptions(time)).toEqual([
        '8:00 AM',
        '9:00 AM',
        '10:00 AM',
        '11:00 AM',
        '12:00 PM',
        '1:00 PM',
        '2:00 PM',
      ]),
    );
    expect(
      screen.queryByText('Nothing is free on this day. Please choose another date.'),
    ).not.toBeInTheDocument();
    await user.selectOptions(time, '8:00 AM');
    expect(time).toHaveValue('8:00 AM');
  });

  it('offers the nearest free times when the time was taken meanwhile, keeping what was typed', async () => {
    const received = captureBookings(() =>
      HttpResponse.json(
        {
          error: 'Conflict',
          message: 'Sat, Mar 21, 2026 at 10:00 AM is no longer free; please choose another time',
          nearest: [
            { date: '2026-03-21', time: '12:00 PM' },
            { date: '2026-03-22', time: '9:00 AM' },
          ],
        },
        { status: 409 },
      ),
    );
    renderQuote();
    await toBookingStep();
    await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(
      await screen.findByText(
        'Sat, Mar 21, 2026 at 10:00 AM is no longer free; please choose another time',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sun, Mar 22, 2026 at 9:00 AM' }));
    expect(screen.getByLabelText(/Preferred Date/)).toHaveValue('2026-03-22');
    expect(screen.getByLabelText(/Preferred Time/)).toHaveValue('9:00 AM');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles');
    expect(screen.getByLabelText('Additional Notes')).toHaveValue('Gate code 1234');
    expect(received).toHaveLength(1);
  });

  it('when the prices changed since the page was loaded (409), shows the new total and sends it only when Submit is pressed again', async () => {
    let answer = 0;
    const changed =
      'Our prices changed since this page was loaded; the total is now $160.00. Please check it and send again.';
    const received = captureBookings(() =>
      (answer += 1) === 1
        ? HttpResponse.json(
            { error: 'Conflict', message: changed, totalPrice: 160, offerVersion: 2 },
            { status: 409 },
          )
        : HttpResponse.json({ ...storedBooking, totalPrice: 160 }, { status: 201 }),
    );
    renderQuote();
    await toBookingStep(/^SUV/, ['Pet Hair Removal']);
    expect(total()).toHaveTextContent('Estimated total: $145');
    await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(changed)).toBeVisible();
    expect(total()).toHaveTextContent('Estimated total: $160');
    expectTypedValuesKept();
    // The first request carried the total and the offer the visitor saw; nothing else was sent.
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toMatchObject({ totalPrice: 145, offerVersion: 1 });
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(/^Thank you! Your quote request/)).toBeVisible();
    expect(received).toHaveLength(2);
    expect(received[1]?.body).toMatchObject({ totalPrice: 160, offerVersion: 2 });
  });

  it('requires name, phone and e-mail and refuses a date before today', async () => {
    const received = captureBookings();
    renderQuote();
    await toBookingStep();
    const date = await screen.findByLabelText(/Preferred Date/);
    expect(date).toHaveAttribute('min', '2026-03-14');
    expect(screen.getByLabelText(/Phone Number/)).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
    await user.fill(date, '2026-03-13');
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(screen.getByText('Please enter your full name.')).toBeVisible();
    expect(screen.getByText('Please enter your phone number.')).toBeVisible();
    expect(screen.getByText('Please enter your email address.')).toBeVisible();
    expect(screen.getByText('Please choose today or a later date.')).toBeVisible();
    expect(screen.getByLabelText(/Full Name/)).toHaveFocus();
    await user.clear(date);
    await user.fill(date, '2026-03-14');
    expect(screen.queryByText('Please choose today or a later date.')).not.toBeInTheDocument();
    expect(received).toHaveLength(0);
  });

  it('sends a call-back request with only name, phone and e-mail (date and time optional)', async () => {
    const received = captureBookings();
    renderQuote();
    await toBookingStep();
    await fillContact();
    await fillAddress();
    expect(screen.getByLabelText(/Preferred Date/)).not.toBeRequired();
    expect(screen.getByLabelText(/Preferred Time/)).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0]?.body).not.toHaveProperty('date');
    expect(received[0]?.body).not.toHaveProperty('time');
    expect(received[0]?.body).toMatchObject({ name: 'Jordan Miles', email: 'jordan@example.com' });
  });

  it('sends the quote, shows the thank-you for 5 seconds, then starts afresh', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const received = captureBookings();
    server.use(
      contractHttp.post('/bookings', async ({ request }) => {
        received.push({
          body: await request.json(),
          auth: request.headers.get('Authorization'),
          key: request.headers.get('Idempotency-Key'),
        });
        await gate;
        return HttpResponse.json(storedBooking, { status: 201 });
      }),
    );
    renderQuote();
    await toBookingStep(/^Sedan/, ['Tire Shine', 'Ceramic Wax']);
    await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

    const sending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    await user.click(sending); // a second click sends nothing more
    release();
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(screen.getByText(SUCCESS).closest('[role="status"]')).toHaveFocus();
    expect(received).toEqual([
      {
        auth: null,
        body: {
          name: 'Jordan Miles',
          phone: '(919) 555-0199',
          email: 'jordan@example.com',
          vehicleType: 'Sedan',
          selectedAddons: ['Tire Shine & Wheel Detail', 'Ceramic Wax'],
          date: '2026-03-21',
          time: '10:00 AM',
          vehicle: '2021 Honda CR-V, silver',
          message: 'Gate code 1234',
          serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
          totalPrice: 155,
          offerVersion: 1,
        },
        key: expect.stringMatching(/^[A-Za-z0-9_-]{16,128}$/),
      },
    ]);
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();

    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText(SUCCESS)).toBeVisible();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(await heading('Choose your vehicle type')).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Sedan/ })).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends a request with the full name, phone and e-mail only: the address is offered, not required', async () => {
    const received = captureBookings();
    renderQuote();
    await toBookingStep();
    await fillContact();
    expect(addressGroup()).toHaveAccessibleDescription(
      'Where the car will be, so we can come to you. No address to hand, or rather talk first? Leave it empty: we will call you for it.',
    );
    for (const label of [/^Address line 1/, /^City/, /^ZIP/])
      expect(addressField(label)).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0]?.body).not.toHaveProperty('serviceAddress');
    expect(received[0]?.body).toMatchObject({ email: 'jordan@example.com' });
  });

  it("checks an address once begun like the profile's", async () => {
    const received = captureBookings();
    renderQuote();
    await toBookingStep();
    await fillContact();
    expect(addressField(/^Address line 1/)).toHaveAttribute('autocomplete', 'address-line1');
    expect(addressField(/^State/)).toHaveValue('NC');
    expect(addressField(/^ZIP/)).toHaveAttribute('autocomplete', 'postal-code');
    await user.clear(addressField(/^State/));
    await user.fill(addressField(/^ZIP/), '2751');
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

    for (const message of [
      'Address line 1 is required.',
      'City is required.',
      'State is required.',
      'ZIP must be 5 or 9 digits.',
    ])
      expect(within(addressGroup()).getByText(message)).toBeVisible();
    expect(addressField(/^Address line 1/)).toHaveFocus();
    expect(received).toHaveLength(0);

    await user.fill(addressField(/^Address line 1/), ' 48 Maple Ave ');
    await user.fill(addressField(/^Address line 2/), 'Apt 2');
    await user.fill(addressField(/^City/), 'Apex');
    await user.fill(addressField(/^State/), 'NC');
    await user.clear(addressField(/^ZIP/));
    await user.fill(addressField(/^ZIP/), '27502-1234');
    expect(within(addressGroup()).queryByText(/is required|must be/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(received[0]?.auth).toBeNull();
    expect(received[0]?.body).toMatchObject({
      serviceAddress: {
        line1: '48 Maple Ave',
        line2: 'Apt 2',
        city: 'Apex',
        state: 'NC',
        zip: '27502-1234',
      },
    });
  });

  it('outside the eight towns says so kindly and still sends the request', async () => {
    const received = captureBookings();
    renderQuote();
    await toBookingStep();
    await fillContact();
    await fillAddress('Charlotte');
    await user.tab(); // the note waits until the city is typed
    const note = within(addressGroup()).getByRole('status');
    expect(note).toHaveTextContent(
      'Charlotte is outside the towns we serve (Cary, Apex, Morrisville, Durham, Raleigh, Holly Springs, Garner and Wake Forest). You can still send the request: we will call you to say whether we can come.',
    );
    await user.clear(addressField(/^City/));
    await user.type(addressField(/^City/), ' wake forest ');
    await user.tab();
    expect(within(addressGroup()).queryByRole('status')).not.toBeInTheDocument();

    await user.clear(addressField(/^City/));
    await user.fill(addressField(/^City/), 'Charlotte');
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(received[0]?.body).toMatchObject({ serviceAddress: { city: 'Charlotte' } });
  });

  it('keeps the typed address through Back and Continue', async () => {
    renderQuote();
    await toBookingStep(/^SUV/);
    await fillAddress('Durham');
    await user.fill(addressField(/^Address line 2/), 'Unit 5');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Choose your add-ons');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your details and preferred time');
    expect(await screen.findByLabelText(/^Address line 1/)).toHaveValue('12 Oak St');
    expect(addressField(/^Address line 2/)).toHaveValue('Unit 5');
    expect(addressField(/^City/)).toHaveValue('Durham');
    expect(addressField(/^ZIP/)).toHaveValue('27511');
  });

  it('sends the token when signed in', async () => {
    const { idToken } = signIn({ now: NOW.getTime() });
    const received = captureBookings();
    renderQuote();
    await toBookingStep();
    await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    expect(received[0]?.auth).toBe(`Bearer ${idToken}`);
  });

  it.each([
    [
      'a server error',
      () => HttpResponse.json({ error: 'Internal Server Error', message: 'boom' }, { status: 500 }),
      FAILURE,
    ],
    [
      'a rejected request',
      () => HttpResponse.json({ error: 'Bad Request', message: 'bad' }, { status: 400 }),
      FAILURE,
    ],
    ['a network error', () => HttpResponse.error(), NETWORK],
  ])(
    'on %s shows the message with the phone number and keeps the input',
    async (_l, respond, message) => {
      const received = captureBookings(respond);
      renderQuote();
      await toBookingStep(/^SUV/, ['Leather Conditioning']);
      await fillDetails();
      await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(received).toHaveLength(1);
      expectTypedValuesKept();
      expect(total()).toHaveTextContent('$150');
      expect(screen.getByRole('button', { name: 'Submit Quote Request' })).toHaveFocus();

      // It stays after the confirmation delay, and the draft is still stored.
      act(() => jest.advanceTimersByTime(6000));
      expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles');
      expect(window.localStorage.getItem(DRAFT_KEY)).toContain('Jordan Miles');
    },
  );

  /** What the API answers while another process holds the database's write lock. */
  const busy = (): ContractAnswer<'post', '/bookings'> =>
    HttpResponse.json(
      {
        error: 'Service Unavailable',
        message: 'The service is busy for a moment and nothing was changed; please try again',
      },
      { status: 503, headers: { 'Retry-After': '1' } },
    );

  it('while the service is busy (503) says "Busy for a moment, trying again", keeps what was typed and sends it again', async () => {
    let answers = 0;
    const received = captureBookings(() => {
      answers += 1;
      return answers <= 2 ? busy() : HttpResponse.json(storedBooking, { status: 201 });
    });
    renderQuote();
    await toBookingStep(/^SUV/, ['Leather Conditioning']);
    await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

    expect(await screen.findByText('Busy for a moment, trying again')).toBeVisible();
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
    expectTypedValuesKept();
    expect(await screen.findByText(SUCCESS)).toBeVisible();
    // The same request each time: one quote, whichever answer stored it.
    expect(received).toHaveLength(3);
    expect(new Set(received.map((request) => request.key)).size).toBe(1);
    expect(received[2]!.body).toEqual(received[0]!.body);
  });

  it('when the service stays busy, shows the failure and keeps everything typed, for Submit again', async () => {
    const received = captureBookings(busy);
    renderQuote();
    await toBookingStep(/^SUV/, ['Leather Conditioning']);
    await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

    expect(await screen.findByText('Busy for a moment, trying again')).toBeVisible();
    expect(await screen.findByText(FAILURE, {}, { timeout: 10_000 })).toBeVisible();
    expect(received.length).toBeGreaterThan(1);
    expectTypedValuesKept();
    expect(window.localStorage.getItem(DRAFT_KEY)).toContain('Gate code 1234');
  });

  it('sends the same Idempotency-Key when Submit is pressed again, and a new one for changed details', async () => {
    let answers = 0;
    const received = captureBookings(() => {
      answers += 1;
      return answers === 1
        ? HttpResponse.error()
        : HttpResponse.json(storedBooking, { status: 201 });
    });
    renderQuote();
    await toBookingStep(/^SUV/, ['Leather Conditioning']);
    await fillDetails();
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK);
    await submit();
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[0]!.key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(received[1]!.key).toBe(received[0]!.key);
    expect(await screen.findByText(SUCCESS)).toBeVisible();

    act(() => jest.advanceTimersByTime(6000));
    await toBookingStep(/^SUV/, ['Leather Conditioning']);
    await fillDetails();
    await submit();
    await waitFor(() => expect(received).toHaveLength(3));
    expect(received[2]!.key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(received[2]!.key).not.toBe(received[0]!.key);
  });

  it('keeps the draft across a reload (remount)', async () => {
    const first = renderQuote();
    await toBookingStep(/^Minivan/, ['Vinyl Protection']);
    await fill(/Full Name/, 'Jordan Miles');
    await fill(/Preferred Date/, '2026-03-21');
    first.unmount();

    renderQuote();
    expect(await screen.findByLabelText(/Full Name/)).toHaveValue('Jordan Miles');
    expect(screen.getByLabelText(/Preferred Date/)).toHaveValue('2026-03-21');
    expect(total()).toHaveTextContent('$180');
  });

  it('forgets the draft on logout: the next person sees an empty form', async () => {
    signIn();
    const first = renderQuote();
    await toBookingStep(/^Minivan/);
    await fill(/Full Name/, 'Jordan Miles');
    await fill(/Email Address/, 'jordan@example.com');
    logout(first.store.dispatch);
    first.unmount();
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();

    renderQuote();
    expect(await heading('Choose your vehicle type')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Jordan Miles')).not.toBeInTheDocument();
  });

  it('discards a draft older than a few days', async () => {
    const first = renderQuote();
    await toBookingStep(/^Minivan/);
    await fill(/Full Name/, 'Jordan Miles');
    first.unmount();

    jest.setSystemTime(NOW.getTime() + QUOTE_DRAFT_MAX_AGE_MS + 60_000);
    renderQuote();
    expect(await heading('Choose your vehicle type')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Jordan Miles')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  describe('signed in', () => {
    const ADDRESS = { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' };
    const profileAndVehicles = () =>
      server.use(
        contractHttp.get('/profile/me', () =>
          HttpResponse.json({
            userId: 'user-1',
            email: 'jordan@example.com',
            name: 'Jordan Miles',
            phone: '9195550123',
            serviceAddress: ADDRESS,
          }),
        ),
        contractHttp.get('/vehicles/me', () =>
          HttpResponse.json([
            { vehicleId: 'v1', make: 'Toyota', model: 'RAV4', year: 2019 },
            { vehicleId: 'v2', make: 'Honda', model: 'Accord', year: 2021 },
          ]),
        ),
      );

    it('prefills the details from the profile, offers the saved vehicles and sends the address', async () => {
      const { idToken } = signIn({ now: NOW.getTime() });
      profileAndVehicles();
      const received = captureBookings();
      renderQuote();
      await toBookingStep(/^SUV/, ['Pet Hair Removal']);

      await waitFor(() => expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles'));
      expect(screen.getByLabelText(/Phone Number/)).toHaveValue('9195550123');
      const email = screen.getByLabelText(/Email Address/);
      expect(email).toHaveValue('jordan@example.com');
      expect(email).toHaveAttribute('readonly');
      await waitFor(() => expect(addressField(/^Address line 1/)).toHaveValue('12 Oak St'));
      expect(addressField(/^City/)).toHaveValue('Cary');
      expect(addressField(/^State/)).toHaveValue('NC');
      expect(addressField(/^ZIP/)).toHaveValue('27511');
      const vehicle = await screen.findByRole('combobox', { name: 'Vehicle Information' });
      expect(
        within(vehicle)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        accountQuoteTexts.noVehicle,
        'Toyota RAV4 (2019)',
        'Honda Accord (2021)',
        accountQuoteTexts.otherVehicle,
      ]);
      await user.selectOptions(vehicle, 'Honda Accord (2021)');
      await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));

      expect(await screen.findByText(SUCCESS, { exact: false })).toBeVisible();
      expect(screen.getByRole('link', { name: accountQuoteTexts.myBookingsLink })).toHaveAttribute(
        'href',
        '/dashboard/bookings',
      );
      expect(received[0]?.auth).toBe(`Bearer ${idToken}`);
      expect(received[0]?.body).toMatchObject({
        name: 'Jordan Miles',
        phone: '9195550123',
        email: 'jordan@example.com',
        vehicle: 'Honda Accord (2021)',
        serviceAddress: ADDRESS,
        totalPrice: 145,
      });
      expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    });

    it('a session that ends as the form opens (an account just deleted) leaves none of its details on this device', async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      // Ends the session in an effect that runs just before the form's, in the render the profile
      // arrives in: as leaving the dashboard after deleting the account does on the way home.
      function EndsTheSessionWithTheProfile() {
        const dispatch = useAppDispatch();
        const profile = useGetMyProfileQuery().currentData;
        useEffect(() => {
          if (profile) logout(dispatch);
        }, [profile, dispatch]);
        return null;
      }
      const written: string[] = [];
      const original = Storage.prototype.setItem;
      const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
        this: Storage,
        key: string,
        value: string,
      ) {
        if (key === DRAFT_KEY) written.push(value);
        original.call(this, key, value);
      });
      renderWithProviders(
        <MemoryRouter>
          <EndsTheSessionWithTheProfile />
          <QuoteSection />
        </MemoryRouter>,
      );
      await waitFor(() => expect(window.localStorage.getItem('idToken')).toBeNull());
      await act(async () => {});
      setItem.mockRestore();
      expect(written.filter((value) => value.includes('Jordan'))).toEqual([]);
      expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    });

    it('keeps a contact field the customer emptied empty while they go on typing', async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      renderQuote();
      await toBookingStep();
      const name = screen.getByLabelText(/Full Name/);
      const phone = screen.getByLabelText(/Phone Number/);
      await waitFor(() => expect(name).toHaveValue('Jordan Miles'));
      expect(phone).toHaveValue('9195550123');

      await user.clear(name);
      await user.clear(phone);
      await user.type(screen.getByLabelText(/Additional Notes/), 'Gate');
      await user.type(phone, '919');

      expect(name).toHaveValue('');
      expect(phone).toHaveValue('919');
      expect(screen.getByLabelText(/Additional Notes/)).toHaveValue('Gate');
      await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
      expect(await screen.findByText('Please enter your full name.')).toBeVisible();
      expect(name).toHaveValue('');
    });

    it('sends the address as the customer changed it for this request', async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      const received = captureBookings();
      renderQuote();
      await toBookingStep();
      await waitFor(() => expect(addressField(/^Address line 1/)).toHaveValue('12 Oak St'));
      await user.clear(addressField(/^Address line 1/));
      await user.type(addressField(/^Address line 1/), '7 Pine Rd');
      await user.type(addressField(/^Address line 2/), 'Office park, lot B');
      await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
      await screen.findByText(SUCCESS, { exact: false });
      expect(received[0]?.body).toMatchObject({
        serviceAddress: { ...ADDRESS, line1: '7 Pine Rd', line2: 'Office park, lot B' },
      });
    });

    it('a form started afresh takes the details from the profile again', async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      renderQuote();
      await toBookingStep();
      await waitFor(() => expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles'));
      await user.clear(screen.getByLabelText(/Full Name/));
      await user.click(screen.getByRole('button', { name: 'Start Over' }));
      await heading('Choose your vehicle type');
      await toBookingStep();
      expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles');
      expect(screen.getByLabelText(/Email Address/)).toHaveValue('jordan@example.com');
    });

    it('clears the personal details when another tab logs out, and writes nothing back', async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      const tabB = renderQuote();
      await toBookingStep(/^SUV/);
      await waitFor(() => expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jordan Miles'));
      await fill(/Phone Number/, '9195550999');

      // Tab A logs out: it clears the shared storage and tab B hears of it (sessionWatch).
      window.localStorage.clear();
      act(() => logout(tabB.store.dispatch, { broadcast: false }));

      expect(await heading('Choose your vehicle type')).toBeInTheDocument();
      expect(screen.queryByDisplayValue('Jordan Miles')).not.toBeInTheDocument();
      expect(screen.queryByDisplayValue('9195550999')).not.toBeInTheDocument();
      expect(screen.queryByDisplayValue('jordan@example.com')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: /^Sedan/ }));
      const stored = window.localStorage.getItem(DRAFT_KEY) ?? '';
      for (const personal of ['Jordan Miles', '9195550', 'jordan@example.com', 'Oak St'])
        expect(stored).not.toContain(personal);
    });

    it('lets the customer type another vehicle', async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      const received = captureBookings();
      renderQuote();
      await toBookingStep();
      const vehicle = await screen.findByRole('combobox', { name: 'Vehicle Information' });
      await user.selectOptions(vehicle, accountQuoteTexts.otherVehicle);
      await fill(accountQuoteTexts.otherVehicleLabel, '1999 VW Beetle');
      await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
      await screen.findByText(SUCCESS, { exact: false });
      expect(received[0]?.body).toMatchObject({ vehicle: '1999 VW Beetle' });
    });

    it('falls back to the empty form, with no error, when the profile and vehicles fail to load', async () => {
      signIn({ now: NOW.getTime() });
      const asked: string[] = [];
      server.use(
        contractHttp.get('/profile/me', () => {
          asked.push('profile');
          return HttpResponse.json(
            { error: 'Internal Server Error', message: 'boom' },
            { status: 500 },
          );
        }),
        contractHttp.get('/vehicles/me', () =>
          HttpResponse.json({ error: 'Internal Server Error', message: 'boom' }, { status: 500 }),
        ),
      );
      renderQuote();
      await toBookingStep();
      await waitFor(() => expect(asked).toContain('profile'));
      expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
      const email = screen.getByLabelText(/Email Address/);
      expect(email).toHaveValue('');
      expect(email).not.toHaveAttribute('readonly');
      expect(screen.getByRole('textbox', { name: 'Vehicle Information' })).toHaveValue('');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(addressField(/^Address line 1/)).toHaveValue('');
    });

    it("Book again opens the booking step with the same choices, priced from today's list", async () => {
      signIn({ now: NOW.getTime() });
      profileAndVehicles();
      const received = captureBookings();
      // What My Bookings sends: a booking stored at $999 (an old price) must not carry over.
      const state = {
        ...bookAgainState({
          vehicleType: 'SUV',
          selectedAddons: ['Ceramic Wax', 'Pet Hair Removal', 'Not an add-on'],
          vehicle: 'Toyota RAV4 (2019)',
        }),
        totalPrice: 999,
      };
      renderQuote({ pathname: '/', hash: '#booking', state });

      expect(await heading('Your details and preferred time')).toHaveFocus();
      expect(total()).toHaveTextContent('$195'); // SUV 120 + Pet Hair Removal 25 + Ceramic Wax 50
      expect(screen.getByText('SUV + 2 add-ons')).toBeVisible();
      expect(await screen.findByRole('combobox', { name: 'Vehicle Information' })).toHaveValue(
        'Toyota RAV4 (2019)',
      );
      expect(await screen.findByDisplayValue('Jordan Miles')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Submit Quote Request' }));
      await screen.findByText(SUCCESS, { exact: false });
      expect(received[0]?.body).toMatchObject({
        vehicleType: 'SUV',
        selectedAddons: ['Pet Hair Removal', 'Ceramic Wax'],
        vehicle: 'Toyota RAV4 (2019)',
        totalPrice: 195,
      });
    });
  });
});
