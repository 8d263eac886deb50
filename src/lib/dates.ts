import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { unwrap } from './unwrap';
import { timeZone } from '../config/serviceArea';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export { dayjs, type Dayjs };

/**
 * Parses the date forms of spec §3: Date objects, epoch numbers (ms, or seconds when
 * small), numeric strings, ISO strings and "YYYY-MM-DD HH:mm:ss". Returns null for
 * anything that is not a valid date. Never throws.
 */
export function parseDate(value: unknown): Date | null {
  const v = unwrap(value);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number') return fromEpoch(v);
  if (typeof v !== 'string') return null;
  const text = v.trim();
  if (text === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const normalised = /^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text;
  const d = new Date(normalised);
  return Number.isNaN(d.getTime()) ? null : d;
}

function fromEpoch(n: number): Date | null {
  if (!Number.isFinite(n)) return null;
  // Ten-digit values are epoch seconds; larger ones milliseconds.
  const ms = Math.abs(n) < 1e11 ? n * 1000 : n;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date as an ISO string, or '' when unknown. */
export function toIsoOrEmpty(value: unknown): string {
  const d = parseDate(value);
  return d ? d.toISOString() : '';
}

/** en-US short date (e.g. 11/21/2026), or the fallback when unknown. */
export function formatShortDate(value: unknown, fallback = 'Unknown date'): string {
  const d = parseDate(value);
  return d ? d.toLocaleDateString('en-US', { timeZone }) : fallback;
}

/** en-US short date and time in the business's time zone, or the fallback. */
export function formatShortDateTime(value: unknown, fallback = 'Unknown date'): string {
  const d = parseDate(value);
  return d
    ? d.toLocaleString('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' })
    : fallback;
}

/** Month key (YYYY-MM) of an instant in America/New_York. */
export function monthKey(date: Date): string {
  return dayjs(date).tz(timeZone).format('YYYY-MM');
}

/** Day key (YYYY-MM-DD) of an instant in America/New_York. */
export function dayKey(date: Date): string {
  return dayjs(date).tz(timeZone).format('YYYY-MM-DD');
}

/**
 * The instant of a booking's local date ("YYYY-MM-DD") and time ("4:00 PM" or "16:00")
 * in America/New_York; null when the date is not valid. A missing time means midnight.
 */
export function bookingInstant(date: unknown, time: unknown): Date | null {
  const day = typeof date === 'string' ? date.trim() : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return parseDate(date);
  const t = typeof time === 'string' ? time.trim().toUpperCase() : '';
  const parsed = dayjs(t, ['h:mm A', 'H:mm', 'HH:mm', 'h A'], true);
  const hhmm = parsed.isValid() ? parsed.format('HH:mm') : '00:00';
  const d = dayjs.tz(`${day} ${hhmm}`, 'YYYY-MM-DD HH:mm', timeZone);
  return d.isValid() ? d.toDate() : null;
}

/** Today's date (YYYY-MM-DD) in the business's time zone. */
export function todayLocal(now: Date = new Date()): string {
  return dayKey(now);
}
