import type { WebsiteBooking } from '../../api/normalize';

/** Website Bookings' columns (docs/product.md §2); each body cell carries its name for the phone cards. */
export const websiteColumns = {
  id: 'Booking ID',
  when: 'Date & Time',
  vehicle: 'Vehicle',
  status: 'Status',
  total: 'Total',
  source: 'Source',
  actions: 'Actions',
} as const;

/**
 * The Booking ID as the table writes it: its last eight characters (`…c3d4e5a1`, the random
 * end of the id), enough to tell bookings apart and read out on the phone; the whole id is the
 * cell's title.
 */
export const shortBookingId = (bookingId: string): string =>
  bookingId.length > 10 ? `…${bookingId.slice(-8)}` : bookingId;

/** The id of a row's Booking ID cell, which describes the row's buttons. */
export const bookingIdCell = (booking: WebsiteBooking) => `booking-${booking.bookingId}`;

/** The vehicle as the table shows it: its text, else the stored vehicle's "make model (year)". */
export function vehicleText(booking: WebsiteBooking, names: ReadonlyMap<string, string>): string {
  return booking.vehicle.text || names.get(booking.vehicle.vehicleId) || '';
}
