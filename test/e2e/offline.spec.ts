/**
 * Repeat visits and offline (docs/product.md §4, "On this device"; docs/architecture.md,
 * "Repeat visits and offline"): after a signed-in visit the service worker serves the app from
 * the device, and the dashboard shows the answers saved for that account, with the Offline
 * line, without a connection. A second account in the same browser sees none of them.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, strongPassword, test } from './support/fixtures';

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
