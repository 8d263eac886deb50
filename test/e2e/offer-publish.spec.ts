/**
 * The owner's offer reaches the public pages (docs/product.md, "The business's offer"), on the
 * one-process production service (`serve.cjs`, its own database and its own copy of the build:
 * the journeys of the suite's main stack are not disturbed), everyone on a 390 px phone:
 * - a visitor's request for a Sedan at $90 is stored before anything changes;
 * - the owner, signed in with the authenticator, sets the Sedan to $95, adds the add-on "Engine
 *   Bay Cleaning" at $40 for 30 minutes and the town "Fuquay-Varina", and publishes: the answer
 *   comes once the pages are rendered again (the time is printed);
 * - a visitor sees $95, the add-on and the town on /services, the home page and in the quote
 *   form, which prices with the published offer it carries (no fetch);
 * - a request with the add-on is stored at $135, and its day keeps fewer free times than the
 *   same day with a Sedan alone (the add-on's 30 minutes), while the older booking keeps $90;
 * - the seeded offer is restored and published at the end.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, logInAsOwner, test } from './support/fixtures';
import { readProductionEnv } from './support/production';
import { fillAddress, openWizard, wizard } from './support/quote';

const production = readProductionEnv();
const serveDb = path.join(path.dirname(production.releaseDir), 'serve', 'data', 'app.db');

test.use({ baseURL: production.serve.url, viewport: { width: 390, height: 844 } });

/** Saturdays `weeks` weeks ahead (New York), this journey's days on the one-process service. */
function saturday(weeks: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7 || 7) + 7 * (weeks - 1));
  return day.toISOString().slice(0, 10);
}

interface Stored {
  total_price: number;
  selected_addons: string;
}
const stored = (email: string) => {
  const db = new Database(serveDb, { readonly: true });
  try {
    return db
      .prepare('SELECT total_price, selected_addons FROM bookings WHERE email_lower = ?')
      .all(email.toLowerCase()) as Stored[];
  } finally {
    db.close();
  }
};

