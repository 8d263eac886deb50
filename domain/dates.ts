import { unwrap } from './unwrap';
import { timeZone } from './serviceArea';
import { zonedFormat } from './zonedFormat';

/**
 * Parses the date forms of docs/product.md §3: Date objects, epoch numbers (ms, or seconds when
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

// Each formatter is made once, on first use: Date's toLocale*String() builds a new one per call
// (a time zone's formatter costs about a millisecond on a phone, and the dashboard shows dozens).
let shortDate: Intl.DateTimeFormat | undefined;
let shortDateTime: Intl.DateTimeFormat | undefined;

/** en-US short date (e.g. 11/21/2026), or the fallback when unknown. */
export function formatShortDate(value: unknown, fallback = 'Unknown date'): string {
  const d = parseDate(value);
  shortDate ??= new Intl.DateTimeFormat('en-US', { timeZone });
  return d ? shortDate.format(d) : fallback;
}

/** en-US short date and time in the business's time zone, or the fallback. */
export function formatShortDateTime(value: unknown, fallback = 'Unknown date'): string {
  const d = parseDate(value);
  shortDateTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return d ? shortDateTime.format(d) : fallback;
}

/** How wide a booking's day is written: `Fri, Dec 18, 2026` or `Friday, December 18, 2026`. */
export type DayStyle = 'short' | 'long';
const dayFormats: Partial<Record<DayStyle, Intl.DateTimeFormat>> = {};

/**
 * A booking's calendar day (YYYY-MM-DD) in words: `Fri, Dec 18, 2026`, or with `long`
 * `Friday, December 18, 2026`. A calendar day has no time zone: it is written as stored, whatever
 * the browser's or the server's zone. Anything that is not a real day is returned as it came.
 */
export function calendarDayText(date: string, style: DayStyle = 'short'): string {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!ymd) return date;
  const [year, month, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  // Not a real calendar day (e.g. 2026-02-30).
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return date;
  // Made on first use, once per style: the day at midnight UTC, written in UTC.
  const format = (dayFormats[style] ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: style,
    month: style,
    day: 'numeric',
    year: 'numeric',
  }));
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(calendar)) p[part.type] = part.value;
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/** A booking's day and time, `Fri, Dec 18, 2026 at 10:00 AM`, or '' when it has no day. */
export function appointmentText(
  booking: { date?: string | null; time?: string | null },
  style: DayStyle = 'short',
): string {
  if (!booking.date) return '';
  const day = calendarDayText(booking.date, style);
  return booking.time ? `${day} at ${booking.time}` : day;
}

// One formatter, made once (./zonedFormat.ts): dayjs's tz() builds a new one per call (tens of
// µs each), too slow for normalising and charting thousands of bookings.
interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}
/** The wall-clock fields of an instant in America/New_York. */
function zonedParts(time: number | Date): ZonedParts {
  const parts: ZonedParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of zonedFormat().formatToParts(time)) {
    if (part.type in parts) parts[part.type as keyof ZonedParts] = Number(part.value);
  }
  parts.hour %= 24;
  return parts;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes America/New_York is ahead of UTC at an instant (e.g. -300 in winter). */
function zoneOffsetMinutes(utcMs: number): number {
  const p = zonedParts(utcMs);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time in America/New_York (as dayjs.tz does it): a time in the
 * spring-forward gap moves forward an hour; an hour that happens twice is its first occurrence.
 */
function zonedWallTimeToInstant(wallAsUtcMs: number): number {
  const o0 = zoneOffsetMinutes(wallAsUtcMs);
  let guess = wallAsUtcMs - o0 * 60_000;
  const o2 = zoneOffsetMinutes(guess);
  if (o2 === o0) return guess;
  guess = wallAsUtcMs - o2 * 60_000;
  const o3 = zoneOffsetMinutes(guess);
  if (o3 === o2) return guess;
  return wallAsUtcMs - Math.min(o2, o3) * 60_000;
}

/** Month key (YYYY-MM) of an instant in America/New_York. */
export function monthKey(date: Date): string {
  const { year, month } = zonedParts(date);
  return `${year}-${pad2(month)}`;
}

/** Day key (YYYY-MM-DD) of an instant in America/New_York. */
export function dayKey(date: Date): string {
  const { year, month, day } = zonedParts(date);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * The instant of a booking's local date ("YYYY-MM-DD") and time ("4:00 PM" or "16:00")
 * in America/New_York; null when the date is not valid. A missing time means midnight.
 */
export function bookingInstant(date: unknown, time: unknown): Date | null {
  const day = typeof date === 'string' ? date.trim() : '';
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!ymd) return parseDate(date);
  const [year, month, dayOfMonth] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  const wall = new Date(Date.UTC(year, month - 1, dayOfMonth));
  // Not a real calendar day (e.g. 2026-02-30).
  if (wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== dayOfMonth) return null;
  const { hour, minute } = parseTimeOfDay(typeof time === 'string' ? time : '');
  return new Date(zonedWallTimeToInstant(Date.UTC(year, month - 1, dayOfMonth, hour, minute)));
}

/**
 * "4:00 PM", "4 PM", "16:00" or "04:00" (docs/product.md §3 and openapi.yaml); anything else is midnight.
 */
function parseTimeOfDay(text: string): { hour: number; minute: number } {
  const t = text.trim().toUpperCase();
  const twelve = /^(1[0-2]|[1-9])(?::([0-5]\d))? (AM|PM)$/.exec(t);
  if (twelve) {
    const hour = (Number(twelve[1]) % 12) + (twelve[3] === 'PM' ? 12 : 0);
    return { hour, minute: Number(twelve[2] ?? 0) };
  }
  const day = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(t);
  if (day) return { hour: Number(day[1]), minute: Number(day[2]) };
  return { hour: 0, minute: 0 };
}

/** Minutes after midnight of a time of day in any form parseTimeOfDay reads (`4:00 PM` → 960). */
export function minutesOfDay(text: string): number {
  const { hour, minute } = parseTimeOfDay(text);
  return hour * 60 + minute;
}

/** The date (YYYY-MM-DD) and the minutes past midnight of an instant in the business's time zone. */
export interface LocalNow {
  date: string;
  minutes: number;
}

/** New York's date and clock at `now`: what is past today and what is not. */
export function localNow(now: Date = new Date()): LocalNow {
  const { year, month, day, hour, minute } = zonedParts(now);
  return { date: `${year}-${pad2(month)}-${pad2(day)}`, minutes: hour * 60 + minute };
}

/** Today's date (YYYY-MM-DD) in the business's time zone. */
export function todayLocal(now: Date = new Date()): string {
  return dayKey(now);
}
