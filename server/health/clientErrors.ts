/**
 * The browser's error reports (POST /client-errors): what broke, on which page, never who met it.
 * The contract already refuses a path or source with a query string; here the message loses
 * e-mail addresses and long runs of digits (card, phone or order numbers), an identical report
 * within the hour only counts one more occurrence, and reports are deleted after
 * CLIENT_ERROR_KEEP_DAYS (checked at most hourly, when a report arrives).
 */
import type { RequestBodyOf } from '../../domain/contract/types';
import { statement, type Db } from '../platform/db';

export type ClientErrorReport = RequestBodyOf<'reportClientError'>;

export const CLIENT_ERROR_KEEP_DAYS = 30;
/** The period countClientErrors looks back over. */
export const CLIENT_ERROR_COUNT_DAYS = 7;
/** The contract's maxLength of `message`, which a replacement must not exceed. */
const MESSAGE_MAX = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
const LONG_DIGITS = /\d(?:[\s-]?\d){5,}/g;

/** The message without e-mail addresses or runs of 6 or more digits. */
export const scrubMessage = (message: string): string =>
  message.replace(EMAIL, '[e-mail]').replace(LONG_DIGITS, '[number]').slice(0, MESSAGE_MAX);

/** When each database last deleted old reports. */
const lastPruned = new WeakMap<Db, number>();

function pruneAtMostHourly(db: Db, now: Date): void {
  const last = lastPruned.get(db);
  if (last !== undefined && now.getTime() - last < HOUR_MS) return;
  lastPruned.set(db, now.getTime());
  const cutoff = new Date(now.getTime() - CLIENT_ERROR_KEEP_DAYS * DAY_MS).toISOString();
  statement(db, 'DELETE FROM client_errors WHERE last_seen_at < ?').run(cutoff);
}

/** Stores a report, or counts it on an identical one of the last hour. */
export function recordClientError(db: Db, report: ClientErrorReport, now = new Date()): void {
  pruneAtMostHourly(db, now);
  const row = {
    message: scrubMessage(report.message),
    kind: report.kind,
    path: report.path,
    source: report.source ?? null,
    line: report.line ?? null,
    version: report.version ?? null,
    now: now.toISOString(),
    since: new Date(now.getTime() - HOUR_MS).toISOString(),
  };
  const counted = statement(
    db,
    `UPDATE client_errors SET occurrences = occurrences + 1, last_seen_at = @now
      WHERE id = (SELECT id FROM client_errors
                   WHERE message = @message AND kind = @kind AND path = @path
                     AND source IS @source AND line IS @line AND version IS @version
                     AND first_seen_at >= @since
                   ORDER BY id DESC LIMIT 1)`,
  ).run(row);
  if (counted.changes > 0) return;
  statement(
    db,
    `INSERT INTO client_errors
       (message, kind, path, source, line, version, occurrences, first_seen_at, last_seen_at)
     VALUES (@message, @kind, @path, @source, @line, @version, 1, @now, @now)`,
  ).run(row);
}

export interface ClientErrorCount {
  message: string;
  count: number;
}

/** How often each message was reported over the last 7 days, most frequent first. */
export function countClientErrors(db: Db, now = new Date()): ClientErrorCount[] {
  const since = new Date(now.getTime() - CLIENT_ERROR_COUNT_DAYS * DAY_MS).toISOString();
  return statement(
    db,
    `SELECT message, SUM(occurrences) AS count FROM client_errors
      WHERE last_seen_at >= ? GROUP BY message ORDER BY count DESC, message`,
  ).all(since) as ClientErrorCount[];
}
