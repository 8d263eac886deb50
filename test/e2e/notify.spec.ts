/**
 * A quote request reaches the owner and the customer (docs/product.md, E-mail): a visitor sends
 * the wizard, and within 5 seconds of the API's 201 the owner's e-mail (everything needed to call back) and the
 * customer's confirmation are in the local mail catcher, read through its HTTP API. A signed-in
 * customer's request says so and carries the profile's service address.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, strongPassword, test, type Stack } from './support/fixtures';
import { fillAddress, openWizard, wizard } from './support/quote';
import { viaStack, weekdayFor } from './support/slots';
import { caughtMail, type CaughtMail } from '../../scripts/local-stack/maildev';
import { BUSINESS_DEFAULTS as BUSINESS } from '../../domain/business';
import { calendarDayText } from '../../domain/dates';

/** The owner's address: the API's OWNER_EMAIL, by default the business's own. */
const OWNER = BUSINESS.email;

type Wanted = (mail: CaughtMail) => boolean;

/** Waits (at most `ms`) until maildev holds a message of each kind wanted; returns them. */
async function waitForMail(stack: Stack, wanted: Wanted[], ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const all = await caughtMail(stack.env.mailUrl);
    const found = wanted.map((want) => all.filter(want));
    if (found.every((list) => list.length > 0) || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves with the time the API answered the quote request 201. */
const quoteAnswered = (page: Page) =>
  page
    .waitForResponse((r) => r.request().method() === 'POST' && /\/api\/bookings$/.test(r.url()))
    .then((response) => {
      expect(response.status()).toBe(201);
      return Date.now();
    });

const to = (address: string) => (m: CaughtMail) => m.to.some((t) => t.address === address);
/** The customer's confirmation (an evening request for tomorrow also gets its reminder). */
const confirmationTo = (address: string) => (m: CaughtMail) =>
  to(address)(m) && /^We received (your|a) quote request/.test(m.subject);
/** The owner's e-mail about this customer's request (other tests send quotes meanwhile). */
const ownerMailAbout = (name: string) => (m: CaughtMail) =>
  to(OWNER)(m) && m.subject.startsWith(`New quote request: ${name},`);

/** The message's raw source (maildev's JSON leaves Reply-To out). */
async function source(stack: Stack, mail: CaughtMail): Promise<string> {
  return (await fetch(`${stack.env.mailUrl}/api/email/${mail.id}/source`)).text();
}

test('a visitor sends a quote: the owner and the customer have their e-mails within 5 s', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('notify');
  const name = `Casey Notify ${email.slice(7, 15)}`;
  const date = await weekdayFor(viaStack(stack), 'notify', {
    vehicleType: 'SUV',
    addOns: ['Pet Hair Removal', 'Ceramic Wax'],
    time: '5:00 PM',
  });
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('SUV').click();
  await w.addon('Pet Hair Removal').check();
  await w.addon('Ceramic Wax').check();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await w.field('Full Name').fill(name);
  await w.field('Phone Number').fill('(919) 555-0177');
  await w.field('Email Address').fill(email);
  await w.field('Preferred Date').fill(date);
  await w.time.selectOption('5:00 PM');
  await w.field('Vehicle Information').fill('2019 Honda Pilot, silver');
  await fillAddress(w, { line1: '9 Birch Ct', city: 'Durham', zip: '27701' });
  await w.field('Additional Notes').fill('Gate code 4321 & park by the <garage>');

  const answered = quoteAnswered(page);
  await w.submit.click();
  const sent = await answered;
  await expect(page.getByText(/^Thank you! Your quote request has been submitted/)).toBeVisible();
  const [owner = [], toCustomer = []] = await waitForMail(
    stack,
    [ownerMailAbout(name), confirmationTo(email)],
    5_000,
  );
  const waited = Date.now() - sent;
  console.log(`[notify] both e-mails in the mail catcher ${waited} ms after the API's 201`);
  expect(waited).toBeLessThanOrEqual(5_000);

  // The owner's e-mail: one, with everything needed to call back.
  expect(owner).toHaveLength(1);
  const o = owner[0]!;
  expect(o.subject).toBe(`New quote request: ${name}, SUV, $195`);
  const { text, html } = o;
  for (const line of [
    `Name: ${name}`,
    'Phone: (919) 555-0177 (tel:+19195550177)',
    `E-mail: ${email}`,
    'Vehicle type: SUV',
    'Vehicle: 2019 Honda Pilot, silver',
    'Add-ons: Pet Hair Removal, Ceramic Wax',
    'Total: $195',
    `Preferred date and time: ${calendarDayText(date, 'long')} at 5:00 PM`,
    'Service address: 9 Birch Ct, Durham, NC 27701',
    'Notes: Gate code 4321 & park by the <garage>',
    'Customer account: Not signed in',
  ])
    expect(text).toContain(line);
  expect(text).toContain('Sent by a visitor who was not signed in.');
  // The HTML part: the phone as a tel: link, the e-mail as a mailto: link, the notes escaped.
  expect(html).toContain('href="tel:+19195550177"');
  expect(html).toContain(`href="mailto:${email}"`);
  expect(html).toContain('Gate code 4321 &amp; park by the &lt;garage&gt;');
  expect(html).toContain('Pet Hair Removal, Ceramic Wax');
  expect(html).toContain(
    'href="https://www.google.com/maps/search/?api=1&amp;query=9%20Birch%20Ct%2C%20Durham%2C%20NC%2027701"',
  );
  expect(html).toContain('$195');
  expect(html).not.toMatch(/<img|src="http/);
  // Replying answers the customer.
  expect(await source(stack, o)).toMatch(new RegExp(`^Reply-To: ${email}\\r?$`, 'm'));

  // The visitor's confirmation (an address no account has verified): what was chosen, the
  // total, our phone and what to do if they did not ask; nothing they typed.
  expect(toCustomer).toHaveLength(1);
  const c = toCustomer[0]!;
  expect(c.subject).toBe(`We received a quote request: ${BUSINESS.name}`);
  expect(c.text).toContain('Add-ons: Pet Hair Removal, Ceramic Wax');
  expect(c.text).toContain('Total: $195');
  expect(c.text).toContain(`Call us at ${BUSINESS.phone}`);
  expect(c.text).toContain('Did not ask us for this?');
  expect(c.html).toContain('Total');
  for (const typed of [name, 'Birch', 'Honda Pilot', 'Gate code']) {
    expect(c.text).not.toContain(typed);
    expect(c.html).not.toContain(typed);
  }
  expect(c.from[0]?.address).toBe(BUSINESS.email);
  // Both messages were sent once: their Message-IDs differ and each occurs once in the inbox.
  const all = await caughtMail(stack.env.mailUrl);
  const messageId = (m: CaughtMail) => m.headers['message-id'];
  expect(messageId(o)).not.toBe(messageId(c));
  for (const m of [o, c]) expect(all.filter((x) => messageId(x) === messageId(m))).toHaveLength(1);
});

test('a signed-in customer sends a quote: the owner sees the account and the service address', async ({
  page,
  stack,
}) => {
  const email = stack.uniqueEmail('notify-in');
  const password = strongPassword();
  const name = `Sam Account ${email.slice(10, 18)}`;
  await stack.createUser(email, password, name);
  const { idToken } = await stack.signIn(email, password);
  const profile = await stack.api('/profile/me', {
    method: 'PUT',
    token: idToken,
    body: {
      name,
      phone: '(919) 555-0166',
      serviceAddress: {
        line1: '48 Elm Ave',
        line2: 'Apt 2',
        city: 'Apex',
        state: 'NC',
        zip: '27502',
      },
    },
  });
  expect(profile.status).toBe(200);

  await logIn(page, email, password);
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('Sedan').click();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await expect(w.field('Full Name')).toHaveValue(name);
  await expect(w.field('Address line 1')).toHaveValue('48 Elm Ave');
  await expect(w.field('Address line 2')).toHaveValue('Apt 2');
  await expect(w.field('City')).toHaveValue('Apex');
  await expect(w.field('ZIP')).toHaveValue('27502');
  const answered = quoteAnswered(page);
  await w.submit.click();
  const sent = await answered;
  await expect(w.section.getByRole('status').first()).toContainText(
    'Your quote request has been submitted successfully',
  );
  const [owner = [], toCustomer = []] = await waitForMail(
    stack,
    [ownerMailAbout(name), confirmationTo(email)],
    5_000,
  );
  expect(Date.now() - sent).toBeLessThanOrEqual(5_000);
  expect(owner).toHaveLength(1);
  expect(owner[0]!.text).toContain('Customer account: Signed in');
  expect(owner[0]!.text).toContain('Service address: 48 Elm Ave, Apt 2, Apex, NC 27502');
  expect(owner[0]!.text).toContain('Phone: (919) 555-0166 (tel:+19195550166)');
  expect(owner[0]!.html).toContain('href="tel:+19195550166"');
  expect(toCustomer).toHaveLength(1);
});
