/**
 * A returning customer books again in two taps (docs/product.md, signed-in quote and
 * Book again): My Bookings → Book again on a completed booking → the wizard at the booking step
 * with the account's details → sent with the token → waiting for confirmation in My Bookings and in Upcoming
 * Appointments. The journey adds a booking, so it runs on a customer of its own seeded with the
 * demo customer's history (the operator's `seed-demo`), leaving the shared demo customer as seeded.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, logIn, strongPassword, test, type Stack } from './support/fixtures';
import { wizard } from './support/quote';
import { viaStack, weekdayFor } from './support/slots';

const root = path.resolve(import.meta.dirname, '../..');

/** The `sub` claim of an id token. */
const subOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
    .sub;

/** A new customer with the demo customer's history (bookings in every status, vehicles, address). */
async function demoLikeCustomer(stack: Stack) {
  const email = stack.uniqueEmail('again');
  const password = strongPassword();
  const name = 'Jordan Again';
  await stack.createUser(email, password, name);
  const { idToken } = await stack.signIn(email, password);
  const sub = subOf(idToken);
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli.ts',
      'seed-demo',
      '--sub',
      sub,
      '--email',
      email,
      '--name',
      name,
    ],
    {
      cwd: root,
      stdio: 'pipe',
      env: {
        ...process.env,
        DATABASE_PATH: stack.env.databasePath,
        PICTURES_DIR: path.join(path.dirname(stack.env.databasePath), 'pictures'),
      },
    },
  );
  return { email, password, name, sub, token: idToken };
}

interface StoredBooking {
  bookingId: string;
  userId: string | null;
  date?: string;
  time?: string;
  vehicleType: string;
  vehicle: string;
  selectedAddons: string[];
  totalPrice: number;
  status: string;
  serviceAddress?: Record<string, string>;
}

test('Book again on a completed booking: sent with the account, shown at once, waiting for confirmation', async ({
  page,
  stack,
}) => {
  const customer = await demoLikeCustomer(stack);
  const bookings = async () =>
    (await (await stack.api('/bookings', { token: customer.token })).json()) as StoredBooking[];
  const before = await bookings();

  await logIn(page, customer.email, customer.password);
  const upcoming = page.locator('section[aria-labelledby="upcoming-heading"]');
  await expect(upcoming.getByRole('listitem').first()).toBeVisible();
  const upcomingBefore = await upcoming.getByRole('listitem').count();
  await page.getByRole('link', { name: 'My Bookings' }).click();

  // Tap 1: Book again on a completed website booking.
  const table = page.getByRole('table', { name: 'Website bookings' });
  const completed = table.getByRole('row').filter({ hasText: 'Completed' }).first();
  // The Booking ID cell shows the id's end; the whole id is its title.
  const sourceId = await completed.getByRole('cell').first().getAttribute('title');
  const source = before.find((b) => b.bookingId === sourceId);
  expect(source?.status).toBe('Completed');
  await completed.getByRole('link', { name: 'Book again' }).click();

  const quote = wizard(page);
  await expect(quote.stepHeading('Your details and preferred time')).toBeVisible();
  await expect(quote.field('Full Name')).toHaveValue(customer.name);
  await expect(quote.field('Email Address')).toHaveValue(customer.email);
  await expect(quote.field('Email Address')).toHaveAttribute('readonly', '');
  await expect(quote.field('Address line 1')).toHaveValue('12 Oak St');
  await expect(quote.field('City')).toHaveValue('Cary');
  await expect(quote.field('ZIP')).toHaveValue('27511');
  // The booking's vehicle text (a saved vehicle's label would be chosen in the list instead).
  await expect(quote.section.locator('input[name="vehicle"]')).toHaveValue(source?.vehicle ?? '');
  const shownTotal = await quote.total.textContent();

  // A date and time for the appointment, then tap 2: send.
  const date = await weekdayFor(viaStack(stack), 'book-again', {
    vehicleType: source!.vehicleType,
    addOns: source!.selectedAddons,
    time: '4:00 PM',
  });
  await quote.field('Preferred Date').fill(date);
  await quote.time.selectOption('4:00 PM');
  await quote.submit.click();
  await expect(quote.section.getByRole('status').first()).toContainText(
    'Your quote request has been submitted successfully',
  );

  // Stored for the account (the token's sub), with the same choices and today's price.
  const created = (await bookings()).find((b) => !before.some((o) => o.bookingId === b.bookingId));
  expect(created).toMatchObject({
    userId: customer.sub,
    status: 'Booked',
    date,
    time: '4:00 PM',
    vehicleType: source?.vehicleType,
    selectedAddons: source?.selectedAddons,
    vehicle: source?.vehicle,
    serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
  });
  expect(shownTotal).toContain(`$${created?.totalPrice}`);

  // My Bookings shows it at once, Booked and honest about it: the owner confirms each request,
  // so it waits for the owner's confirmation.
  await quote.section.getByRole('link', { name: 'See it in My Bookings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  const row = table
    .getByRole('row')
    .filter({ has: page.locator(`[title="${created?.bookingId ?? ''}"]`) });
  await expect(row).toContainText('Requested: waiting for confirmation');

  // And the overview lists it among the upcoming appointments.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const [year, month, day] = date.split('-');
  const when = `${Number(month)}/${Number(day)}/${year?.slice(2)}, 4:00 PM`;
  await expect(upcoming.getByRole('listitem')).toHaveCount(upcomingBefore + 1);
  await expect(upcoming.getByRole('listitem').filter({ hasText: when })).toHaveCount(1);
});
