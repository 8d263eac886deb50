/**
 * A call-back request (docs/product.md §4, §5): on a phone, a visitor sends only the three
 * fields the spec requires (full name, phone number, e-mail address), with no date, time or
 * service address, and the API stores exactly that. The address is offered and explained, not
 * required. It books no time, so it needs no lane (support/slots.ts).
 */
import { expect, test } from './support/fixtures';
import { openWizard, wizard } from './support/quote';

interface Stored {
  name: string;
  phone: string;
  email: string;
  date: string;
  time: string;
  vehicle_type: string;
  service_address: string | null;
  hold_until: string | null;
  user_id: string | null;
  status: string;
}

test('call-back: a visitor on a phone sends name, phone and e-mail only, and the API stores them', async ({
  page,
  stack,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = stack.uniqueEmail('call-back');
  await openWizard(page);
  const w = wizard(page);
  await w.vehicle('Sedan').click();
  await w.section.getByRole('button', { name: 'Continue' }).click();
  await expect(w.stepHeading('Your details and preferred time')).toBeVisible();

  // The address is asked for, with the reason, and may be left empty.
  const address = w.section.getByRole('group', { name: 'Service address' });
  await expect(address).toHaveAccessibleDescription(
    'Where the car will be, so we can come to you. No address to hand, or rather talk first? Leave it empty: we will call you for it.',
  );
  await expect(w.field('Address line 1')).not.toHaveAttribute('required', /.*/);

  await w.field('Full Name').fill('Casey Callback');
  await w.field('Phone Number').fill('(919) 555-0177');
  await w.field('Email Address').fill(email);
  await w.submit.click();
  await expect(
    page.getByText(/^Thank you! Your quote request has been submitted successfully\./),
  ).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const stored = stack.query<Stored>('SELECT * FROM bookings WHERE email_lower = ?', email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    name: 'Casey Callback',
    phone: '(919) 555-0177',
    email,
    date: '',
    time: '',
    vehicle_type: 'Sedan',
    service_address: null,
    hold_until: null,
    user_id: null,
    status: 'Booked',
  });
});
