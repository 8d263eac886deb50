/**
 * Real availability (docs/product.md §5 and "Availability" in the owner console): the owner
 * closes Saturdays on a phone → a visitor's wizard offers nothing on a Saturday → two visitors
 * send a request for the same free time at the same moment: one is stored, the other is told the
 * time is no longer free and offered the nearest free times, chooses one without retyping
 * anything, and is stored too. The owner's rules are put back as they were at the end.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, logInAsOwner, test, type Stack } from './support/fixtures';
import { holdingOwnerRules } from './support/ownerRules';
import { fillAddress, openWizard, wizard } from './support/quote';
import { viaStack, weekdayFor } from './support/slots';

/** The next Saturday after today in New York, YYYY-MM-DD. */
function nextSaturday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 6);
  return day.toISOString().slice(0, 10);
}

/** A visitor on a phone with the wizard's last step filled in for `date` at `time`. */
async function visitorReady(
  browser: Browser,
  stack: Stack,
  watch: (context: BrowserContext) => void,
  who: string,
  date: string,
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  watch(context);
  const page = await context.newPage();
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('Sedan').click();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  const email = stack.uniqueEmail(`race-${who.toLowerCase()}`);
  await w.field('Full Name').fill(`Rae ${who}`);
  await w.field('Phone Number').fill('(919) 555-0166');
  await w.field('Email Address').fill(email);
  await w.field('Preferred Date').fill(date);
  await w.time.selectOption('4:00 PM');
  await w.field('Vehicle Information').fill(`2017 Honda Accord (${who})`);
  await fillAddress(w, { line1: '12 Race St', city: 'Cary', zip: '27511' });
  return { context, page, w, email };
}

/** Resolves with "stored" or "refused" once the wizard shows either. */
async function outcome(page: Page): Promise<'stored' | 'refused'> {
  const thanks = page.getByText(/^Thank you! Your quote request has been submitted/);
  const refused = page.locator('#booking').getByRole('alert').filter({ hasText: 'no longer free' });
  await expect(thanks.or(refused)).toBeVisible({ timeout: 20_000 });
  return (await thanks.isVisible()) ? 'stored' : 'refused';
}

test('the owner closes Saturdays; two visitors race for one time and the loser is offered the next', async ({
  page,
  browser,
  stack,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  // The loser's refusal is a 409 the browser logs; the wizard shows it (asserted below).
  consoleGuard.allow(/status of 409 \(Conflict\) \(http:\/\/localhost:\d+\/api\/bookings\)/);
  // The rules are held (no other journey changes them meanwhile) and put back at the end.
  await holdingOwnerRules(stack, async (token) => {
    // The owner, on a phone, closes Saturdays.
    await page.setViewportSize({ width: 390, height: 844 });
    await logInAsOwner(page, stack);
    await page.goto('/owner/availability');
    const saturday = page.getByRole('group', { name: 'Saturday' });
    await saturday.getByRole('checkbox', { name: 'Open' }).uncheck();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Saved. Customers see the new times at once.')).toBeVisible();
    const saved = (await (await stack.api('/owner/availability', { token })).json()) as {
      week: { saturday: { open: boolean }; sunday: { open: boolean } };
    };
    expect(saved.week.saturday.open).toBe(false);
    expect(saved.week.sunday.open).toBe(true);

    // A visitor's wizard offers nothing on a Saturday, and says so.
    const watch = (context: BrowserContext) => consoleGuard.watch(context);
    const day = await weekdayFor(viaStack(stack), 'availability-race', { vehicleType: 'Sedan' });
    const first = await visitorReady(browser, stack, watch, 'First', day);
    const second = await visitorReady(browser, stack, watch, 'Second', day);
    try {
      await first.w.field('Preferred Date').fill(nextSaturday());
      await expect(
        first.w.section.getByText('Nothing is free on this day. Please choose another date.'),
      ).toBeVisible();
      await expect(first.w.time).toBeDisabled();
      await first.w.field('Preferred Date').fill(day);
      await first.w.time.selectOption('4:00 PM');

      // Both send at the same moment: exactly one is stored at 4:00 PM.
      await Promise.all([first.w.submit.click(), second.w.submit.click()]);
      const results = await Promise.all([outcome(first.page), outcome(second.page)]);
      expect([...results].sort()).toEqual(['refused', 'stored']);
      const loser = results[0] === 'refused' ? first : second;
      const atFour = stack.query<{ email_lower: string }>(
        "SELECT email_lower FROM bookings WHERE date = ? AND time = '4:00 PM'",
        day,
      );
      expect(atFour).toHaveLength(1);

      // The loser keeps everything typed and is offered the nearest free times.
      const alert = loser.w.section.getByRole('alert');
      await expect(alert).toContainText('is no longer free; please choose another time');
      await expect(alert).toContainText('The nearest free times:');
      await expect(loser.w.field('Full Name')).toHaveValue(/^Rae /);
      await expect(loser.w.field('Vehicle Information')).toHaveValue(/2017 Honda Accord/);
      await expect(loser.w.field('Address line 1')).toHaveValue('12 Race St');
      const offered = alert.getByRole('button').first();
      const offeredText = (await offered.textContent()) ?? '';
      await offered.click();
      await expect(loser.w.time).not.toHaveValue('4:00 PM');
      const chosen = await loser.w.time.inputValue();
      expect(offeredText).toContain(chosen);
      await loser.w.submit.click();
      await expect(
        loser.page.getByText(/^Thank you! Your quote request has been submitted/),
      ).toBeVisible();
      const stored = stack.query<{ date: string; time: string }>(
        'SELECT date, time FROM bookings WHERE email_lower = ?',
        loser.email,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.time).toBe(chosen);
      expect(`${stored[0]!.date} ${stored[0]!.time}`).not.toBe(`${day} 4:00 PM`);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
