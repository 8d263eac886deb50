/** How the owner console writes dates, times, vehicles and addresses (America/New_York). */
import { dayjs } from '../../../domain/dayjs';
import { parseDate, todayLocal } from '../../../domain/dates';
export { appointmentText, calendarDayText as dayText } from '../../../domain/dates';
import { timeZone } from '../../../domain/serviceArea';
import { errorMessage, NETWORK_ERROR_MESSAGE } from '../../api/errors';
import { OWNER_TEXT } from './messages';

/** Today's date (YYYY-MM-DD) in New York. */
export const todayInNewYork = (now: Date = new Date()): string => todayLocal(now);

// The lists write a date on every row: the arrival's formatter is made once, when the console's
// code loads, not while a page of requests waits to be drawn (dayjs's tz() and toLocale*String()
// with options would build a new Intl formatter per call). The very first formatter of a page
// loads the browser's locale and time-zone data: src/app/OwnerGate.tsx makes one while this code
// is on its way.
const receivedFormat = new Intl.DateTimeFormat('en-US', {
  timeZone,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The named parts of a formatted instant. */
function partsOf(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** A time input's `HH:mm` as the bookings store it (`10:00 AM`), or '' when it is none. */
export function toBookingTime(value: string): string {
  const parsed = dayjs(value, 'HH:mm', true);
  return parsed.isValid() ? parsed.format('h:mm A') : '';
}

/** When a request arrived, in New York time: `Nov 26, 2026 4:05 PM`. */
export function receivedText(createdAt: string): string {
  const at = parseDate(createdAt);
  if (!at) return createdAt;
  const p = partsOf(receivedFormat, at);
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** Vehicle type, vehicle and what else is known, `SUV · 2021 Honda CR-V · $175`, skipping any not given. */
export const summaryText = (...parts: (string | undefined)[]): string =>
  parts.filter(Boolean).join(' · ');

export { addressText, mapUrl } from '../../../domain/address';
export { vehicleText } from '../../../domain/vehicle';

/** A call's error in words: the server's message, or what the screen says it failed to do. */
export const failure = (error: unknown, fallback: string): string => {
  const message = errorMessage(error, fallback);
  return message === NETWORK_ERROR_MESSAGE ? OWNER_TEXT.networkError : message;
};

const ago = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

/**
 * How long ago an instant was, in its largest whole unit: `just now` within a minute, then
 * `2 minutes ago`, `1 hour ago`, `3 days ago`.
 */
export function agoText(at: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - Date.parse(at)) / 60_000);
  if (!(minutes >= 1)) return 'just now';
  if (minutes < 60) return ago.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago.format(-hours, 'hour');
  return ago.format(-Math.floor(hours / 24), 'day');
}

/** A request's page in the console. */
export const requestPath = (bookingId: string): string =>
  `/owner/requests/${encodeURIComponent(bookingId)}`;
