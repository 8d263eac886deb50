/**
 * On a phone (390 px wide) the Website Bookings, Calendly Bookings and loyalty Transactions
 * tables are one card per row (docs/product.md §2): nothing scrolls sideways, every column
 * (Source too) is on screen with its name, and the bookings inline edit works in the card.
 * The demo customer is only read: the edit is opened and cancelled.
 */
import type { Locator } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures';

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
});
