/**
 * docs/product.md §5: the spec's fixed lists of the quote form's times, which the seeded
 * availability rules list (./availability.ts, DEFAULT_RULES; the owner's hours and step decide
 * the times offered since), and the rule on the preferred date.
 */
export const weekdaySlots = ['4:00 PM', '5:00 PM', '6:00 PM'] as const;
export const weekendSlots = [
  '9:00 AM',
  '10:00 AM',
  '12:00 PM',
  '2:00 PM',
  '4:00 PM',
  '6:00 PM',
] as const;

/**
 * Midnight UTC of a YYYY-MM-DD text, or NaN. Plain Date arithmetic: the free times of 60 days
 * ask for each day's times, where a strict dayjs parse per day cost milliseconds.
 */
const utcMidnight = (date: string): number =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(date: string): boolean {
  const at = utcMidnight(date);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === date;
}

/** The preferred date may not be earlier than today (both YYYY-MM-DD, business time zone). */
export function isDateAllowed(date: string, today: string): boolean {
  return isCalendarDay(date) && date >= today;
}
