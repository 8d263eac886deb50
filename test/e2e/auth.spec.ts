/**
 * Signing in (docs/product.md §2, §4, §5, §8) against cognito-local: sign-up with the e-mailed
 * confirmation code, authenticator-app MFA, a password reset, and the Google button through
 * the hosted login page.
 */
import { totpCode } from '../../scripts/identity-emulator/cognitoClient';
import { expect, strongPassword, test } from './support/fixtures';

/** Cognito's answers to wrong credentials or codes are 400s, which Chromium logs. */
const REJECTED_BY_IDENTITY = /Failed to load resource: the server responded with a status of 400/;

test('sign-up, the confirmation code, then login', async ({ page, stack }) => {
  const email = stack.uniqueEmail('signup');
  const password = strongPassword();
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  const mark = stack.logMark();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(
    page.getByText('Account created! Please check your email to confirm.'),
  ).toBeVisible();
  const codeField = page.getByLabel('Confirmation code');
  await expect(codeField).toBeFocused();
  await codeField.fill(await stack.codeFor(email, mark));
  await page.getByRole('button', { name: 'Confirm Email' }).click();

  // Back on the login form with the e-mail filled in.
  await expect(page).toHaveURL(/\/auth\?mode=login$/);
  await expect(page.getByText('Your email is confirmed. You can now log in.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // A new customer: the signup bonus and nothing else.
  await expect(page.getByLabel('Loyalty Points: 100')).toBeVisible();
  await expect(page.getByLabel('Total Bookings: 0')).toBeVisible();
});

test('login with an authenticator app code', async ({ page, stack, consoleGuard }) => {
  consoleGuard.allow(REJECTED_BY_IDENTITY);
  const email = stack.uniqueEmail('totp');
  const password = strongPassword();
  await stack.createUser(email, password);
  const secret = await stack.enableTotp(email, password);

  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();

  // Empty, then wrong: the form says so and stays.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('Please enter the verification code from your authenticator app.'),
  ).toBeVisible();
  const right = totpCode(secret);
  await code.fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

  // Cancel goes back to the credentials; signing in again asks for a fresh code.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await code.fill(`${totpCode(secret).slice(0, 3)} ${totpCode(secret).slice(3)}`); // spaces are stripped
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('forgot password, a new password, then login', async ({ page, stack, consoleGuard }) => {
  consoleGuard.allow(REJECTED_BY_IDENTITY);
  const email = stack.uniqueEmail('reset');
  const oldPassword = strongPassword();
  const newPassword = strongPassword();
  await stack.createUser(email, oldPassword);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  const mark = stack.logMark();
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await code.fill(await stack.codeFor(email, mark));

  // A weak password is refused before anything is sent.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    ),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 }); // after 2.5 s

  // The old password no longer works; the new one does.
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the Google button through the hosted login, /auth-callback, then the dashboard', async ({
  page,
  stack,
  consoleGuard,
}) => {
  // The stand-in's own page has no icon.
  consoleGuard.allow(new RegExp(`status of 404 .*\\(${stack.env.cognitoUrl}/favicon\\.ico\\)$`));
  const email = stack.uniqueEmail('google');
  const password = strongPassword();
  await stack.createUser(email, password);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // cognito-local's hosted page stands in for Google's (authorization code flow with PKCE).
  await expect(page).toHaveURL((url) =>
    url.href.startsWith(`${stack.env.cognitoUrl}/oauth2/authorize`),
  );
  const authorize = new URL(page.url());
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    client_id: stack.env.clientId,
    response_type: 'code',
    redirect_uri: `${stack.env.baseUrl}/auth-callback`,
    identity_provider: 'Google',
    code_challenge_method: 'S256',
  });
  expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual([
    'email',
    'openid',
    'profile',
  ]);

  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  const callback = page.waitForURL(/\/auth-callback\?code=/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await callback;
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The session is the hosted login's user.
  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ email });
});
