/**
 * The quote wizard (docs/product.md §4, §5, §8, §9): the time options of a weekday and a weekend day,
 * Premium selecting every add-on, the total, a request stored by the API, and a failed request
 * that keeps everything typed.
 */
import { expect, test } from './support/fixtures';
import { sundayFor, viaStack, weekdayFor } from './support/slots';
import { openWizard, timeOptions, WEEKDAY_TIMES, WEEKEND_TIMES, wizard } from './support/quote';

const PHONE = '(919) 555-0142';
const ADDONS = [
  'Tire Shine & Wheel Detail',
  'Pet Hair Removal',
  'Leather Conditioning',
  'Vinyl Protection',
  'Hydrophobic Coating',
  'Ceramic Wax',
];

interface StoredBooking {
  name: string;
  phone: string;
  date: string;
  time: string;
  vehicle_type: string;
  vehicle: string;
  selected_addons: string;
  total_price: number;
  status: string;
  message: string;
  user_id: string | null;
  service_address: string | null;
}

test('Premium Package selects every add-on at a flat $200', async ({ page }) => {
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('Premium Package').click();
  await expect(w.stepHeading('Choose your add-ons')).toBeVisible();
  for (const addon of ADDONS) {
    await expect(w.addon(addon)).toBeChecked();
    await expect(w.addon(addon)).toBeDisabled();
  }
  await expect(w.total).toHaveText('Estimated total: $200');
  await expect(w.section).toContainText('Premium Package, all add-ons included');

  // Back to the vehicle step: another type starts with no add-ons, and the total follows.
  await w.section.getByRole('button', { name: 'Back' }).click();
  await w.vehicle('Sedan').click();
  for (const addon of ADDONS) await expect(w.addon(addon)).not.toBeChecked();
  await expect(w.total).toHaveText('Estimated total: $90');
  await w.addon('Tire Shine & Wheel Detail').check();
  await expect(w.total).toHaveText('Estimated total: $105');
});

test('a weekday request is stored by the API, then the wizard starts afresh', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('quote');
  // A weekday with every time free: the list below is the whole weekday list.
  const date = await weekdayFor(viaStack(stack), 'quote', {
    vehicleType: 'SUV',
    addOns: ['Pet Hair Removal', 'Ceramic Wax'],
  });
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('SUV').click();
  await w.addon('Pet Hair Removal').check();
  await w.addon('Ceramic Wax').check();
  await expect(w.total).toHaveText('Estimated total: $195');
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await expect(w.stepHeading('Your details and preferred time')).toBeVisible();

  // No time can be chosen before a date; a weekday offers the afternoon slots.
  await expect(w.time).toBeDisabled();
  await w.field('Full Name').fill('Riley Weekday');
  await w.field('Phone Number').fill('(919) 555-0199');
  await w.field('Email Address').fill(email);
  await w.field('Preferred Date').fill(date);
  await expect(w.time).toBeEnabled();
  expect(await timeOptions(w.time)).toEqual(WEEKDAY_TIMES);
  await w.time.selectOption('5:00 PM');
  await w.field('Vehicle Information').fill('2020 Subaru Outback, green');
  // The service address (an addition to the spec's form): outside the eight towns a note,
  // not a refusal.
  await w.field('Address line 1').fill('48 Maple Ave');
  await w.field('Address line 2').fill('Apt 2');
  await w.field('City').fill('Charlotte');
  await w.field('ZIP').fill('28202');
  await w.field('Additional Notes').focus();
  await expect(
    w.section.getByRole('status').filter({ hasText: 'Charlotte is outside' }),
  ).toBeVisible();
  await w.field('City').fill('Apex');
  await w.field('ZIP').fill('27502');
  await w.field('Additional Notes').fill('Gate code 1234');
  await expect(w.section.getByText(/is outside the towns we serve/)).toHaveCount(0);
  await expect(w.total).toHaveText('Estimated total: $195');

  await w.submit.click();
  await expect(
    page.getByText(/^Thank you! Your quote request has been submitted successfully\./),
  ).toHaveText(
    "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours to confirm your booking.",
  );

  const stored = stack.query<StoredBooking>('SELECT * FROM bookings WHERE email_lower = ?', email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    name: 'Riley Weekday',
    phone: '(919) 555-0199',
    date,
    time: '5:00 PM',
    vehicle_type: 'SUV',
    vehicle: '2020 Subaru Outback, green',
    total_price: 195,
    status: 'Booked',
    message: 'Gate code 1234',
    user_id: null,
  });
  expect(JSON.parse(stored[0]!.selected_addons)).toEqual(['Pet Hair Removal', 'Ceramic Wax']);
  expect(JSON.parse(stored[0]!.service_address ?? 'null')).toEqual({
    line1: '48 Maple Ave',
    line2: 'Apt 2',
    city: 'Apex',
    state: 'NC',
    zip: '27502',
  });

  // The confirmation shows for 5 seconds, then the wizard is empty again.
  await expect(w.stepHeading('Choose your vehicle type')).toBeVisible({ timeout: 8_000 });
  await expect(w.total).toHaveCount(0);
});

