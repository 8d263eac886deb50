/**
 * How a person names a booking: its service, vehicle and day, never its id
 * (`Detailing Service for the 2020 Subaru Outback on Sat, May 2, 2026`).
 */
import { DEFAULT_SERVICE_NAME } from './business';
import { calendarDayText } from './dates';

export interface NamedBooking {
  date?: string | null;
  serviceName?: string | null;
  vehicleType?: string | null;
  /** The vehicle as text ('' when none was given: the vehicle type names it then). */
  vehicle?: string | null;
}

export function bookingName(booking: NamedBooking): string {
  const service = booking.serviceName?.trim() || DEFAULT_SERVICE_NAME;
  const vehicle = booking.vehicle?.trim() || booking.vehicleType?.trim();
  const day = booking.date ? calendarDayText(booking.date) : '';
  return `${service}${vehicle ? ` for the ${vehicle}` : ''}${day ? ` on ${day}` : ''}`;
}

/** The loyalty history's reason for the points a completed booking earned. */
export const completedBookingSource = (booking: NamedBooking): string =>
  `Completed: ${bookingName(booking)}`;
