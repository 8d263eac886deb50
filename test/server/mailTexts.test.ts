/** What each e-mail says (server/mail/texts.ts), as its recipient reads it. */
import type { Booking } from '../../domain/contract/types';
import { booking, business } from './fixtures/mailBooking';
import {
  customerBooked,
  customerCancelled,
  customerCompleted,
  customerQuoteConfirmation,
  customerReminder,
  customerRescheduled,
  ownerDigest,
  ownerNewQuote,
} from '../../server/mail/texts';

it('the first appointment the business sets is a booking, not a new time', () => {
  const mail = customerBooked(business, booking);
  expect(mail.subject).toBe('Your appointment is booked: Triangle Shine');
  expect(mail.text).toContain(
    'Your appointment is booked for Friday, December 18, 2099 at 10:00 AM.',
  );
  expect(mail.text).not.toMatch(/new time|rescheduled/i);
  expect(mail.html).toContain('Your appointment is booked for Friday, December 18, 2099');
});

it('a later change is a new time', () => {
  const mail = customerRescheduled(business, booking);
  expect(mail.subject).toBe('Booking rescheduled: Triangle Shine');
  expect(mail.text).toContain('Your booking has a new time');
});

it('a visitor without an account is told to create one with their address, not to sign in', () => {
  const mail = customerCompleted(business, booking, 90, { credited: false, account: false });
  expect(mail.text).toContain(
    'Create an account with sam@example.com at https://triangleshine.test/auth to see your pictures and points.',
  );
  expect(mail.text).not.toMatch(/sign in/i);
});

it('a request sent without signing in by someone with an account: sign in and claim it', () => {
  const mail = customerCompleted(business, booking, 90, { credited: false, account: true });
  expect(mail.text).toContain(
    'This booking is worth 90 loyalty points: sign in with sam@example.com and answer "This was me" under Requests sent with your e-mail in My Bookings to collect them.',
  );
});

it("a signed-in customer's booking names the points earned", () => {
  const mail = customerCompleted(business, booking, 90, { credited: true, account: true });
  expect(mail.text).toContain('You earned 90 loyalty points.');
});

/** Every kind of e-mail, as its recipient reads it: the subject, the lines that matter, the links. */
const address = { line1: '12 Oak St', line2: 'Apt 4', city: 'Cary', state: 'NC', zip: '27511' };
const account: Booking = { ...booking, userId: 'user-1', serviceAddress: address };
const NOT_ASKED = 'Did not ask us for this? Someone typed your e-mail address';
const FOOTER =
  'Triangle Shine · (919) 555-0100 · info@triangleshine.test · https://triangleshine.test';

/** The HTML's links, as `href → label`. */
const links = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, label]) =>
    `${href} → ${label}`.replace(/&amp;/g, '&'),
  );

describe('every e-mail', () => {
  it("ends with the business's name, phone, e-mail and site, linked in the HTML", () => {
    const mail = customerRescheduled(business, booking);
    expect(mail.text.trimEnd().endsWith(`--\n${FOOTER}`)).toBe(true);
    expect(links(mail.html)).toEqual([
      'tel:+19195550100 → (919) 555-0100',
      'mailto:info@triangleshine.test → info@triangleshine.test',
      'https://triangleshine.test → triangleshine.test',
    ]);
    expect(mail.html).toContain('<title>Booking rescheduled: Triangle Shine</title>');
  });

  it('escapes what was typed in the HTML', () => {
    const mail = ownerNewQuote(business, { ...booking, name: '<b>Sam</b> & "Co"' }, false);
    expect(mail.html).toContain('&lt;b&gt;Sam&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>Sam</b>');
    expect(mail.text).toContain('New quote request from <b>Sam</b> & "Co"');
  });
});

describe("the owner's new quote request", () => {
  it('has everything needed to call back, linked, and says a visitor sent it', () => {
    const mail = ownerNewQuote(business, { ...booking, message: 'Dog hair' }, false);
    expect(mail.subject).toBe('New quote request: Sam, Sedan, $90');
    expect(mail.text).toContain('Sent by a visitor who was not signed in.');
    expect(mail.text).toContain('Reply to this e-mail to answer the customer directly.');
    for (const line of [
      'Name: Sam',
      'Phone: 9195550101 (tel:+19195550101)',
      'E-mail: sam@example.com',
      'Vehicle type: Sedan',
      'Vehicle: 2020 Honda Civic',
      'Add-ons: None',
      'Total: $90',
      'Preferred date and time: Friday, December 18, 2099 at 10:00 AM',
      'Service address: Call to get the address',
      'Notes: Dog hair',
      'Customer account: Not signed in',
      'Booking id: b-1',
    ])
      expect(mail.text).toContain(line);
    expect(links(mail.html)).toEqual(
      expect.arrayContaining([
        'tel:+19195550101 → 9195550101',
        'mailto:sam@example.com → sam@example.com',
      ]),
    );
  });

  it("a signed-in customer's: says so, and links the service address to a map", () => {
    const mail = ownerNewQuote(business, { ...account, selectedAddons: ['Pet Hair'] }, true);
    expect(mail.text).toContain('Sent by a signed-in customer (their account has this booking).');
    expect(mail.text).toContain('Customer account: Signed in');
    expect(mail.text).toContain('Add-ons: Pet Hair');
    expect(mail.text).toContain('Service address: 12 Oak St, Apt 4, Cary, NC 27511');
    expect(links(mail.html)).toContain(
      'https://www.google.com/maps/search/?api=1&query=12%20Oak%20St%2C%20Apt%204%2C%20Cary%2C%20NC%2027511 → 12 Oak St, Apt 4, Cary, NC 27511',
    );
  });
});

