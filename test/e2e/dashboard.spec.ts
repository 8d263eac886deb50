/**
 * The customer portal (docs/product.md §2, §4, §8): the overview with the seeded demo customer's data and
 * charts, vehicles, bookings, subscriptions, service pictures and loyalty. Journeys that change
 * data use a new customer of their own, so the demo customer's history stays as seeded.
 */
import type { Page, Route } from '@playwright/test';
import { expect, logIn, strongPassword, test, type Stack } from './support/fixtures';
import { viaStack, weekdayFor } from './support/slots';

const count = (n: number) => n.toLocaleString('en-US');

async function asNewCustomer(page: Page, stack: Stack, label: string) {
  const email = stack.uniqueEmail(label);
  const password = strongPassword();
  await stack.createUser(email, password, 'Casey Newman');
  await logIn(page, email, password);
  const { idToken } = await stack.signIn(email, password);
  return { email, token: idToken };
}

async function demoData(stack: Stack) {
  const { idToken } = await stack.signIn(stack.env.demo.email, stack.env.demo.password);
  const get = async <T>(path: string): Promise<T> => {
    const response = await stack.api(path, { token: idToken });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  return {
    vehicles: await get<unknown[]>('/vehicles/me'),
    bookings: await get<unknown[]>('/bookings'),
    calendly: await get<unknown[]>('/calendly-bookings'),
    loyalty: await get<{ points: number; transactions: unknown[] }>('/loyalty'),
  };
}

/** Drawn chart elements (MUI X Charts). */
const BARS = 'svg rect.MuiBarChart-element';
const LINE = 'path.MuiLineChart-line';

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text });

