/**
 * A minimal iCalendar (RFC 5545) generator for "Add to calendar": one VEVENT per file.
 * Pure; the caller offers the text as a download.
 */

export interface CalendarEvent {
  /** Stable unique id (e.g. the booking id); a domain is appended to make it global. */
  uid: string;
  /** Start instant (ISO string or Date). */
  start: string | Date;
  /** Length of the appointment in minutes. */
  durationMinutes: number;
  summary: string;
  description?: string;
  location?: string;
}

/** How long an appointment is assumed to take (the API does not say). */
export const DEFAULT_APPOINTMENT_MINUTES = 120;

/** 20260315T140000Z */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes TEXT values: backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** UTF-8 octets of one code point (RFC 3629). */
const utf8Length = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Folds a content line at 75 octets (RFC 5545 §3.1); continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = utf8Length(char.codePointAt(0) ?? 0);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text of one event, or null when the start is not a valid date. */
export function buildIcs(event: CalendarEvent, options: { now?: Date; domain?: string } = {}) {
  const start = event.start instanceof Date ? event.start : new Date(event.start);
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start.getTime() + event.durationMinutes * 60_000);
  const now = options.now ?? new Date();
  const domain = options.domain ?? 'detailing.local';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mobile Detailing//Customer Portal//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}@${domain}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A data: URL that downloads the text as a calendar file (no object URL to revoke). */
export function icsHref(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}