describe("the customer's confirmation of a quote request", () => {
  it('to the verified address of the account: thanks by name and repeats the whole request', () => {
    const mail = customerQuoteConfirmation(business, { ...account, message: 'Gate code 12' }, true);
    expect(mail.subject).toBe('We received your quote request: Triangle Shine');
    expect(mail.text).toContain('Thank you, Sam!');
    expect(mail.text).toContain(
      "We received your quote request. We'll contact you within 24 hours to confirm your booking.",
    );
    for (const line of [
      'Vehicle: 2020 Honda Civic',
      'Service address: 12 Oak St, Apt 4, Cary, NC 27511',
      'Notes: Gate code 12',
      'Total: $90',
    ])
      expect(mail.text).toContain(line);
    expect(mail.text).toContain(
      'What happens next: we call or e-mail you to confirm the date, time and place. Nothing is charged until the job is done.',
    );
    expect(mail.text).not.toContain(NOT_ASKED);
  });

  it('to any other address: only what was chosen, nothing typed, and what to do if not asked', () => {
    const mail = customerQuoteConfirmation(
      business,
      { ...account, message: 'Gate code 12' },
      false,
    );
    expect(mail.subject).toBe('We received a quote request: Triangle Shine');
    expect(mail.text).toContain('We received a quote request');
    expect(mail.text).toContain(
      "A quote request for a car detail was sent to Triangle Shine with this e-mail address. We'll contact you within 24 hours to confirm the booking.",
    );
    expect(mail.text).toContain('Service: Detailing Service (Sedan)');
    expect(mail.text).toContain('Preferred date and time: Friday, December 18, 2099 at 10:00 AM');
    for (const typed of ['Sam', '2020 Honda Civic', 'Gate code', '12 Oak St'])
      expect({ typed, shown: mail.text.includes(typed) || mail.html.includes(typed) }).toEqual({
        typed,
        shown: false,
      });
    expect(mail.text).toContain(
      `${NOT_ASKED}, perhaps by mistake: you can ignore this e-mail, or reply to it or call us at (919) 555-0100 and we will take your address off the request.`,
    );
    expect(mail.html).toContain(NOT_ASKED);
  });

  it('without a date: says the business will call to agree on one', () => {
    const { date: _date, time: _time, ...undated } = booking;
    const mail = customerQuoteConfirmation(business, undated, false);
    expect(mail.text).toContain(
      'Preferred date and time: No date chosen yet (we will call you to agree on one)',
    );
  });
});

describe('the job done', () => {
  it('links the pictures, and to an unverified address adds what to do if not asked', () => {
    const mail = customerCompleted(business, booking, 90, { credited: true, account: true });
    expect(mail.subject).toBe('Your detail is done: Triangle Shine');
    expect(mail.text).toContain('Your car is done. Thank you!');
    expect(mail.text).toContain(
      'We completed your Sedan detail (Friday, December 18, 2099 at 10:00 AM).',
    );
    expect(mail.text).toContain(
      'See the pictures of your car in Service Pics: https://triangleshine.test/dashboard/pics',
    );
    expect(links(mail.html)).toContain('https://triangleshine.test/dashboard/pics → Service Pics');
    expect(mail.text).toContain(NOT_ASKED);
    const verified = customerCompleted(
      business,
      account,
      90,
      { credited: true, account: true },
      true,
    );
    expect(verified.text).not.toContain(NOT_ASKED);
  });
});

describe('a cancellation', () => {
  it('by the customer: as they asked, and how to book again', () => {
    const mail = customerCancelled(business, booking, 'customer', true);
    expect(mail.subject).toBe('Booking cancelled: Triangle Shine');
    expect(mail.text).toContain('Your booking is cancelled');
    expect(mail.text).toContain(
      'As you asked, we cancelled your Sedan booking (Friday, December 18, 2099 at 10:00 AM).',
    );
    expect(mail.text).toContain(
      'To book again, reply to this e-mail or call us at (919) 555-0100.',
    );
    expect(mail.text).not.toMatch(/sorry/i);
  });

  it('by the business: says sorry', () => {
    const mail = customerCancelled(business, booking, 'business');
    expect(mail.text).toContain(
      'We had to cancel your Sedan booking (Friday, December 18, 2099 at 10:00 AM). We are sorry.',
    );
    expect(mail.text).toContain(NOT_ASKED);
  });
});

