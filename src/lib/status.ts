import { firstOf, toRecord, toText } from '../../domain/unwrap';

/** docs/product.md §4, booking status display. */
export type BookingStatus = 'Booked' | 'Completed' | 'Cancelled';
export const bookingStatuses: readonly BookingStatus[] = ['Booked', 'Completed', 'Cancelled'];

const statusMap: Record<string, BookingStatus> = {
  booked: 'Booked',
  pending: 'Booked',
  confirmed: 'Booked',
  scheduled: 'Booked',
  completed: 'Completed',
  done: 'Completed',
  finished: 'Completed',
  cancel: 'Cancelled',
  cancelled: 'Cancelled',
};

/** Trimmed and lower-cased, with the American spelling folded into the British one. */
export function rawStatusKey(raw: unknown): string {
  const text = toText(raw).toLowerCase();
  return text === 'canceled' ? 'cancelled' : text;
}

/** Maps any raw status text to its display status; anything unknown shows as Booked. */
export function mapStatus(raw: unknown): BookingStatus {
  return statusMap[rawStatusKey(raw)] ?? 'Booked';
}

/** Upcoming means booked, scheduled or confirmed. */
export function isUpcomingStatus(raw: unknown): boolean {
  return ['booked', 'scheduled', 'confirmed'].includes(rawStatusKey(raw));
}

/** The 7 places a website booking's status may live, in order of preference. */
export const websiteStatusFields = [
  'status',
  'Status',
  'bookingStatus',
  'BookingStatus',
  'Bookingstatus',
  'Booking_Status',
] as const;

/** The raw status text of a website booking record, from any of its spellings. */
export function rawWebsiteStatus(record: Record<string, unknown>): unknown {
  return firstOf(record, websiteStatusFields) ?? toRecord(record.details).status;
}

/** The raw status text of an external booking: status or bookingStatus, else status. */
export function rawExternalStatus(record: Record<string, unknown>): unknown {
  return firstOf(record, ['status', 'bookingStatus']);
}
