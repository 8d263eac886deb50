/**
 * docs/product.md §5: when a quote request may ask us to come. The quote form offers these
 * dates and times and the server refuses any other, so the rule lives here once.
 */
import { dayjs } from './dayjs';

export const weekdaySlots = ['4:00 PM', '5:00 PM', '6:00 PM'] as const;
export const weekendSlots = [
  '9:00 AM',
  '10:00 AM',
  '12:00 PM',
  '2:00 PM',
  '4:00 PM',
  '6:00 PM',
] as const;

/** A real calendar day written YYYY-MM-DD. */
function isCalendarDay(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && dayjs(date, 'YYYY-MM-DD', true).isValid();
}

function isWeekend(date: string): boolean {
  const day = dayjs(date, 'YYYY-MM-DD', true).day();
  return day === 0 || day === 6;
}

/** Preferred-time options: none until a date is chosen; weekday and weekend slots differ. */
export function timeSlotsFor(date: string): readonly string[] {
  if (!isCalendarDay(date)) return [];
  return isWeekend(date) ? weekendSlots : weekdaySlots;
}

/** The preferred date may not be earlier than today (both YYYY-MM-DD, business time zone). */
export function isDateAllowed(date: string, today: string): boolean {
  return isCalendarDay(date) && date >= today;
}
