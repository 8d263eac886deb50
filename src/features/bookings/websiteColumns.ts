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

/** The id of a row's Booking ID cell, which describes the row's buttons. */
export const bookingIdCell = (booking: WebsiteBooking) => `booking-${booking.bookingId}`;

/** The vehicle as the table shows it: its text, else the stored vehicle's "make model (year)". */
export function vehicleText(booking: WebsiteBooking, names: ReadonlyMap<string, string>): string {
  return booking.vehicle.text || names.get(booking.vehicle.vehicleId) || '';
}