test('a weekend day offers the weekend times', async ({ page, stack }) => {
  const sunday = await sundayFor(viaStack(stack), 'weekend-offer', { vehicleType: 'Sedan' });
  const weekday = await weekdayFor(viaStack(stack), 'weekend-offer', { vehicleType: 'Sedan' });
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('Sedan').click();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await w.field('Preferred Date').fill(sunday);
  expect(await timeOptions(w.time)).toEqual(WEEKEND_TIMES);
  // Changing to a weekday changes the options.
  await w.field('Preferred Date').fill(weekday);
  expect(await timeOptions(w.time)).toEqual(WEEKDAY_TIMES);
});

test('while the API is down the request fails with the phone number and nothing typed is lost', async ({
  page,
  stack,
  consoleGuard,
}) => {
  // The browser reports the failed requests on its console; that is expected here.
  consoleGuard.allow(
    /Failed to load resource: (net::ERR_FAILED|the server responded with a status of 502)/,
  );
  const email = stack.uniqueEmail('down');
  const date = await sundayFor(viaStack(stack), 'quote-down', {
    vehicleType: 'Minivan',
    addOns: ['Leather Conditioning'],
    time: '10:00 AM',
  });
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('Minivan').click();
  await w.addon('Leather Conditioning').check();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  const typed = {
    'Full Name': 'Sam Offline',
    'Phone Number': '919-555-0100',
    'Email Address': email,
    'Preferred Date': date,
    'Vehicle Information': '2018 Kia Sedona',
    'Address line 1': '9 Birch Ct',
    City: 'Durham',
    ZIP: '27701',
    'Additional Notes': 'Please call first',
  };
  for (const [label, value] of Object.entries(typed)) await w.field(label).fill(value);
  await w.time.selectOption('10:00 AM');

  const expectAllKept = async () => {
    for (const [label, value] of Object.entries(typed))
      await expect(w.field(label)).toHaveValue(value);
    await expect(w.time).toHaveValue('10:00 AM');
    await expect(w.total).toHaveText('Estimated total: $180');
  };

  // No answer at all (the API unreachable): the network message.
  await page.route('**/api/bookings', (route) => route.abort('failed'));
  await w.submit.click();
  await expect(w.section.getByRole('alert')).toHaveText(
    `Network error. Please check your connection and try again, or call us at ${PHONE}.`,
  );
  await expectAllKept();

  // The host answers for the API (502 Bad Gateway): the failure message.
  await page.unroute('**/api/bookings');
  await page.route('**/api/bookings', (route) =>
    route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }),
  );
  await w.submit.click();
  await expect(w.section.getByRole('alert')).toHaveText(
    `Failed to submit quote request. Please try calling us at ${PHONE}.`,
  );
  await expectAllKept();
  expect(stack.query('SELECT 1 FROM bookings WHERE email_lower = ?', email)).toHaveLength(0);

  // Back up: the same request goes through without typing anything again.
  await page.unroute('**/api/bookings');
  await w.submit.click();
  await expect(page.getByText(/^Thank you! Your quote request has been submitted/)).toBeVisible();
  expect(stack.query('SELECT 1 FROM bookings WHERE email_lower = ?', email)).toHaveLength(1);
});