test('the owner publishes a price, an add-on and a town; the pages, the quote form and new quotes follow at once, older bookings keep theirs', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  const [older, withAddon, plain] = [saturday(3), saturday(4), saturday(5)];

  // Before any change: a request for a Sedan at the seeded $90.
  const olderEmail = stack.uniqueEmail('offer-older');
  const sent = await page.request.post('/api/bookings', {
    data: {
      name: 'Olive Older',
      phone: '(919) 555-0177',
      email: olderEmail,
      vehicleType: 'Sedan',
      selectedAddons: [],
      date: older,
      time: '10:00 AM',
      vehicle: '2016 Honda Civic',
      totalPrice: 90,
    },
  });
  expect(sent.status()).toBe(201);

  // (a) The owner changes the offer and publishes it.
  await logInAsOwner(page, stack);
  await page
    .getByRole('navigation', { name: 'Owner console' })
    .getByRole('link', { name: 'Your business' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your business' })).toBeVisible();
  await page.getByLabel('Sedan price ($)').fill('95');
  await page.getByRole('button', { name: 'Add an add-on' }).click();
  await page
    .getByRole('group', { name: 'Add-on 7' })
    .getByLabel('Name')
    .fill('Engine Bay Cleaning');
  // The group is named by its add-on from then on.
  const added = page.getByRole('group', { name: 'Engine Bay Cleaning' });
  await added.getByLabel('Price ($)').fill('40');
  await added.getByLabel('Minutes of work').fill('30');
  await page.getByRole('button', { name: 'Add a town' }).click();
  await page.getByRole('textbox', { name: 'Town 9' }).fill('Fuquay-Varina');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Preview and publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview of the Services page' });
  await expect(dialog.getByText('Engine Bay Cleaning')).toBeVisible();
  const publishedAt = Date.now();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\. Visitors see it/)).toBeVisible({
    timeout: 60_000,
  });
  const answered = Date.now() - publishedAt;
  // The page a visitor loads now is the new one.
  await expect
    .poll(async () => (await page.request.get('/services')).text(), { timeout: 60_000 })
    .toContain('$95');
  const served = Date.now() - publishedAt;
  console.log(
    `publish answered in ${(answered / 1000).toFixed(1)} s; new /services served ${(served / 1000).toFixed(1)} s after Publish`,
  );
  expect(served).toBeLessThan(60_000);

  // (b) A visitor on a phone.
  const visitor = await browser.newContext({
    baseURL: production.serve.url,
    viewport: { width: 390, height: 844 },
  });
  const v = await visitor.newPage();
  await v.goto('/services');
  const main = v.getByRole('main');
  await expect(main).toContainText('$95');
  await expect(main).toContainText('Engine Bay Cleaning');
  await expect(main).toContainText('$40');
  await v.goto('/');
  // The towns' strip (a moving line: the town may be out of view, it is in the list).
  await expect(
    v.locator('#servicearea').getByRole('listitem').filter({ hasText: 'Fuquay-Varina, NC' }),
  ).toHaveCount(1);

  await openWizard(v);
  const w = wizard(v);
  await expect(w.vehicle('Sedan')).toContainText('$95');
  await w.vehicle('Sedan').click();
  await w.addon('Engine Bay Cleaning').check();
  await expect(w.total).toHaveText('Estimated total: $135');
  await w.section.getByRole('button', { name: 'Continue' }).click();
  const email = stack.uniqueEmail('offer-new');
  await w.field('Full Name').fill('Nina Newprice');
  await w.field('Phone Number').fill('(919) 555-0166');
  await w.field('Email Address').fill(email);
  await w.field('Preferred Date').fill(withAddon);
  await expect(w.time).toBeEnabled();
  await w.time.selectOption('10:00 AM');
  await w.field('Vehicle Information').fill('2021 Toyota Camry, grey');
  // The published towns: Fuquay-Varina is served, a town outside lists it.
  await fillAddress(w, { line1: '3 Elm St', city: 'Sanford', zip: '27330' });
  await w.field('Additional Notes').focus();
  await expect(w.section.getByText(/Sanford is outside the towns we serve/)).toContainText(
    'Fuquay-Varina',
  );
  await w.field('City').fill('Fuquay-Varina');
  await w.field('ZIP').fill('27526');
  await w.field('Additional Notes').focus();
  await expect(w.section.getByText(/is outside the towns we serve/)).toHaveCount(0);
  expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await w.submit.click();
  await expect(
    v.getByText(/^Thank you! Your quote request has been submitted successfully\./),
  ).toBeVisible();
  await visitor.close();

  // (c) Stored at $135 with the add-on, and its day holds the add-on's 30 minutes more: a Sedan
  // alone at the same time leaves that day more free times.
  expect(stored(email)).toEqual([
    { total_price: 135, selected_addons: JSON.stringify(['Engine Bay Cleaning']) },
  ]);
  const plainSent = await page.request.post('/api/bookings', {
    data: {
      name: 'Pat Plain',
      phone: '(919) 555-0155',
      email: stack.uniqueEmail('offer-plain'),
      vehicleType: 'Sedan',
      selectedAddons: [],
      date: plain,
      time: '10:00 AM',
      vehicle: '2018 Ford Fusion',
      totalPrice: 95,
    },
  });
  expect(plainSent.status()).toBe(201);
  const freeTimes = async (date: string) => {
    const days = (await (
      await page.request.get(`/api/availability?from=${date}&to=${date}&vehicleType=Sedan`)
    ).json()) as { date: string; times: string[] }[];
    return days[0]?.times ?? [];
  };
  const afterAddon = await freeTimes(withAddon);
  const afterPlain = await freeTimes(plain);
  expect(afterPlain.filter((time) => !afterAddon.includes(time)).length).toBeGreaterThan(0);
  expect(afterAddon.every((time) => afterPlain.includes(time))).toBe(true);

  // (d) The older booking keeps the price it was sold at.
  expect(stored(olderEmail)).toEqual([{ total_price: 90, selected_addons: '[]' }]);

  // Back to the seeded offer.
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await page
    .getByRole('dialog', { name: 'Restore version 1?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText('Version 1 is your draft now.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview and publish' }).click();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published version \d+\. Visitors see it/)).toBeVisible({
    timeout: 60_000,
  });
  expect(await (await page.request.get('/services')).text()).toContain('$90');
});
