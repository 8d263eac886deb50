/**
 * Sign-in steps and account security against the local identity stack (cognito-local behind
 * its proxy, docs/product.md §7): a required new password, an authenticator turned on in the
 * dashboard and then asked for, and "Sign out of all devices" reaching another browser.
 */
import {
  callCognito,
  CognitoApiError,
  totpCode,
} from '../../scripts/identity-emulator/cognitoClient';
import { expect, logIn, strongPassword, test } from './support/fixtures';

/** The identity provider refuses a call (wrong code, revoked token): Chromium logs the 400. */
const REFUSED = /Failed to load resource: the server responded with a status of 400/;

test('an account with a required new password signs in after choosing one', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('new-password');
  const temporary = strongPassword();
  await callCognito(stack.env.cognitoUrl, 'AdminCreateUser', {
    UserPoolId: stack.env.userPoolId,
    Username: email,
    TemporaryPassword: temporary,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });

  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const chosen = strongPassword();
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password', { exact: true }).fill(chosen);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The new password is the account's password now.
  expect((await stack.signIn(email, chosen)).idToken).not.toBe('');
});

test('an account turns on the authenticator app and then signs in with it', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('totp-on');
  const password = strongPassword();
  await stack.createUser(email, password);
  await logIn(page, email, password);

  await page.goto('/dashboard/security');
  await expect(page.getByText('Authenticator app is off.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByText(/^[A-Z2-7]{16,}$/).textContent()) ?? '';
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Turn off authenticator app' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('"Sign out of all devices" ends the session of another browser on its next call', async ({
  page,
  browser,
  stack,
  consoleGuard,
}) => {
  consoleGuard.allow(REFUSED);
  // The API refuses the ended session's calls still on their way (the dashboard's prefetch).
  consoleGuard.allow(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\//);
  const email = stack.uniqueEmail('everywhere');
  const password = strongPassword();
  await stack.createUser(email, password);
  await logIn(page, email, password);

  const other = await browser.newContext();
  consoleGuard.watch(other);
  const otherPage = await other.newPage();
  await logIn(otherPage, email, password);
  const otherRefresh = await otherPage.evaluate(() => localStorage.getItem('refreshToken') ?? '');
  const otherIdToken = await otherPage.evaluate(
    () => localStorage.getItem('idToken') ?? sessionStorage.getItem('idToken') ?? '',
  );
  const profileWith = (token: string) =>
    fetch(`${stack.env.apiUrl}/profile/me`, { headers: { authorization: `Bearer ${token}` } });
  expect((await profileWith(otherIdToken)).status).toBe(200);

  await page.goto('/dashboard/security');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // The API refuses the other browser's id token at once, though it has not expired.
  expect((await profileWith(otherIdToken)).status).toBe(401);

  // The other browser's next call to the identity provider is refused: it lands on /auth.
  await otherPage.goto('/dashboard/security');
  await expect(otherPage).toHaveURL(/\/auth$/);
  // The sign-out clears the stored tokens (it may finish just after the page has moved).
  await expect
    .poll(() => otherPage.evaluate(() => localStorage.getItem('refreshToken')))
    .toBeNull();
  // And its refresh token no longer works anywhere.
  const refused = await callCognito(stack.env.cognitoUrl, 'GetTokensFromRefreshToken', {
    ClientId: stack.env.clientId,
    RefreshToken: otherRefresh,
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(CognitoApiError);
  await other.close();
});
