/**
 * On a phone (390 px wide) the Website Bookings, Calendly Bookings and loyalty Transactions
 * tables and the owner's Health tables are one card per row (docs/product.md §2): nothing
 * scrolls sideways, every column (Source too) is on screen with its name, and the bookings
 * inline edit works in the card. The owner's customer page, Numbers and Availability fit too.
 * The demo customer is only read: the edit is opened and cancelled.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, logIn, logInAsOwner, test } from './support/fixtures';
import { rowsOnTheHealthPage } from './support/owner';
import { DEMO_USER } from '../../scripts/local-stack/localStack';
import { OWNER_TEXT } from '../../src/features/owner/messages';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/**
 * The table fits its scroll region, and each cell of the first row is on screen, labelled, with
 * all of its content beside the label (a second element of a cell would wrap under it).
 */
async function expectCards(table: Locator, columns: string[]) {
  const region = table.locator('xpath=ancestor::*[@role="region"][1]');
  const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'sideways scroll').toBeLessThanOrEqual(0);
  const row = table.locator('tbody tr').first();
  for (const column of columns) {
    const cell = row.locator(`:is(td, th)[data-label="${column}"]`);
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `${column} within the screen`).toBeLessThanOrEqual(PHONE.width);
    const label = await cell.evaluate((el) => getComputedStyle(el, '::before').content);
    expect(label).toBe(`"${column}"`);
    const underLabel = await cell.evaluate((el) => {
      const style = getComputedStyle(el);
      const labelTrack = parseFloat(style.gridTemplateColumns.split(' ')[0]!);
      const valueLeft =
        el.getBoundingClientRect().left +
        parseFloat(style.paddingLeft) +
        labelTrack +
        parseFloat(style.columnGap);
      const contents = document.createRange();
      contents.selectNodeContents(el);
      return [...contents.getClientRects()].filter((r) => r.width > 0 && r.left < valueLeft - 1)
        .length;
    });
    expect(underLabel, `${column}: content under its label`).toBe(0);
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
        width: Math.round(table.getBoundingClientRect().width),
        containerWidth: container.clientWidth,
        overflow: container.scrollWidth - container.clientWidth,
        right: Math.round(table.getBoundingClientRect().right),
        narrowest: Math.round(narrowest),
      };
    }),
  );
  expect(tables.length, `tables on ${what}`).toBeGreaterThan(0);
  for (const table of tables) {
    console.log(
      `[390 px] ${what} "${table.name}": ${table.width} px wide in ${table.containerWidth} px, narrowest cell ${table.narrowest} px`,
    );
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
  await expectPageFits(page, "a customer's page");

  await page.goto('/owner/numbers');
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
  await expect(page.locator('main table')).toBeVisible({ timeout: 30_000 });
  await expectTablesFit(page, 'the Numbers page');
  await expectPageFits(page, 'the Numbers page');
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

/** The page does not scroll sideways, and every control and table of its main part is on screen. */
async function expectPageFits(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  const outside = await page
    .locator('main :is(input, button, select, textarea, table, [role="group"])')
    .evaluateAll(
      (all, width) =>
        all
          .filter((el) => el.getBoundingClientRect().right > width)
          .map((el) => el.outerHTML.slice(0, 120)),
      PHONE.width,
    );
  expect.soft(outside, `${what}: controls beyond the screen`).toEqual([]);
}

test("the owner's Health tables are one card per row; Availability fits a phone", async ({
  page,
  stack,
}) => {
  const t = OWNER_TEXT.health;
  await rowsOnTheHealthPage(stack, 'health-tables');
  await logInAsOwner(page, stack);

  await page.goto('/owner/health');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  const failed = page.getByRole('table', { name: t.failedLabel });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expectCards(failed, [t.message, t.to, t.why, t.when, t.action]);
  await expectCards(page.getByRole('table', { name: t.suppressedLabel }), [
    t.address,
    t.why,
    t.since,
    t.action,
  ]);
  await expectCards(page.getByRole('table', { name: t.errorsLabel }), [t.errorMessage, t.times]);
  await expectTablesFit(page, 'the Health page');
  await expectPageFits(page, 'the Health page');

  // No table: the week's days, the days off and the minutes are fields in one column.
  await page.goto('/owner/availability');
  await expect(page.getByRole('button', { name: 'Save availability' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('main table')).toHaveCount(0);
  await expectPageFits(page, 'the Availability page');
});
