/**
 * The browser's error reports (POST /client-errors): what broke, on which page, never who met it.
 * The contract already refuses a path or source with a query string; here the message loses
 * e-mail addresses, runs of digits (card, phone or order numbers, however they are written),
 * tokens and long ids, and a URL keeps only its origin and path. One scrubbed message is one row
 * a day with a count of its reports; a day (UTC) keeps at most CLIENT_ERROR_DAILY_CAPS reports,
 * from one address and from everyone together, so a flood neither fills the table nor tops the
 * owner's list. Reports are deleted after CLIENT_ERROR_KEEP_DAYS (checked at most hourly, when
 * a report arrives).
 */
import type { RequestBodyOf } from '../../domain/contract/types';
import { CLIENT_ERROR_DAILY_CAPS } from '../platform/config';
import { statement, type Db } from '../platform/db';

export type ClientErrorReport = RequestBodyOf<'reportClientError'>;

export const CLIENT_ERROR_KEEP_DAYS = 30;
/** The period countClientErrors looks back over. */
export const CLIENT_ERROR_COUNT_DAYS = 7;
/** How many messages countClientErrors answers (the most frequent). */
export const CLIENT_ERROR_TOP = 20;
/** The contract's maxLength of `message`, which a replacement must not exceed. */
const MESSAGE_MAX = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()[\]{}]+/gi;
/** An address; starting only where a run of its characters starts, so long text costs linear time. */
const EMAIL = /(?<![^\s@<>()[\]"',;:])[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
/** A JSON Web Token: three base64url parts, the first a JSON header (`{"` is `eyJ`). */
const JWT = /\beyJ[\w-]*\.[\w-]*(?:\.[\w-]*)?/g;
/** 20 or more letters, digits, `_` and `-`: a secret or id when it holds a digit and a letter. */
const WORD_RUN = /(?<![\w-])[\w-]{20,}/g;
const token = (run: string) => (/\d/.test(run) && /[a-z]/i.test(run) ? '[token]' : run);
/** 6 or more digits, whatever sits between them: spaces, dots, dashes, slashes, brackets, `+`. */
const LONG_DIGITS = /\+?\(?\d(?:[\s().\-/]{0,3}\d){5,}/g;

/** A URL as its origin and path (no user, password, query or fragment); unreadable ones go. */
function urlWithoutQuery(text: string): string {
  try {
    const url = new URL(text);
    return url.origin === 'null' ? '[url]' : `${url.origin}${url.pathname}`;
  } catch {
    return '[url]';
  }
}

/**
 * The message without e-mail addresses, tokens, long ids or runs of 6 or more digits, and with
 * each URL cut to its origin and path.
 */
export const scrubMessage = (message: string): string =>
  message
    .replace(URL_TEXT, urlWithoutQuery)
    .replace(EMAIL, '[e-mail]')
    .replace(JWT, '[token]')
    .replace(WORD_RUN, token)
    .replace(LONG_DIGITS, '[number]')
    .slice(0, MESSAGE_MAX);

/** When each database last deleted old reports. */
const lastPruned = new WeakMap<Db, number>();

function pruneAtMostHourly(db: Db, now: Date): void {
  const last = lastPruned.get(db);
  if (last !== undefined && now.getTime() - last < HOUR_MS) return;
  lastPruned.set(db, now.getTime());
  const cutoff = new Date(now.getTime() - CLIENT_ERROR_KEEP_DAYS * DAY_MS).toISOString();
  statement(db, 'DELETE FROM client_errors WHERE last_seen_at < ?').run(cutoff);
}

/**
 * Today's reports: all of them (read from the table once a day, then counted here) and per client
 * address, in memory only (no address is ever written down): a restart forgets the addresses,
 * which at most lets one address send its day's cap again.
 */
const todays = new WeakMap<Db, { day: string; overall: number; perAddress: Map<string, number> }>();

/** The UTC day `now` falls in: its start and the next day's, as ISO strings. */
interface Day {
  start: string;
  end: string;
}

function dayOf(now: Date): Day {
  const start = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  return { start: new Date(start).toISOString(), end: new Date(start + DAY_MS).toISOString() };
}

/** Seconds from `now` to the next UTC day, when the caps start again. */
export const secondsToNextDay = (now: Date): number =>
  Math.max(1, Math.ceil((Date.parse(dayOf(now).end) - now.getTime()) / 1000));

/** Today's counts; a new day's total is read from the table (a row counts only on its first day). */
function today(db: Db, day: Day) {
  let counts = todays.get(db);
  if (counts?.day !== day.start) {
    const { reports } = statement(
      db,
      `SELECT COALESCE(SUM(occurrences), 0) AS reports FROM client_errors
        WHERE last_seen_at >= ? AND last_seen_at < ?`,
    ).get(day.start, day.end) as { reports: number };
    counts = { day: day.start, overall: reports, perAddress: new Map() };
    todays.set(db, counts);
  }
  return counts;
}

/**
 * Stores a report, or counts it on today's row of the same scrubbed message; false (nothing
 * kept) once today's caps are reached. `address` is the sender's client key.
 */
export function recordClientError(
  db: Db,
  report: ClientErrorReport,
  { address, now = new Date() }: { address?: string; now?: Date } = {},
): boolean {
  pruneAtMostHourly(db, now);
  const day = dayOf(now);
  const counts = today(db, day);
  const fromAddress = address === undefined ? 0 : (counts.perAddress.get(address) ?? 0);
  if (
    counts.overall >= CLIENT_ERROR_DAILY_CAPS.overall ||
    fromAddress >= CLIENT_ERROR_DAILY_CAPS.perAddress
  )
    return false;
  counts.overall += 1;
  if (address !== undefined) counts.perAddress.set(address, fromAddress + 1);
  const row = {
    message: scrubMessage(report.message),
    kind: report.kind,
    path: scrubMessage(report.path),
    source: report.source ?? null,
    line: report.line ?? null,
    version: report.version ?? null,
    now: now.toISOString(),
    dayStart: day.start,
    dayEnd: day.end,
  };
  // The row keeps the page, file and version of the message's latest report.
  const counted = statement(
    db,
    `UPDATE client_errors SET occurrences = occurrences + 1, last_seen_at = @now, kind = @kind,
            path = @path, source = @source, line = @line, version = @version
      WHERE id = (SELECT id FROM client_errors
                   WHERE message = @message AND first_seen_at >= @dayStart AND first_seen_at < @dayEnd
                   LIMIT 1)`,
  ).run(row);
  if (counted.changes > 0) return true;
  statement(
    db,
    `INSERT INTO client_errors
       (message, kind, path, source, line, version, occurrences, first_seen_at, last_seen_at)
     VALUES (@message, @kind, @path, @source, @line, @version, 1, @now, @now)`,
  ).run(row);
  return true;
}

export interface ClientErrorCount {
  message: string;
  count: number;
}

/**
 * The reports of the last 7 days: their number, and the CLIENT_ERROR_TOP most frequent messages
 * with how often each was reported.
 */
export function countClientErrors(
  db: Db,
  now = new Date(),
): { total: number; messages: ClientErrorCount[] } {
  const since = new Date(now.getTime() - CLIENT_ERROR_COUNT_DAYS * DAY_MS).toISOString();
  const { total } = statement(
    db,
    'SELECT COALESCE(SUM(occurrences), 0) AS total FROM client_errors WHERE last_seen_at >= ?',
  ).get(since) as { total: number };
  const messages = statement(
    db,
    `SELECT message, SUM(occurrences) AS count FROM client_errors
      WHERE last_seen_at >= ? GROUP BY message ORDER BY count DESC, message LIMIT ?`,
  ).all(since, CLIENT_ERROR_TOP) as ClientErrorCount[];
  return { total, messages };
}
