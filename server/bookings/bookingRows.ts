/**
 * A booking as stored (the `bookings` row) and as answered (the contract's Booking): the row
 * type, reading one row, and the mapping between them. Its own module so that the modules that
 * change bookings (./bookings.ts) and the ones that only read them (../mail/outbox.ts, ./claims.ts,
 * the owner console) share it without importing each other.
 */
import type { Booking } from '../../domain/contract/types';
import { DEFAULT_OFFER } from '../../domain/offer';
import { addonNames, PREMIUM_PACKAGE } from '../../domain/pricing';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';

export interface BookingRow {
  booking_id: string;
  user_id: string | null;
  name: string;
  email: string;
  email_lower: string;
  phone: string;
  date: string;
  time: string;
  vehicle_type: Booking['vehicleType'];
  vehicle: string;
  /** The add-ons the customer chose themselves (a Premium Package includes every one anyway). */
  selected_addons: string;
  /**
   * The add-ons a Premium Package included when it was made or became one (JSON); null for one
   * made before the offer was data (the seeded defaults' add-ons).
   */
  package_addons: string | null;
  total_price: number;
  status: Booking['status'];
  service_name: string;
  message: string;
  /** The request's serviceAddress as JSON; null when none was sent. */
  service_address: string | null;
  /** When the owner first opened it (owner console); null while new. */
  seen_at: string | null;
  /** When the owner first set its appointment (scheduleBooking); null until then. */
  scheduled_at: string | null;
  /** Until when it holds its time: null for as long as it is Booked; past, nothing (a visitor's request). */
  hold_until: string | null;
  /** When it was marked Completed (null before, and after an undo). */
  completed_at: string | null;
  /** The owner's internal note; never in a customer's answer. */
  owner_note: string;
  cancel_reason: string;
  /** The customer's changes the owner has not seen (a CustomerChange as JSON); null when none. */
  customer_change: string | null;
  created_at: string;
  updated_at: string;
}

export function toBooking(row: BookingRow): Booking {
  return {
    bookingId: row.booking_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    // A call-back request has no preferred date and time (stored empty).
    ...(row.date ? { date: row.date } : {}),
    ...(row.time ? { time: row.time } : {}),
    vehicleType: row.vehicle_type,
    vehicle: row.vehicle,
    selectedAddons: bookedAddons(row),
    totalPrice: row.total_price,
    status: row.status,
    // Booked, and the owner has not set its appointment yet (never under "Instant booking").
    awaitingConfirmation: row.status === 'Booked' && row.scheduled_at === null,
    source: 'website',
    serviceName: row.service_name,
    message: row.message,
    ...(row.service_address
      ? { serviceAddress: JSON.parse(row.service_address) as Booking['serviceAddress'] }
      : {}),
    createdAt: row.created_at,
  };
}

/** The add-ons every Premium Package made before the offer was data included. */
const SEEDED_PACKAGE = addonNames(DEFAULT_OFFER);

/**
 * What the booking includes, as it was sold: the customer's own add-ons, or, for the Premium
 * Package, the add-ons on offer when it was made (whatever the offer is now).
 */
function bookedAddons(
  row: Pick<BookingRow, 'vehicle_type' | 'selected_addons' | 'package_addons'>,
): string[] {
  if (row.vehicle_type !== PREMIUM_PACKAGE) return JSON.parse(row.selected_addons) as string[];
  return row.package_addons ? (JSON.parse(row.package_addons) as string[]) : SEEDED_PACKAGE;
}

const NOT_FOUND = 'Booking not found';

export function bookingRow(db: Db, bookingId: string): BookingRow {
  const row = db.prepare('SELECT * FROM bookings WHERE booking_id = ?').get(bookingId) as
    BookingRow | undefined;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * A booking belongs to the customer who posted it with their token, or who claimed it
 * (server/bookings/claims.ts); an e-mail alone never makes a booking someone's.
 */
export const OWNED = 'user_id = @userId';
export const owner = (customer: { userId: string }) => ({ userId: customer.userId });

/**
 * The customer's booking, or 404: the same answer when it is someone else's, or when the caller
 * is no customer at all (`null`), as when no booking has the id.
 */
export function ownedBooking(
  db: Db,
  customer: { userId: string } | null,
  bookingId: string,
): BookingRow {
  const row =
    customer &&
    (db
      .prepare(`SELECT * FROM bookings WHERE booking_id = @bookingId AND ${OWNED}`)
      .get({ bookingId, ...owner(customer) }) as BookingRow | undefined);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}
