/**
 * The customer's own changes (moved, edited or cancelled from My Bookings) as the owner is told
 * of them: stored on the booking (`customer_change`) until the owner says "Seen", shown on the
 * console's inbox, route and customer page (`customerChange` of an OwnerBooking), and e-mailed to
 * the owner (../mail/outbox.ts `enqueueOwnerChange`). The changes the owner has not seen are one
 * mark: from the booking before the first of them to the booking after the latest.
 */
import {
  changeKind,
  type CustomerChange,
  type CustomerChangeSide,
} from '../../domain/customerChange';
import { inWriteTransaction, statement, type Db } from '../platform/db';
import { enqueueOwnerChange } from '../mail/outbox';
import { bookingRow, toBooking, type BookingRow } from './bookingRows';

/** The appointment and vehicle of a booking, as a side of a change. */
function sideOf(row: BookingRow): CustomerChangeSide {
  return {
    ...(row.date ? { date: row.date } : {}),
    ...(row.time ? { time: row.time } : {}),
    vehicleType: row.vehicle_type,
    vehicle: row.vehicle,
  };
}

/** The change the owner has not seen yet, if any. */
export function unseenChange(row: Pick<BookingRow, 'customer_change'>): CustomerChange | null {
  return row.customer_change ? (JSON.parse(row.customer_change) as CustomerChange) : null;
}

/**
 * Records the customer's change of the booking (`before`: its row before the change, in the same
 * transaction) and writes the owner's e-mail. `cancelled` says the customer cancelled it;
 * otherwise a save that changed nothing the owner sees records nothing.
 */
export function noteCustomerChange(
  db: Db,
  before: BookingRow,
  cancelled: boolean,
  now: Date,
): CustomerChange | null {
  const after = bookingRow(db, before.booking_id);
  const earlier = unseenChange(before);
  const from = earlier?.from ?? sideOf(before);
  const to = sideOf(after);
  const own = cancelled ? 'cancelled' : changeKind(sideOf(before), to);
  if (own === null) return null;
  const kind = own === 'cancelled' ? own : (changeKind(from, to) ?? own);
  const change: CustomerChange = { kind, at: now.toISOString(), from, to };
  statement(db, 'UPDATE bookings SET customer_change = ? WHERE booking_id = ?').run(
    JSON.stringify(change),
    before.booking_id,
  );
  enqueueOwnerChange(db, toBooking(after), change, now);
  return change;
}

/**
 * The owner saw the change made at `at`: its mark goes. A later change (the customer changed it
 * again since) keeps its mark.
 */
export function markChangeSeen(db: Db, bookingId: string, at: string): BookingRow {
  return inWriteTransaction(db, () => {
    const change = unseenChange(bookingRow(db, bookingId));
    if (change && Date.parse(change.at) <= Date.parse(at))
      statement(db, 'UPDATE bookings SET customer_change = NULL WHERE booking_id = ?').run(
        bookingId,
      );
    return bookingRow(db, bookingId);
  });
}
