/**
 * A customer's rights (docs/product.md §7) against the real stack: sign up, add a vehicle, send
 * a quote, download their data, delete the account; then nothing of them is left. And the
 * sitemap and robots.txt of the build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readE2eEnv } from './support/env';
import { expect, strongPassword, test } from './support/fixtures';
import { fillAddress, openWizard, wizard } from './support/quote';
import { viaStack, weekdayFor } from './support/slots';
import { prerenderedPaths } from '../../src/app/routes';
import { sitemapLocations } from '../../scripts/build/sitemap';

/** The provider refuses the deleted account's sign-in, and the API its old token: Chromium logs both. */
const REFUSED = /Failed to load resource: the server responded with a status of (400|401)/;

/** The database files and the pictures folder, as text. */
function storedText(): string {
  const env = readE2eEnv();
  const dataDir = path.dirname(env.databasePath);
  const files = readdirSync(dataDir)
    .filter((name) => name.startsWith(path.basename(env.databasePath)))
    .map((name) => path.join(dataDir, name));
  const picturesDir = path.join(dataDir, 'pictures');
  const pictures = readdirSync(picturesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [...files, ...pictures].map((file) => readFileSync(file).toString('latin1')).join('\n');
}

test('sign up, add a vehicle, send a quote, download my data, delete my account', async ({
  page,
  stack,
  consoleGuard,
}) => {
  // Sign-up, a vehicle, a quote, a download and a deletion: a long journey on a busy machine.
  test.setTimeout(180_000);
  consoleGuard.allow(REFUSED);
  const email = stack.uniqueEmail('leaving');
  const password = strongPassword();
  const name = `Quinn Leaving ${email.slice(8, 16)}`;
  const phone = '(919) 555-0163';

  await page.goto('/signup');
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  const mark = stack.logMark();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByLabel('Confirmation code').fill(await stack.codeFor(email, mark));
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/dashboard/vehicles');
  await page.getByLabel('Make').fill('Mazda');
  await page.getByLabel('Model').fill('CX-5');
  await page.getByLabel('Year').fill('2022');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByRole('list', { name: 'Your vehicles' })).toContainText('2022 Mazda CX-5');

  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('SUV').click();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await w.field('Full Name').fill(name);
  await w.field('Phone Number').fill(phone);
  await fillAddress(w);
  await w
    .field('Preferred Date')
    .fill(await weekdayFor(viaStack(stack), 'rights', { vehicleType: 'SUV', time: '5:00 PM' }));
  await w.time.selectOption('5:00 PM');
  await w.submit.click();
  await expect(page.getByText(/^Thank you! Your quote request has been submitted/)).toBeVisible();

  await page.goto('/dashboard/security');
  const idToken = await page.evaluate(() => localStorage.getItem('idToken'));
  expect(idToken).toBeTruthy();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    vehicles: { make: string }[];
    bookings: { name: string; phone: string; vehicleType: string }[];
  };
  expect(data.vehicles.map((vehicle) => vehicle.make)).toEqual(['Mazda']);
  expect(data.bookings).toEqual([expect.objectContaining({ name, vehicleType: 'SUV' })]);

  await page.getByLabel('Type your e-mail to confirm').fill(email);
  await page.getByLabel('Your password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Your account has been deleted. We are sorry to see you go.'),
  ).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);

  const old = await stack.api('/profile/me', { token: idToken ?? '' });
  expect(old.status).toBe(401);
  await expect(stack.signIn(email, password)).rejects.toThrow(
    /Incorrect username or password|User does not exist/,
  );
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/User does not exist|Incorrect username/);

  const stored = storedText();
  for (const detail of [email, name, phone, phone.replace(/\D/g, '')]) {
    expect({ detail, found: stored.includes(detail) }).toEqual({ detail, found: false });
  }
});

test('sitemap.xml lists exactly the prerendered pages, and robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const paths = sitemapLocations(await sitemap.text()).map((loc) => new URL(loc).pathname);
  expect(paths).toEqual([...prerenderedPaths]);
  for (const pagePath of paths) {
    const answer = await request.get(pagePath);
    expect({ pagePath, status: answer.status() }).toEqual({ pagePath, status: 200 });
    // A prerendered page, not the app's empty shell.
    expect(await answer.text()).toMatch(/<div id="root"><[^/]/);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /dashboard\nDisallow: /auth\nDisallow: /owner\n');
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});
