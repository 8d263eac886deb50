import { bookingStatuses, isUpcomingStatus, type BookingStatus } from './status';

export type StatusCounts = Record<BookingStatus, number>;

/** Counts of Booked, Completed and Cancelled (docs/product.md §2 and §9 charts). Linear. */
export function statusCounts(bookings: readonly { status: BookingStatus }[]): StatusCounts {
  const counts: StatusCounts = { Booked: 0, Completed: 0, Cancelled: 0 };
  for (const b of bookings) counts[b.status] += 1;
  return counts;
}

/** Percentage of total to one decimal, as the chart tooltip shows it (e.g. "33.3%"). */
export function percentOfTotal(count: number, total: number): string {
  return `${total > 0 ? ((count / total) * 100).toFixed(1) : '0.0'}%`;
}

export { bookingStatuses };

/**
 * Upcoming appointments (docs/product.md §9): only future-dated, with a raw status of booked,
 * scheduled or confirmed; soonest first; at most `limit` (5).
 */
export function upcomingAppointments<T extends { startsAt: string; rawStatus: string }>(
  bookings: readonly T[],
  now: Date = new Date(),
  limit = 5,
): T[] {
  const nowMs = now.getTime();
  return bookings
    .filter(
      (b) => b.startsAt !== '' && Date.parse(b.startsAt) > nowMs && isUpcomingStatus(b.rawStatus),
    )
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, limit);
}
