/**
 * The owner hears of a customer's own change (docs/product.md §10 and §11), on a 390 px phone:
 * the customer moves one booking and cancels another from My Bookings; within a minute the
 * customer's e-mails and the owner's are in the local mail catcher, and the owner's inbox card,
 * route stop and customer page say what changed, from what to what and when, until the owner says
 * Seen (stored on the server: it holds on a reload). The owner's pages with the marks pass axe and
 * HTML_CodeSniffer.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, logInAsOwner, strongPassword, test, type Stack } from './support/fixtures';
import { expectNoViolations, htmlcsErrors } from './support/a11y';
import { viewports } from './support/routes';
import { viaStack, weekdayFor } from './support/slots';
import { caughtMail, type CaughtMail } from '../../scripts/local-stack/maildev';
import { BUSINESS_DEFAULTS as BUSINESS } from '../../domain/business';
import { appointmentText } from '../../domain/dates';

test.use({ viewport: viewports.phone });

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text });

/** Waits (at most `ms`) until maildev holds a message matching each of `wanted`; returns them. */
async function waitForMail(stack: Stack, wanted: ((m: CaughtMail) => boolean)[], ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const all = await caughtMail(stack.env.mailUrl);
    const found = wanted.map((want) => all.find(want));
    if (found.every(Boolean) || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mail = (to: string, subject: string) => (m: CaughtMail) =>
  m.to.some((t) => t.address === to) && m.subject.startsWith(subject);

/** Both kinds of checks on the owner's page as it is now. */
async function accessible(page: Page, what: string) {
  await expectNoViolations(page, what);
  expect.soft(await htmlcsErrors(page), `HTMLCS errors on ${what}`).toEqual([]);
}

test('a customer moves and cancels at 390 px: e-mails within a minute, and the marks until Seen', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(180_000);
  const email = stack.uniqueEmail('changes');
  const password = strongPassword();
  const name = `Morgan Change ${email.slice(8, 14)}`;
  await stack.createUser(email, password, name);
  const { idToken } = await stack.signIn(email, password);
  const sub = (
    JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    }
  ).sub;
  const book = async (date: string) => {
    const response = await stack.api('/bookings', {
      method: 'POST',
      token: idToken,
      body: {
        name,
        phone: '(919) 555-0166',
        email,
        vehicleType: 'Sedan',
        selectedAddons: [],
        date,
        time: '4:00 PM',
        vehicle: '2017 Kia Soul',
        message: '',
        totalPrice: 90,
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { bookingId: string }).bookingId;
  };
  // The moved one's whole day is free, so 6:00 PM is too.
  const movedDay = await weekdayFor(viaStack(stack), 'customer-change-moved', {
    vehicleType: 'Sedan',
  });
  const cancelledDay = await weekdayFor(viaStack(stack), 'customer-change-cancelled', {
    vehicleType: 'Sedan',
    time: '4:00 PM',
  });
  const moved = await book(movedDay);
  const cancelled = await book(cancelledDay);
  // The confirmations went; the change's e-mails come on top of them.
  await waitForMail(stack, [mail(email, 'We received your quote request')], 15_000);

  // The customer, on a phone: My Bookings' inline edit, then a cancellation.
  await logIn(page, email, password);
  await page.goto('/dashboard/bookings');
  const row = (id: string) =>
    page.getByRole('row').filter({ has: page.locator(`[title="${id}"]`) });
  await row(moved).getByRole('button', { name: 'Edit' }).click();
  // One of the day's free times (4:00 PM is its own; its job and travel keep 5:00 PM).
  await row(moved).getByLabel('Time').selectOption('6:00 PM');
  await row(moved).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Booking updated successfully')).toBeVisible();
  const movedAt = Date.now();
  await row(cancelled).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(toast(page, 'Booking cancelled successfully')).toBeVisible();

  // Within a minute: the customer's own e-mails (the first about each change goes at once) and
  // the owner's.
  const owner = BUSINESS.email;
  const found = await waitForMail(
    stack,
    [
      mail(email, 'Booking rescheduled'),
      mail(email, 'Booking cancelled'),
      mail(owner, `${name} moved their booking`),
      mail(owner, `${name} cancelled their booking`),
    ],
    60_000,
  );
  const took = Date.now() - movedAt;
  test.info().annotations.push({ type: 'change to e-mails', description: `${took} ms` });
  expect(found.every(Boolean), 'the four e-mails about the changes').toBe(true);
  expect(took).toBeLessThan(60_000);
  const from = appointmentText({ date: movedDay, time: '4:00 PM' });
  const to = appointmentText({ date: movedDay, time: '6:00 PM' });
  const movedText = `Customer moved this from ${from} to ${to}`;
  expect(found[2]!.text).toContain(movedText);

  // The owner, on a phone of their own.
  const ownerContext = await browser.newContext({ viewport: viewports.phone });
  const ownerPage = await ownerContext.newPage();
  await logInAsOwner(ownerPage, stack);
  await ownerPage.getByLabel('Search name, phone or e-mail').fill(email);
  await ownerPage.getByRole('button', { name: 'Apply filters' }).click();
  const cards = ownerPage.getByRole('list', { name: 'Quote requests' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const card = (id: string) => cards.filter({ has: ownerPage.locator(`a[href$="${id}"]`) });
  await expect(card(moved)).toContainText(new RegExp(`${movedText} · (just now|1 minute ago)`));
  await expect(card(cancelled)).toContainText(
    `Customer cancelled this (it was on ${appointmentText({ date: cancelledDay, time: '4:00 PM' })})`,
  );
  await accessible(ownerPage, 'the inbox with the marks (phone)');

  await ownerPage.goto(`/owner/route?from=${movedDay}&days=1`);
  const stop = ownerPage.getByRole('listitem').filter({ hasText: name });
  await expect(stop).toContainText(movedText);
  await accessible(ownerPage, 'the route with a mark (phone)');

  await ownerPage.goto(`/owner/customers/${sub}`);
  await expect(ownerPage.getByText(new RegExp(`^${movedText}`))).toBeVisible();
  await accessible(ownerPage, "the customer's page with the marks (phone)");

  // Seen on the route's stop: gone there and, after a reload, from the inbox; the other stays.
  await ownerPage.goto(`/owner/route?from=${movedDay}&days=1`);
  await stop.getByRole('button', { name: `Seen: ${name}'s change` }).click();
  await expect(stop).not.toContainText('Customer moved');
  await ownerPage.goto('/owner');
  await ownerPage.getByLabel('Search name, phone or e-mail').fill(email);
  await ownerPage.getByRole('button', { name: 'Apply filters' }).click();
  await expect(card(cancelled)).toContainText('Customer cancelled this');
  await expect(card(moved)).not.toContainText('Customer moved');
  await ownerContext.close();
});
