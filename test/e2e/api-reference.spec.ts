/**
 * The API reference that `npm run build` writes to dist/api/ (scripts/build/apiReference.ts):
 * served by the site like its pages, under the site's Content-Security-Policy (a violation
 * fails the test), and it loads nothing from another origin.
 */
import { expect, test } from './support/fixtures';

test('the API reference renders openapi.yaml from the site alone', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(request.url());
  });
  const answer = await page.goto('/api/', { waitUntil: 'domcontentloaded' });
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveTitle('Mobile Detailing Customer API');
  await expect(page.getByRole('heading', { name: /Mobile Detailing Customer API/ })).toBeVisible();
  // Hydrated: the search opens its box only once Redoc's bundle has run.
  await page
    .getByText(/^Search/)
    .first()
    .click({ timeout: 30_000 });
  const search = page.getByPlaceholder('Search docs...');
  await expect(search).toBeVisible();
  await search.fill('quote');
  await expect(search).toHaveValue('quote');
  expect(elsewhere).toEqual([]);
});
