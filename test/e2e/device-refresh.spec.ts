/**
 * A signed-in customer stays signed in while the session is renewed (docs/product.md §4, §7 the
 * refresh), against a pool that tracks devices as production does: every password sign-in
 * confirms this browser's device, and the identity stack (scripts/identity-emulator/cognitoDevices.ts) then
 * refuses a refresh that does not carry that device's key. The accounts here are on the stack's
 * short-lived domain (SHORT_LIVED_TOKENS: tokens of 45 s), so the session is renewed about every
 * 15 s while the customer looks at the dashboard.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { totpCode } from '../../scripts/identity-emulator/cognitoClient';
import { SHORT_LIVED_TOKENS } from './support/env';
import { expect, logIn, strongPassword, test, type Stack } from './support/fixtures';

/** Refreshes watched: comfortably more than one token lifetime each. */
const REFRESHES = 3;

interface Refresh {
  deviceKey: unknown;
  status: number;
}

/** Every refresh the page asks the identity endpoint for, with the device key it carried. */
function watchRefreshes(page: Page, cognitoUrl: string): Refresh[] {
  const seen: Refresh[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (!request.url().startsWith(cognitoUrl) || request.method() !== 'POST') return;
    if (!request.headers()['x-amz-target']?.endsWith('.GetTokensFromRefreshToken')) return;
    const body = (request.postDataJSON() ?? {}) as { DeviceKey?: unknown };
    seen.push({ deviceKey: body.DeviceKey, status: response.status() });
  });
  return seen;
}

/** The device keys this browser keeps (the identity library's, one per account). */
const storedDeviceKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.endsWith('.deviceKey'))
      .map((key) => localStorage.getItem(key)),
  );

const shortLivedCustomer = async (stack: Stack, label: string) => {
  const email = `${label}-${randomBytes(4).toString('hex')}@${SHORT_LIVED_TOKENS.domain}`;
  const password = strongPassword();
  await stack.createUser(email, password);
  return { email, password };
};

/** Waits for `count` refreshes and checks each carried `deviceKey` and was answered with tokens. */
async function expectRefreshesWithDevice(
  page: Page,
  refreshes: Refresh[],
  deviceKey: string,
  count: number,
) {
  const idTokenBefore = await page.evaluate(() => localStorage.getItem('idToken'));
  // Until `count` refreshes were answered, or one was not as it should be.
  const ok = (refresh: Refresh) => refresh.status === 200 && refresh.deviceKey === deviceKey;
  const deadline = Date.now() + (count + 1) * SHORT_LIVED_TOKENS.seconds * 1000;
  while (refreshes.length < count && refreshes.every(ok) && Date.now() < deadline)
    await page.waitForTimeout(1000);
  expect(refreshes).toEqual(Array(count).fill({ deviceKey, status: 200 }));
  // Still signed in, with renewed tokens the API accepts.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).not.toBe(idTokenBefore);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Vehicles' })
    .click();
  await expect(page.getByText('No vehicles found. Add your first vehicle below!')).toBeVisible();
}

test('a password session is refreshed with this browser’s device key and stays signed in', async ({
  page,
  stack,
}) => {
  test.setTimeout((REFRESHES + 3) * SHORT_LIVED_TOKENS.seconds * 1000);
  const refreshes = watchRefreshes(page, stack.env.cognitoUrl);
  const { email, password } = await shortLivedCustomer(stack, 'refresh-password');
  await logIn(page, email, password);

  const keys = await storedDeviceKeys(page);
  expect(keys).toEqual([expect.stringMatching(/^[\w-]+_[\w-]+$/)]);
  await expectRefreshesWithDevice(page, refreshes, keys[0]!, REFRESHES);
});

test('a remembered device’s session is refreshed with its key and stays signed in', async ({
  page,
  stack,
}) => {
  test.setTimeout((REFRESHES + 4) * SHORT_LIVED_TOKENS.seconds * 1000);
  const { email, password } = await shortLivedCustomer(stack, 'refresh-remembered');
  const secret = await stack.enableTotp(email, password);

  // Remembered at a sign-in with the code; then signed out and in with the password alone.
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Remember this device' }).check();
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const [remembered] = await storedDeviceKeys(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/auth$/);

  const refreshes = watchRefreshes(page, stack.env.cognitoUrl);
  await logIn(page, email, password);
  expect(await storedDeviceKeys(page)).toEqual([remembered]);
  await expectRefreshesWithDevice(page, refreshes, remembered!, REFRESHES);
});
