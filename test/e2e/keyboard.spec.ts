/**
 * Keyboard only: the quote wizard from the top of the home page to a stored request, and the
 * login form to the dashboard, without a single click.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { wizard } from './support/quote';
import { viaStack, weekdayFor } from './support/slots';

/** Presses Tab until `target` has the focus (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    const focused =
      (await target.count()) === 1 &&
      (await target.evaluate((el) => el === document.activeElement));
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the quote wizard, completed with the keyboard only', async ({ page, stack }) => {
  const email = stack.uniqueEmail('keyboard');
  const date = await weekdayFor(viaStack(stack), 'keyboard', {
    vehicleType: 'SUV',
    addOns: ['Tire Shine & Wheel Detail'],
    time: '4:00 PM',
  });
  await page.goto('/');
  const w = wizard(page);

  await tabTo(page, w.vehicle('SUV'));
  await page.keyboard.press('Enter');
  await expect(w.stepHeading('Choose your add-ons')).toBeFocused();
  await tabTo(page, w.addon('Tire Shine & Wheel Detail'));
  await page.keyboard.press('Space');
  await expect(w.addon('Tire Shine & Wheel Detail')).toBeChecked();
  await expect(w.total).toHaveText('Estimated total: $135');
  await tabTo(page, w.section.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(w.stepHeading('Your details and preferred time')).toBeFocused();

  await tabTo(page, w.field('Full Name'));
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await expect(w.field('Phone Number')).toBeFocused();
  await page.keyboard.type('9195550111');
  await page.keyboard.press('Tab');
  await expect(w.field('Email Address')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(w.field('Preferred Date')).toBeFocused();
  const [year, month, day] = date.split('-');
  await page.keyboard.type(`${month}${day}${year}`); // the en-US date field: mm/dd/yyyy
  await expect(w.field('Preferred Date')).toHaveValue(date);
  await tabTo(page, w.time, 4); // Tab may first visit the date's own fields

  await page.keyboard.press('ArrowDown');
  await expect(w.time).toHaveValue('4:00 PM');
  // The service address: line 1, line 2, city, state (NC already there) and ZIP, in that order.
  await tabTo(page, w.field('Address line 1'));
  await page.keyboard.type('5 Cedar Ln');
  await page.keyboard.press('Tab');
  await expect(w.field('Address line 2')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(w.field('City')).toBeFocused();
  await page.keyboard.type('Garner');
  await page.keyboard.press('Tab');
  await expect(w.field('State')).toHaveValue('NC');
  await page.keyboard.press('Tab');
  await expect(w.field('ZIP')).toBeFocused();
  await page.keyboard.type('27529');
  await tabTo(page, w.submit);
  await page.keyboard.press('Enter');

  await expect(page.getByText(/^Thank you! Your quote request has been submitted/)).toBeVisible();
  const stored = stack.query<{ name: string; date: string; time: string; total_price: number }>(
    'SELECT name, date, time, total_price FROM bookings WHERE email_lower = ?',
    email,
  );
  expect(stored).toEqual([{ name: 'Kim Keyboard', date, time: '4:00 PM', total_price: 135 }]);
});

test('the login form, completed with the keyboard only', async ({ page, stack }) => {
  await page.goto('/auth');
  const emailField = page.getByLabel('Email', { exact: true });
  await tabTo(page, emailField);
  await page.keyboard.type(stack.env.demo.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(stack.env.demo.password);
  // The visibility toggle is reachable and works from the keyboard too.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await tabTo(page, page.getByRole('button', { name: 'Log In', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
