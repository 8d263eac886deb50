import type { ExternalBooking, WebsiteBooking } from '../../api/normalize';
import { upcomingAppointments } from '../../lib/bookingStats';

export interface Appointment {
  key: string;
  bookingId: string;
  /** ISO instant */
  startsAt: string;
  serviceName: string;
  vehicle: string;
  source: 'Website' | 'Calendly';
  /** A Calendly booking's own links ('' when unknown); a website booking has none. */
  rescheduleUrl: string;
  cancelUrl: string;
  /** A website booking's service address on one line; '' for a Calendly one or none sent. */
  address: string;
}

/**
 * The Upcoming Appointments list (docs/product.md §9): future-dated, booked/scheduled/confirmed,
 * soonest first, at most 5, over website bookings AND external (Calendly) bookings: both are
 * appointments the customer has, and the bookings page explains how each can be changed.
 */
export function upcomingFromBookings(
  website: readonly WebsiteBooking[],
  external: readonly ExternalBooking[],
  now: Date = new Date(),
  limit = 5,
): Appointment[] {
  const all: (Appointment & { rawStatus: string })[] = [
    ...website.map((b, i) => ({
      key: `web-${b.bookingId || i}`,
      bookingId: b.bookingId,
      startsAt: b.startsAt,
      rawStatus: b.rawStatus,
      serviceName: b.serviceName,
      vehicle: b.vehicle.text || b.vehicleType,
      source: 'Website' as const,
      rescheduleUrl: '',
      cancelUrl: '',
      address: b.address,
    })),
    ...external.map((b, i) => ({
      key: `cal-${b.bookingId || i}`,
      bookingId: b.bookingId,
      startsAt: b.startsAt,
      rawStatus: b.rawStatus,
      serviceName: b.serviceName,
      vehicle: b.vehicle || b.vehicleType,
      source: 'Calendly' as const,
      rescheduleUrl: b.rescheduleUrl,
      cancelUrl: b.cancelUrl,
      address: '',
    })),
  ];
  return upcomingAppointments(all, now, limit).map(
    ({ rawStatus: _raw, ...appointment }) => appointment,
  );
}
