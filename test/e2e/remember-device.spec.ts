/**
 * "Remember this device" (docs/product.md §2 Login and Account Security) against the local
 * identity stack (cognito-local and its proxy, scripts/identity-emulator/cognitoDevices.ts): a device
 * remembered at a sign-in with the authenticator code is not asked for a code again, even after
 * a reload; once forgotten on Account Security, it is asked again.
 */
import type { Page } from '@playwright/test';
import { totpCode } from '../../scripts/identity-emulator/cognitoClient';
import { expect, strongPassword, test } from './support/fixtures';

const CODE_ASKED = 'Enter the 6-digit code from your authenticator app.';

async function logOut(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function enterCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

async function landOnDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('a remembered device signs in without a code until it is forgotten', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('remember');
  const password = strongPassword();
  await stack.createUser(email, password);
  const secret = await stack.enableTotp(email, password);

  // Signed in with the code, ticking "Remember this device" (not ticked unless asked).
  await page.goto('/auth');
  await enterCredentials(page, email, password);
  await expect(page.getByText(CODE_ASKED)).toBeVisible();
  const remember = page.getByRole('checkbox', { name: 'Remember this device' });
  await expect(remember).not.toBeChecked();
  await remember.check();
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await landOnDashboard(page);

  // Signed out, the page reloaded: the password alone signs in.
  await logOut(page);
  await page.reload();
  await enterCredentials(page, email, password);
  await landOnDashboard(page);

  // Account Security lists the device; Forget it.
  await page.goto('/dashboard/security');
  const list = page.getByRole('list', { name: 'Remembered devices' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(/Last used \d+\/\d+\/\d{4}/);
  await list.getByRole('button', { name: /^Forget / }).click();
  await expect(page.getByText(/is forgotten: it will be asked for a code again\.$/)).toBeVisible();
  await expect(page.getByText('No device is remembered.')).toBeVisible();

  // Forgotten: the code is asked for again.
  await logOut(page);
  await enterCredentials(page, email, password);
  await expect(page.getByText(CODE_ASKED)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Remember this device' })).not.toBeChecked();
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await landOnDashboard(page);
});
