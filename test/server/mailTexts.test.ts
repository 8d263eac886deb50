/** What the customer's e-mails say (server/mail/texts.ts): each names what happened. */
import type { Booking } from '../../domain/contract/types';
import {
  customerBooked,
  customerCompleted,
  customerQuoteConfirmation,
  customerRescheduled,
  ownerNewQuote,
} from '../../server/mail/texts';

const business = {
  name: 'Triangle Shine',
  phone: '(919) 555-0100',
  email: 'info@triangleshine.test',
  siteUrl: 'https://triangleshine.test',
};

const booking: Booking = {
  bookingId: 'b-1',
  userId: null,
  name: 'Sam',
  email: 'sam@example.com',
  phone: '9195550101',
  date: '2099-12-18',
  time: '10:00 AM',
  vehicleType: 'Sedan',
  vehicle: '2020 Honda Civic',
  selectedAddons: [],
  totalPrice: 90,
  status: 'Booked',
  source: 'website',
  createdAt: '2099-12-01T00:00:00.000Z',
};

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
