/**
 * The sign-in account's phone on Account Security (docs/product.md §2 Account Security) against
 * the local identity stack: a new account takes the profile's phone, confirms it with the code
 * texted to it, turns text-message codes on, and then signs in with a texted code.
 */
import { randomInt } from 'node:crypto';
import { expect, logIn, strongPassword, test } from './support/fixtures';

test('a new account adds its phone, confirms it, turns on text codes and signs in with one', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('phone');
  const password = strongPassword();
  const local = String(randomInt(0, 10_000)).padStart(4, '0');
  const phone = `+1919555${local}`;
  await stack.createUser(email, password, 'Sam Phone');
  const { idToken } = await stack.signIn(email, password);
  const saved = await stack.api('/profile/me', {
    method: 'PUT',
    token: idToken,
    body: { name: 'Sam Phone', phone: `(919) 555-${local}` },
  });
  expect(saved.status).toBe(200);

  await logIn(page, email, password);
  await page.goto('/dashboard/security');
  await expect(
    page.getByText('Text message codes need a phone number on your sign-in account.'),
  ).toBeVisible();
  // The profile's phone, as the sign-in account stores it.
  const field = page.getByRole('textbox', { name: 'Phone number' });
  await expect(field).toHaveValue(phone);
  let mark = stack.logMark();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(
    page.getByText(`Enter the code we sent to +*******${local} to confirm your phone number.`),
  ).toBeVisible();
  await page.getByLabel('Verification code').fill(await stack.codeFor(phone, mark));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number is confirmed.')).toBeVisible();
  await expect(page.getByText(`Phone number: ${phone}`)).toBeVisible();

  await page.getByRole('button', { name: 'Turn on text message codes' }).click();
  await expect(page.getByRole('button', { name: 'Turn off text message codes' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  mark = stack.logMark();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(
    page.getByText(`Enter the 6-digit code we sent by text to +*******${local}.`),
  ).toBeVisible();
  await page.getByLabel('Verification code').fill(await stack.codeFor(phone, mark));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