test('the overview shows the demo customer’s data and charts', async ({ page, stack }) => {
  const data = await demoData(stack);
  expect(data.vehicles.length).toBeGreaterThan(0);
  await logIn(page, stack.env.demo.email, stack.env.demo.password);

  await expect(page.getByLabel(`Vehicles: ${data.vehicles.length}`)).toBeVisible();
  await expect(
    page.getByLabel(`Total Bookings: ${data.bookings.length + data.calendly.length}`),
  ).toBeVisible();
  await expect(page.getByLabel(`Loyalty Points: ${data.loyalty.points}`)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(count(data.loyalty.points));

  // Upcoming: the seeded future bookings (two on the website, one in Calendly), soonest first.
  // Only the website ones can be modified here; the Calendly one is changed in Calendly.
  const upcoming = page.locator('section[aria-labelledby="upcoming-heading"]');
  await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  const modify = upcoming.getByRole('link', { name: 'Modify Booking' });
  await expect(modify).toHaveCount(2);
  for (const link of await modify.all())
    await expect(link).toHaveAttribute('href', '/dashboard/bookings');
  await expect(upcoming).toContainText('Calendly');

  // The active plan, so no Subscribe link.
  const subscription = page.locator('section[aria-labelledby="subscription-heading"]');
  await expect(subscription).toContainText('Active plan: Monthly', { ignoreCase: true });
  await expect(subscription.getByRole('link', { name: 'Subscribe' })).toHaveCount(0);

  // Loyalty panel with its Booking Status chart drawn.
  const loyalty = page.locator('section[aria-labelledby="loyalty-heading"]');
  await expect(loyalty).toContainText('Level: Bronze');
  await expect(loyalty.getByRole('progressbar')).toBeVisible();
  await expect(loyalty).toContainText('Booking Status');
  // One bar per status (the demo customer has bookings in all three).
  await expect(loyalty.locator(BARS)).toHaveCount(3);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toContainText(
    'Loyalty Program (Bronze)',
  );

  await modify.first().click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  await expect(page.getByRole('table', { name: 'Website bookings' })).toBeVisible();
  // Both charts of My Bookings are drawn.
  await expect(page.getByText('Monthly Trends (Segmented)')).toBeVisible();
  await expect(page.getByText('Status Breakdown (Stacked)')).toBeVisible();
  for (const title of ['Monthly Trends (Segmented)', 'Status Breakdown (Stacked)']) {
    const chart = page.getByRole('heading', { name: title }).locator('xpath=..');
    await expect(chart.locator(BARS).first()).toBeVisible();
  }
});

test('vehicles: add, edit and delete', async ({ page, stack }) => {
  const { token } = await asNewCustomer(page, stack, 'vehicles');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Vehicles' })
    .click();
  await expect(page.getByText('No vehicles found. Add your first vehicle below!')).toBeVisible();

  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Model').fill('CX-5');
  await page.getByLabel('Year').fill('2022');
  await page.getByLabel('License Plate').fill('NC-2022');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(toast(page, 'Vehicle added successfully')).toBeVisible();
  const list = page.getByRole('list', { name: 'Your vehicles' });
  await expect(list.getByRole('listitem')).toHaveText(['2022 Mazda CX-5 – NC-2022EditDelete']);
  await expect(page.getByLabel('Make')).toHaveValue('');

  await page.getByRole('button', { name: 'Edit 2022 Mazda CX-5 – NC-2022' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Vehicle' })).toBeVisible();
  await expect(page.getByLabel('Make')).toHaveValue('Mazda');
  await expect(page.getByLabel('Year')).toHaveValue('2022');
  await page.getByLabel('Model').fill('CX-50');
  await page.getByLabel('License Plate').fill('');
  await page.getByRole('button', { name: 'Update Vehicle' }).click();
  await expect(toast(page, 'Vehicle updated successfully')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText(['2022 Mazda CX-50 – N/AEditDelete']);
  await expect(page.getByRole('heading', { name: 'Add Vehicle' })).toBeVisible();
  const stored = await (await stack.api('/vehicles/me', { token })).json();
  expect(stored).toEqual([expect.objectContaining({ make: 'Mazda', model: 'CX-50', year: 2022 })]);

  await page.getByRole('button', { name: 'Delete 2022 Mazda CX-50 – N/A' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this vehicle?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Vehicle deleted successfully')).toBeVisible();
  await expect(page.getByText('No vehicles found. Add your first vehicle below!')).toBeVisible();
  expect(await (await stack.api('/vehicles/me', { token })).json()).toEqual([]);
});

test('bookings: inline edit and cancel', async ({ page, stack }) => {
  const email = stack.uniqueEmail('bookings');
  const password = strongPassword();
  await stack.createUser(email, password, 'Casey Newman');
  const { idToken } = await stack.signIn(email, password);
  // Each booking on a day of its own: the edit below moves one to a time the other would hold.
  const book = async (vehicle: string, date: string) => {
    const response = await stack.api('/bookings', {
      method: 'POST',
      token: idToken,
      body: {
        name: 'Casey Newman',
        phone: '(919) 555-0177',
        email,
        vehicleType: 'Sedan',
        selectedAddons: [],
        date,
        time: '4:00 PM',
        vehicle,
        message: '',
        totalPrice: 90,
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { bookingId: string }).bookingId;
  };
  const want = { vehicleType: 'Sedan', time: '4:00 PM' };
  const date = await weekdayFor(viaStack(stack), 'dashboard-edited', want);
  const edited = await book('2015 Ford Focus', date);
  const cancelled = await book(
    '2012 Honda Civic',
    await weekdayFor(viaStack(stack), 'dashboard-cancelled', want),
  );
  await logIn(page, email, password);
  await page.goto('/dashboard/bookings');

  // The Booking ID cell shows the id's end; the whole id is its title.
  const row = (id: string) =>
    page.getByRole('row').filter({ has: page.locator(`[title="${id}"]`) });
  // One row at a time is in edit mode: editing another row closes the first.
  await row(cancelled).getByRole('button', { name: 'Edit' }).click();
  await expect(row(cancelled).getByRole('button', { name: 'Save' })).toBeVisible();
  await row(edited).getByRole('button', { name: 'Edit' }).click();
  await expect(row(cancelled).getByRole('button', { name: 'Save' })).toHaveCount(0);
  const editing = row(edited);
  await expect(editing.getByLabel('Date')).toHaveValue(date);
  // The time is one of the day's free times (4:00 PM is its own; its job and travel keep 5:00 PM).
  await editing.getByLabel('Time').selectOption('6:00 PM');
  await editing.getByRole('combobox', { name: 'Vehicle type' }).click();
  await page.getByRole('option', { name: 'SUV' }).click();
  await editing.getByLabel('Vehicle', { exact: true }).fill('2016 Ford Escape');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Booking updated successfully')).toBeVisible();
  // The row shows the booking as the server returned it (its total recomputed for an SUV).
  await expect(row(edited)).toContainText('6:00 PM');
  await expect(row(edited)).toContainText('2016 Ford Escape');
  await expect(row(edited)).toContainText('$120');
  const [stored] = stack.query<{ time: string; vehicle_type: string; vehicle: string }>(
    'SELECT time, vehicle_type, vehicle FROM bookings WHERE booking_id = ?',
    edited,
  );
  expect(stored).toEqual({ time: '6:00 PM', vehicle_type: 'SUV', vehicle: '2016 Ford Escape' });

  await row(cancelled).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to cancel this booking?');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(toast(page, 'Booking cancelled successfully')).toBeVisible();
  await expect(row(cancelled)).toContainText('Cancelled');
  await expect(row(cancelled).getByRole('button')).toHaveCount(0);
  expect(stack.query('SELECT status FROM bookings WHERE booking_id = ?', cancelled)).toEqual([
    { status: 'Cancelled' },
  ]);
});

test('subscriptions: start and cancel a plan', async ({ page, stack }) => {
  const { token } = await asNewCustomer(page, stack, 'plans');
  await page.goto('/dashboard/subscriptions');
  await expect(page.getByText('You have no active subscriptions.')).toBeVisible();

  await page.getByRole('button', { name: 'weekly', exact: true }).click();
  const list = page.getByRole('list', { name: 'Your subscriptions' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('weekly', { ignoreCase: true });
  await expect(list).toContainText('Status: active');
  const stored = (await (await stack.api('/subscriptions', { token })).json()) as {
    plan: string;
    status: string;
  }[];
  expect(stored).toEqual([expect.objectContaining({ plan: 'weekly', status: 'active' })]);

  await list.getByRole('button', { name: 'Cancel weekly subscription' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Cancel this subscription?');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('You have no active subscriptions.')).toBeVisible();
  const after = (await (await stack.api('/subscriptions', { token })).json()) as {
    status: string;
  }[];
  expect(after.map((s) => s.status)).toEqual(['cancelled']);
});

test('service pictures: the viewer opens, moves between pictures and closes', async ({
  page,
  stack,
}) => {
  await logIn(page, stack.env.demo.email, stack.env.demo.password);
  await page.goto('/dashboard/pics');
  // Each card names its booking in words: service, vehicle and day.
  const cards = page.locator('main li').filter({ hasText: /^Detailing Service for the .+ on / });
  await expect(cards).toHaveCount(5);
  const first = cards.first();
  const name = (await first.getByText(/^Detailing Service for the /).textContent()) ?? '';
  await first.getByRole('button').click();

  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const shown = dialog.locator('.slick-slide.slick-active figcaption').first();
  await expect(shown).toContainText('Before: exterior on arrival');
  const picture = dialog.locator('.slick-slide.slick-active img').first();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // The page behind does not scroll while the viewer is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await dialog.getByRole('button', { name: 'Next picture' }).click();
  await expect(shown).toContainText('After: exterior wash and wax');
  await dialog.getByRole('button', { name: 'Show picture 3' }).click();
  await expect(shown).toContainText('After: interior detail');
  // The thumbnail strip (a pointer shortcut, hidden from assistive technology) moves it too.
  const thumbnails = dialog.getByTestId('thumbnails').locator('button');
  await expect(thumbnails).toHaveCount(3);
  await thumbnails.first().click();
  await expect(shown).toContainText('Before: exterior on arrival');
  await page.keyboard.press('ArrowRight');
  await expect(shown).toContainText('After: exterior wash and wax');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('the loyalty page shows the level, points, chart and transactions', async ({
  page,
  stack,
}) => {
  const data = await demoData(stack);
  await logIn(page, stack.env.demo.email, stack.env.demo.password);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: /Loyalty Program/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty Program' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bronze' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`${count(data.loyalty.points)} points`);
  await expect(page.getByRole('main').getByRole('progressbar')).toBeVisible();
  await expect(page.getByText('Points Over Time')).toBeVisible();
  await expect(page.locator(`svg[aria-labelledby="loyalty-chart-title"] ${LINE}`)).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Date',
    'Type',
    'Points',
    'Source / Reason',
  ]);
  await expect(table.locator('tbody tr')).toHaveCount(data.loyalty.transactions.length);
  await expect(table).toContainText('Signup bonus');
  await expect(table).toContainText('Welcome bonus');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dashboard menu’s code arrives on its own, and a tap made before it opens the menu once it has', async ({
    page,
    stack,
  }) => {
    // The drawer's chunk is held back until the test releases it.
    const held: Route[] = [];
    let released = false;
    await page.route(/\/assets\/phone-menu[^/]*\.js$/, async (route) => {
      if (released) return route.continue();
      held.push(route);
    });
    await logIn(page, stack.env.demo.email, stack.env.demo.password);
    await expect(page.getByLabel(/^Vehicles: \d+$/)).toBeVisible();
    // Asked for once the page is idle, not as part of the dashboard's load.
    await expect.poll(() => held.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Vehicles' }).click();
    await expect(page).toHaveURL(/\/dashboard\/vehicles$/);
    await expect(nav).toBeHidden();
  });
});

test('opened by its address, the dashboard’s HTML announces its code, and each file is fetched once', async ({
  page,
  stack,
}) => {
  await logIn(page, stack.env.demo.email, stack.env.demo.password);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByLabel(/^Vehicles: \d+$/)).toBeVisible();
  const preloaded = await page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded.some((file) => /^\/assets\/dashboard\.[^/]+\.js$/.test(file))).toBe(true);
  for (const file of preloaded)
    expect(
      scripts.filter((s) => s === file),
      file,
    ).toHaveLength(1);
});
