/**
 * The owner runs a job from the console (docs/product.md, "The owner console"): a signed-in
 * customer sends a quote → the owner signs in, lands on the inbox and finds it at the top →
 * schedules it for a coming Sunday at 10:00 → the customer sees that date in Upcoming Appointments → the
 * owner marks it completed and uploads a picture through the file input → the customer sees
 * Completed, the picture in Service Pics and the points. Then a customer at /owner is sent to
 * their dashboard. The owner account is the one the local stack creates (scripts/identity-emulator/cognitoOwners.ts).
 */
import { expect, logIn, logInAsOwner, strongPassword, test } from './support/fixtures';
import { fillAddress, openWizard, wizard } from './support/quote';
import { PNG } from './support/owner';
import { shortDate, sundayFor, viaStack, weekdayFor } from './support/slots';

test('owner journey: a quote from the inbox to scheduled, completed, pictured and credited', async ({
  page,
  browser,
  stack,
  consoleGuard,
}) => {
  // Two browsers, a quote, five owner actions and four customer pages.
  test.setTimeout(240_000);
  const email = stack.uniqueEmail('owned');
  const password = strongPassword();
  const name = `Quinn Owned ${email.slice(6, 14)}`;
  await stack.createUser(email, password, name);
  const { idToken } = await stack.signIn(email, password);
  const loyalty = async () =>
    ((await (await stack.api('/loyalty', { token: idToken })).json()) as { points: number }).points;
  const pointsBefore = await loyalty();

  // The customer, signed in, sends a quote.
  await logIn(page, email, password);
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('SUV').click();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await w.field('Full Name').fill(name);
  await w.field('Phone Number').fill('(919) 555-0142');
  await fillAddress(w, { line1: '48 Maple Ave', city: 'Apex', zip: '27502' });
  await w
    .field('Preferred Date')
    .fill(await weekdayFor(viaStack(stack), 'owner', { vehicleType: 'SUV', time: '5:00 PM' }));
  await w.time.selectOption('5:00 PM');
  await w.submit.click();
  await expect(page.getByText(/^Thank you! Your quote request has been submitted/)).toBeVisible();
  const [stored] = stack.query<{ booking_id: string; total_price: number }>(
    'SELECT booking_id, total_price FROM bookings WHERE email_lower = ? ORDER BY created_at DESC',
    email,
  );
  expect(stored).toBeDefined();
  const bookingId = stored!.booking_id;

  // The owner signs in on a phone, lands on the inbox and finds it there, new (newest first is
  // the server's test: other journeys running beside this one send quotes of their own).
  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  consoleGuard.watch(ownerContext);
  const owner = await ownerContext.newPage();
  await logInAsOwner(owner, stack);
  const inbox = owner.getByRole('list', { name: 'Quote requests' });
  const top = inbox
    .getByRole('listitem')
    .filter({ has: owner.getByRole('heading', { name, exact: true }) });
  await expect(top).toHaveCount(1);
  await expect(top.getByText('New', { exact: true })).toBeVisible();
  await expect(top.getByRole('link', { name: 'Call (919) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+19195550142',
  );
  // Where to go: the service address the customer typed, as a map link.
  await expect(top.getByRole('link', { name: '48 Maple Ave, Apex, NC 27502' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=48%20Maple%20Ave%2C%20Apex%2C%20NC%2027502',
  );

  // Schedules it for a coming Sunday at 7:30 AM (New York), before the working hours: another
  // time than the free ones, which the server refuses until the owner schedules it anyway, with
  // a note the customer never sees.
  await top.getByRole('link', { name }).click();
  await expect(
    owner.getByRole('heading', { level: 1, name: `Request from ${name}` }),
  ).toBeVisible();
  await expect(owner.getByText('Seen', { exact: true })).toBeVisible();
  const sundayIso = await sundayFor(viaStack(stack), 'owner-schedule', {
    vehicleType: 'SUV',
    time: '10:00 AM',
  });
  const sunday = { iso: sundayIso, short: shortDate(sundayIso) };
  const schedule = owner.getByRole('region', { name: 'Schedule' });
  await schedule.getByLabel(/^Date/).fill(sunday.iso);
  await schedule.getByRole('combobox', { name: /^Time/ }).selectOption('Another time…');
  await schedule.getByLabel(/^Another time/).fill('07:30');
  await schedule.getByRole('textbox', { name: /Internal note/ }).fill('Gate code 4321');
  // The refusal is a 409 the browser logs; the form shows it (asserted below).
  consoleGuard.allow(
    /status of 409 \(Conflict\) \(http:\/\/localhost:\d+\/api\/owner\/bookings\/\w+\/schedule\)/,
  );
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  const warning = schedule.getByRole('alert');
  await expect(warning).toContainText(
    'This time overlaps another job or falls outside your working hours. Schedule anyway?',
  );
  await warning.getByRole('button', { name: 'Schedule anyway' }).click();
  await expect(owner.getByText(/^Scheduled for .* at 7:30 AM\.$/)).toBeVisible();
  expect(
    stack.query<{ date: string; time: string; owner_note: string }>(
      'SELECT date, time, owner_note FROM bookings WHERE booking_id = ?',
      bookingId,
    )[0],
  ).toEqual({ date: sunday.iso, time: '7:30 AM', owner_note: 'Gate code 4321' });

  // The customer sees that date in Upcoming Appointments, and not the note.
  await page.goto('/dashboard');
  const upcoming = page.locator('section[aria-labelledby="upcoming-heading"]');
  await expect(upcoming).toContainText(`${sunday.short}, 7:30 AM`);
  await expect(page.getByText('Gate code 4321')).toHaveCount(0);

  // The owner marks it completed: one question; Sunday's job is refused, naming its day,
  // until the owner says it was done early. Then a picture through the file input.
  // The refusal is a 409 the browser logs; the dialog shows it (asserted below).
  consoleGuard.allow(
    /status of 409 \(Conflict\) \(http:\/\/localhost:\d+\/api\/owner\/bookings\/\w+\/complete\)/,
  );
  await owner.getByRole('button', { name: 'Mark completed' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Mark completed?' });
  await expect(confirm).toContainText(
    /^Mark .+'s Detailing Service on .+ as done\? Points are credited\./,
  );
  await confirm.getByRole('button', { name: 'Mark done' }).click();
  await expect(confirm.getByRole('alert')).toContainText('after today');
  await confirm.getByRole('button', { name: 'It was done early: mark done' }).click();
  await expect(
    owner.getByText(/^Marked completed\. \d+ loyalty points? credited once\.$/),
  ).toBeVisible();
  const pictures = owner.getByRole('region', { name: 'Before and after pictures' });
  await pictures
    .getByLabel(/^Pictures \(/)
    .setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: PNG });
  await pictures.getByRole('textbox', { name: /Description/ }).fill('After: clean seats');
  await pictures.getByRole('button', { name: 'Upload pictures' }).click();
  await expect(
    pictures
      .getByRole('list', { name: 'Chosen pictures' })
      .getByRole('listitem')
      .filter({ hasText: 'after.png' }),
  ).toContainText('Uploaded. The customer sees it in Service Pics.');
  // The request's page shows the picture, named by the file the owner chose.
  await expect(pictures.getByRole('img', { name: 'after.png' })).toBeVisible();

  // The customer sees Completed, the picture in Service Pics and the points.
  const pointsAfter = await loyalty();
  expect(pointsAfter).toBeGreaterThan(pointsBefore);
  await page.goto('/dashboard');
  await expect(page.getByLabel(`Loyalty Points: ${pointsAfter}`)).toBeVisible();
  await page.goto('/dashboard/bookings');
  const row = page
    .getByRole('table', { name: 'Website bookings' })
    .getByRole('row')
    .filter({ has: page.locator(`[title="${bookingId}"]`) });
  await expect(row).toContainText('Completed');
  await page.goto('/dashboard/pics');
  // The customer's one booking with pictures, named in words (service, vehicle, date).
  const card = page.locator('main li').filter({ hasText: /^Detailing Service for / });
  await expect(card).toHaveCount(1);
  await expect(card).toBeVisible();
  const img = card.locator('img');
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  await ownerContext.close();
});

test('owner console: a customer who opens /owner is sent to their dashboard', async ({
  page,
  stack,
}) => {
  await logIn(page, stack.env.demo.email, stack.env.demo.password);
  await page.goto('/owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Owner console' })).toHaveCount(0);
});
