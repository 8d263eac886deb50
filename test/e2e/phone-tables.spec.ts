/**
 * On a phone (390 px wide) the Website Bookings, Calendly Bookings and loyalty Transactions
 * tables are one card per row (docs/product.md §2): nothing scrolls sideways, every column
 * (Source too) is on screen with its name, and the bookings inline edit works in the card.
 * The demo customer is only read: the edit is opened and cancelled.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, logIn, logInAsOwner, test } from './support/fixtures';
import { DEMO_USER } from '../../scripts/lib/localStack';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The table fits its scroll region, and each cell of the first row is on screen, labelled. */
async function expectCards(table: Locator, columns: string[]) {
  const region = table.locator('xpath=ancestor::*[@role="region"][1]');
  const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'sideways scroll').toBeLessThanOrEqual(0);
  const row = table.locator('tbody tr').first();
  for (const column of columns) {
    const cell = row.locator(`td[data-label="${column}"]`);
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `${column} within the screen`).toBeLessThanOrEqual(PHONE.width);
    const label = await cell.evaluate((el) => getComputedStyle(el, '::before').content);
    expect(label).toBe(`"${column}"`);
  }
}

test('bookings and loyalty tables are one card per row, with the inline edit', async ({
  page,
  stack,
}) => {
  await logIn(page, stack.env.demo.email, stack.env.demo.password);
  await page.goto('/dashboard/bookings');
  const website = page.getByRole('table', { name: 'Website bookings' });
  // The demo data loads through the whole local stack: on a busy machine it takes a while.
  await expect(website).toBeVisible({ timeout: 30_000 });
  await expectCards(website, [
    'Booking ID',
    'Date & Time',
    'Vehicle',
    'Status',
    'Total',
    'Source',
    'Actions',
  ]);
  const calendly = page.getByRole('table', { name: 'Calendly bookings' });
  await expectCards(calendly, ['Booking ID', 'Start Time', 'Service', 'Status', 'Source']);
  await expectTablesFit(page, 'My Bookings');

  // The inline edit in a card: its fields fit the screen; Cancel closes it untouched.
  await website.getByRole('button', { name: 'Edit' }).first().click();
  const date = website.getByLabel('Date', { exact: true });
  await expect(date).toBeVisible();
  const box = (await date.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expect(website.getByRole('button', { name: 'Save' })).toBeVisible();
  await website.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  await expect(website.getByRole('button', { name: 'Save' })).toHaveCount(0);

  await page.goto('/dashboard/loyalty');
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions).toBeVisible({ timeout: 30_000 });
  await expectCards(transactions, ['Date', 'Type', 'Points', 'Source / Reason']);
  await expectTablesFit(page, 'Loyalty');
});

/**
 * Every table on the page fits its container and the screen at 390 px, and no cell is squeezed
 * narrower than a short word (a cut column or a reason two letters a line both fail).
 */
async function expectTablesFit(page: Page, what: string) {
  const tables = await page.locator('main table').evaluateAll((all) =>
    all.map((table) => {
      const container = table.closest('[role="region"]') ?? (table.parentElement as HTMLElement);
      const narrowest = Math.min(
        ...[...table.querySelectorAll('tbody td, tbody th')].map(
          (cell) => cell.getBoundingClientRect().width,
        ),
      );
      return {
        name: table.getAttribute('aria-label') ?? container.getAttribute('aria-label') ?? '',
        overflow: container.scrollWidth - container.clientWidth,
        right: Math.round(table.getBoundingClientRect().right),
        narrowest: Math.round(narrowest),
      };
    }),
  );
  expect(tables.length, `tables on ${what}`).toBeGreaterThan(0);
  for (const table of tables) {
    expect.soft(table.overflow, `${what} "${table.name}" scrolls sideways`).toBeLessThanOrEqual(0);
    expect
      .soft(table.right, `${what} "${table.name}" within the screen`)
      .toBeLessThanOrEqual(PHONE.width);
    expect
      .soft(table.narrowest, `${what} "${table.name}" narrowest cell`)
      .toBeGreaterThanOrEqual(72);
  }
}

test("the owner's tables fit a phone, and every group of the Numbers charts is labelled", async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  await logInAsOwner(page, stack);

  // The demo customer's page: the points table (the seed gives them transactions).
  await page.goto('/owner/customers');
  await page
    .getByRole('list', { name: 'Customers' })
    .getByRole('link', { name: new RegExp(DEMO_USER.name) })
    .click();
  await expect(page.getByRole('region', { name: 'Points' })).toBeVisible({ timeout: 30_000 });
  await expectTablesFit(page, "a customer's page");

  await page.goto('/owner/numbers');
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
  await expect(page.locator('main table')).toBeVisible({ timeout: 30_000 });
  await expectTablesFit(page, 'the Numbers page');
  // Each chart's category axis shows a label for every group it draws.
  for (const [title, groups] of [
    ['Requests and jobs', ['Requests', 'Jobs done', 'Became jobs']],
  ] as const) {
    const chart = page.locator('main svg:has(.MuiChartsAxis-tickLabel)');
    await expect(chart.first(), title).toBeVisible();
    const labels = await chart
      .first()
      .locator('.MuiChartsAxis-tickLabel')
      .evaluateAll((all) => all.map((label) => label.textContent?.replace(/\s+/g, '')));
    for (const group of groups)
      expect
        .soft(labels, `the "${title}" chart labels ${group}`)
        .toContain(group.replace(/\s+/g, ''));
  }
});