describe('the appointment booked and moved', () => {
  it('booked, to the verified address of the account: where the detail happens', () => {
    const mail = customerBooked(business, account, true);
    expect(mail.text).toContain('We will detail your Sedan at 12 Oak St, Apt 4, Cary, NC 27511.');
    expect(mail.text).toContain('Not right? Call us at (919) 555-0100 or reply to this e-mail.');
    expect(mail.text).not.toContain(NOT_ASKED);
  });

  it('booked, to another address: no service address', () => {
    const mail = customerBooked(business, account, false);
    expect(mail.text).toContain('We will detail your Sedan.');
    expect(mail.text).not.toContain('12 Oak St');
    expect(mail.text).toContain(NOT_ASKED);
  });

  it('moved: the new date and time', () => {
    const mail = customerRescheduled(business, { ...booking, date: '2099-12-21', time: '2:30 PM' });
    expect(mail.text).toContain(
      'Your Sedan booking is now on Monday, December 21, 2099 at 2:30 PM.',
    );
    expect(mail.text).toContain('Not right? Call us at (919) 555-0100 or reply to this e-mail.');
  });
});

describe('the reminder the evening before', () => {
  it('to the verified address of the account: the address, and both ways to turn it off', () => {
    const mail = customerReminder(business, account, true);
    expect(mail.subject).toBe('Reminder: your detail tomorrow at 10:00 AM');
    expect(mail.text).toContain('See you tomorrow!');
    expect(mail.text).toContain(
      'A reminder: we come to detail your Sedan on Friday, December 18, 2099 at 10:00 AM.',
    );
    expect(mail.text).toContain('Service address: 12 Oak St, Apt 4, Cary, NC 27511.');
    expect(mail.text).toContain(
      'You can turn these reminders off in Your Profile on the website, or with the unsubscribe link of your e-mail program.',
    );
    expect(mail.text).not.toContain(NOT_ASKED);
  });

  it('to another address: no address, and only the unsubscribe link to turn it off', () => {
    const mail = customerReminder(business, account, false);
    expect(mail.text).not.toContain('12 Oak St');
    expect(mail.text).toContain(
      'You can turn these reminders off with the unsubscribe link of your e-mail program.',
    );
    expect(mail.text).not.toContain('Your Profile');
    expect(mail.text).toContain(NOT_ASKED);
  });
});

describe("the owner's digest", () => {
  const requests = [
    {
      bookingId: 'b-1',
      createdAt: '2099-12-01T14:05:00.000Z',
      vehicleType: 'Sedan',
      totalPrice: 90,
    },
    {
      bookingId: 'b-2',
      createdAt: '2099-12-01T14:07:00.000Z',
      vehicleType: 'SUV',
      totalPrice: 120.5,
    },
  ];

  it('counts the requests, lists them, and links the inbox', () => {
    const mail = ownerDigest(business, { since: '2099-12-01T14:00:00.000Z', count: 2, requests });
    expect(mail.subject).toBe('2 new quote requests: Triangle Shine');
    expect(mail.text).toContain('2 new quote requests since 12/1/99, 9:00 AM');
    expect(mail.text).toContain(
      'More requests than usual arrived within an hour, so they come in one e-mail instead of one each. Read and answer them in the inbox of the owner console:\n\nhttps://triangleshine.test/owner',
    );
    expect(mail.text).toContain('12/1/99, 9:05 AM: Sedan, $90 (booking b-1)');
    expect(mail.text).toContain('12/1/99, 9:07 AM: SUV, $120.50 (booking b-2)');
    expect(mail.text).not.toContain('are listed here');
  });

  it('says when it lists only the first ones', () => {
    const mail = ownerDigest(business, { since: '2099-12-01T14:00:00.000Z', count: 150, requests });
    expect(mail.subject).toBe('150 new quote requests: Triangle Shine');
    expect(mail.text).toContain('The first 2 are listed here.');
  });
});

it("the owner's e-mail names a saved vehicle as the console does, with its plate", () => {
  const saved: Booking = {
    ...booking,
    vehicle: {
      vehicleId: 'v-1',
      make: 'Toyota',
      model: 'RAV4',
      year: 2019,
      licensePlate: 'XYZ-987',
    },
  };
  const mail = ownerNewQuote(business, saved, true);
  expect(mail.text).toContain('Vehicle: Toyota RAV4 (2019) · XYZ-987');
  expect(mail.html).toContain('Toyota RAV4 (2019) · XYZ-987');
  expect(ownerNewQuote(business, { ...booking, vehicle: '' }, false).text).toContain(
    'Vehicle: Not given',
  );
});

it('writes a total as the app does: cents only when there are some, thousands grouped', () => {
  const mail = customerQuoteConfirmation(business, { ...booking, totalPrice: 1234.5 }, true);
  expect(mail.text).toContain('Total: $1,234.50');
  expect(ownerNewQuote(business, booking, false).subject).toBe(
    'New quote request: Sam, Sedan, $90',
  );
});
