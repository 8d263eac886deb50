/**
 * Repeat visits and offline (docs/product.md §4, "On this device"; docs/architecture.md,
 * "Repeat visits and offline"): after a signed-in visit the service worker serves the app from
 * the device, and the dashboard shows the answers saved for that account, with the Offline
 * line, without a connection. A second account in the same browser sees none of them. The
 * owner's Route keeps "Mark completed" and pictures made offline and sends each once when the
 * connection returns.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, logInAsOwner, strongPassword, test } from './support/fixtures';
import { PNG, requestOnARoute } from './support/owner';

const upcomingOf = (page: Page) => page.locator('section[aria-labelledby="upcoming-heading"]');
const OFFLINE_LINE = /^Offline: showing what was saved at \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}/;

/** The keys of the answers saved on this device, one per account. */
const savedKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('savedAnswers.v1:')));

/** The state of the page's active service worker (`activated` once it has taken its files). */
const serviceWorkerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });

test('offline, the dashboard shows the saved appointments; another account sees none of them', async ({
  page,
  context,
  stack,
  consoleGuard,
}) => {
  // Without a connection the API's requests fail, by design, and the browser says so.
  consoleGuard.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Dashboard: failed to load/);
  await logIn(page, stack.env.demo.email, stack.env.demo.password);
  const upcoming = upcomingOf(page);
  await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  const appointments = await upcoming.getByRole('listitem').allTextContents();
  const firstAccount = await savedKeys(page);
  await expect.poll(() => serviceWorkerState(page)).toBe('activated');
  expect(firstAccount).toHaveLength(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline:' })).toHaveText(OFFLINE_LINE);
  await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  expect(await upcoming.getByRole('listitem').allTextContents()).toEqual(appointments);

  await context.setOffline(false);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await savedKeys(page)).toEqual([]);

  const email = stack.uniqueEmail('offline');
  const password = strongPassword();
  await stack.createUser(email, password, 'Robin Second');
  await logIn(page, email, password);
  await expect(upcoming).toContainText('No upcoming appointments.');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline:' })).toHaveText(OFFLINE_LINE);
  await expect(upcoming).toContainText('No upcoming appointments.');
  const shown = (await page.getByRole('main').textContent()) ?? '';
  for (const text of appointments) expect(shown).not.toContain(text);
  const keys = await savedKeys(page);
  expect(keys).toHaveLength(1);
  expect(keys).not.toEqual(firstAccount);
  await context.setOffline(false);
});

test('offline, the owner completes a job on the Route with two pictures; back online, the server has the completion once and both pictures', async ({
  page,
  context,
  stack,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  const day = await requestOnARoute(stack, 'offline-route');
  const [booking] = stack.query<{ booking_id: string }>(
    "SELECT booking_id FROM bookings WHERE date = ? AND time = '5:00 PM' AND status = 'Booked'",
    day,
  );
  const bookingId = booking!.booking_id;
  await logInAsOwner(page, stack);
  await page.goto(`/owner/route?from=${day}&days=1`);
  const stop = page.getByRole('listitem').filter({ hasText: 'Robin Route' });
  await expect(stop).toBeVisible();
  await expect.poll(() => serviceWorkerState(page)).toBe('activated');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline:' })).toHaveText(OFFLINE_LINE);
  await stop.getByRole('button', { name: 'Mark completed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark completed?' });
  await expect(dialog).toContainText('No connection: it is kept on this phone');
  // The appointment is after today: the owner says it was done early.
  await dialog.getByRole('button', { name: 'It was done early: mark done' }).click();
  await stop.getByLabel(/^Pictures/).setInputFiles([
    { name: 'before.png', mimeType: 'image/png', buffer: PNG },
    { name: 'after.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const waiting = 'Waiting for a connection. It is sent when the phone is back online.';
  // Listed above the days: the stop leaves the Route once its job is completed.
  const kept = page.getByRole('region', { name: 'On this phone' }).getByRole('status');
  await expect(kept).toHaveText([
    `Robin Route · Mark completed: ${waiting}`,
    `Robin Route · Picture before.png: ${waiting}`,
    `Robin Route · Picture after.png: ${waiting}`,
  ]);
  const stored = () => ({
    status: stack.query<{ status: string }>(
      'SELECT status FROM bookings WHERE booking_id = ?',
      bookingId,
    )[0]?.status,
    doneMails: stack.query('SELECT 1 FROM outbox WHERE dedupe_key = ?', `completed:${bookingId}`)
      .length,
    pictures: stack
      .query<{ label: string }>(
        'SELECT label FROM pictures WHERE booking_id = ? ORDER BY label',
        bookingId,
      )
      .map((row) => row.label),
  });
  expect(stored()).toEqual({ status: 'Booked', doneMails: 0, pictures: [] });

  await context.setOffline(false);
  await expect(kept).toHaveText([
    'Robin Route · Mark completed: Marked completed.',
    'Robin Route · Picture before.png: Uploaded. The customer sees it in Service Pics.',
    'Robin Route · Picture after.png: Uploaded. The customer sees it in Service Pics.',
  ]);
  expect(stored()).toEqual({
    status: 'Completed',
    doneMails: 1,
    pictures: ['after.png', 'before.png'],
  });
  // A later visit sends nothing again.
  await page.reload();
  await expect(kept).toHaveCount(3);
  await expect(kept.first()).toHaveText('Robin Route · Mark completed: Marked completed.');
  expect(stored()).toEqual({
    status: 'Completed',
    doneMails: 1,
    pictures: ['after.png', 'before.png'],
  });
});
