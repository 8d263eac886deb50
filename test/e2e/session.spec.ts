/**
 * The session over time (docs/product.md §2 route guard, §4 session): logout in one tab reaches the other
 * tabs, an expired session that cannot be refreshed ends on /auth, and /dashboard needs a
 * session.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, strongPassword, test, type Stack } from './support/fixtures';

async function freshCustomer(stack: Stack) {
  const email = stack.uniqueEmail('session');
  const password = strongPassword();
  await stack.createUser(email, password);
  return { email, password };
}

const storedTokens = (page: Page) =>
  page.evaluate(() =>
    ['idToken', 'accessToken', 'refreshToken'].flatMap((key) =>
      [localStorage.getItem(key), sessionStorage.getItem(key)].filter(Boolean),
    ),
  );

test('logout in one tab logs out the other tab', async ({ page, context, stack }) => {
  const { email, password } = await freshCustomer(stack);
  await logIn(page, email, password);
  const second = await context.newPage();
  await second.goto('/dashboard/vehicles');
  await expect(second.getByRole('heading', { level: 1, name: 'My Vehicles' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(second).toHaveURL(/\/auth$/);
  await expect(second.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  expect(await storedTokens(second)).toEqual([]);
  // The header of the other tab no longer offers the dashboard.
  await expect(
    second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login / Sign Up' }),
  ).toBeVisible();
});

test('an expired session that cannot be refreshed lands on /auth', async ({
  page,
  stack,
  consoleGuard,
}) => {
  // The refresh is refused by the identity provider (400), as for a revoked refresh token.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 400/);
  const { email, password } = await freshCustomer(stack);
  await logIn(page, email, password);

  // Come back later: the id token has expired and the refresh token is no longer valid.
  await page.evaluate(() => {
    const [header, payload, signature] = (localStorage.getItem('idToken') ?? '').split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      number
    >;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = btoa(JSON.stringify({ ...claims, iat: past - 3600, exp: past }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    for (const store of [localStorage, sessionStorage]) {
      store.setItem('idToken', `${header}.${expired}.${signature}`);
      store.setItem('refreshToken', 'revoked-refresh-token');
    }
  });
  await page.goto('/dashboard/bookings');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  expect(await storedTokens(page)).toEqual([]);
});

test('the session ends by itself 30 seconds before the token expires', async ({ page, stack }) => {
  const { email, password } = await freshCustomer(stack);
  await page.clock.install();
  await logIn(page, email, password);
  // Without a refresh token the session cannot be extended.
  await page.evaluate(() => {
    localStorage.removeItem('refreshToken');
    sessionStorage.removeItem('refreshToken');
  });
  const { exp } = await page.evaluate(() => {
    const payload = (localStorage.getItem('idToken') ?? '').split('.')[1]!;
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
  });
  const now = await page.evaluate(() => Date.now());
  const logoutAt = exp * 1000 - 30_000;

  await page.clock.fastForward(logoutAt - now - 5_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.clock.fastForward(6_000);
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedTokens(page)).toEqual([]);
});

test('/dashboard when signed out lands on /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await page.goto('/dashboard/loyalty');
  await expect(page).toHaveURL(/\/auth$/);
});
