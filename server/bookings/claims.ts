/**
 * Claiming quote requests sent without signing in (docs/product.md §6).
 *
 * Anyone can type any e-mail into the public quote form, so a request sent without a token
 * never joins an account by its e-mail alone. A customer whose identity provider has verified
 * that e-mail is offered the requests sent with it that nobody owns yet and that they have not
 * refused; "mine" makes the request theirs (and credits its points if it is already
 * Completed), "not mine" hides it from them for good. A claimed request is no longer offered
 * to anyone.
 */
import type { ClaimableRequest, ClaimDecision } from '../../domain/contract/types';
import { inWriteTransaction, type Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { bookingsWhere } from './bookings';
import { bookingRow, type BookingRow } from './bookingRows';
import { creditCompletedBooking, type Customer } from '../customers/customers';
import { assertBelowCap } from '../customers/caps';

const CLAIMABLE = `user_id IS NULL AND @email <> '' AND email_lower = @email
  AND NOT EXISTS (SELECT 1 FROM booking_claim_refusals r
                  WHERE r.booking_id = bookings.booking_id AND r.user_id = @userId)`;

const who = (customer: Customer) => ({
  userId: customer.userId,
  email: customer.email.toLowerCase(),
});

/**
 * Requests sent without a token with the customer's verified e-mail, newest first: only what
 * the customer needs to recognise one. Anyone can type anyone's e-mail, so the sender's name,
 * phone, address, vehicle and notes stay out.
 */
export function listClaimable(db: Db, customer: Customer): ClaimableRequest[] {
  return bookingsWhere(db, CLAIMABLE, who(customer)).map(
    ({ bookingId, vehicleType, date, time, totalPrice }) => ({
      bookingId,
      vehicleType,
      ...(date ? { date } : {}),
      ...(time ? { time } : {}),
      totalPrice,
    }),
  );
}

/** Records the customer's answer about one claimable request; 404 when it is not offered to them. */
export function claimBooking(
  db: Db,
  customer: Customer,
  bookingId: string,
  decision: ClaimDecision['decision'],
  now: Date = new Date(),
  fillProfile = false,
): void {
  inWriteTransaction(db, () => {
    const offered = db
      .prepare(`SELECT booking_id FROM bookings WHERE booking_id = @bookingId AND ${CLAIMABLE}`)
      .get({ bookingId, ...who(customer) });
    if (!offered) throw notFound('No request with this id is waiting for your answer');
    const at = now.toISOString();
    if (decision === 'not-mine') {
      db.prepare(
        'INSERT INTO booking_claim_refusals (booking_id, user_id, decided_at) VALUES (?, ?, ?)',
      ).run(bookingId, customer.userId, at);
      return;
    }
    const row = bookingRow(db, bookingId);
    if (row.status === 'Booked') assertBelowCap(db, customer.userId, 'openBookings');
    db.prepare('UPDATE bookings SET user_id = ? WHERE booking_id = ?').run(
      customer.userId,
      bookingId,
    );
    if (row.status === 'Completed') creditCompletedBooking(db, customer.userId, row);
    if (fillProfile) fillEmptyProfile(db, customer.userId, row, at);
  });
}

/**
 * The customer said "Use these for your profile?" yes: the claimed request's name, phone and
 * service address go into the profile's empty fields. A field that has a value keeps it, whatever
 * the client sent: the condition is in the statement itself.
 */
function fillEmptyProfile(db: Db, userId: string, row: BookingRow, at: string): void {
  db.prepare(
    `UPDATE customers SET
       name = CASE WHEN trim(name) = '' THEN @name ELSE name END,
       phone = CASE WHEN phone IS NULL OR trim(phone) = '' THEN NULLIF(@phone, '') ELSE phone END,
       service_address = COALESCE(service_address, @address),
       updated_at = @at
     WHERE user_id = @userId`,
  ).run({
    userId,
    name: row.name.trim(),
    phone: row.phone.trim(),
    address: row.service_address,
    at,
  });
}
