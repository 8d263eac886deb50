/**
 * The e-mail outbox. A message is a row written in the same transaction as the booking change
 * that causes it (`enqueueBookingEvent`), holding the booking as it was then; the mail worker
 * (./mail/worker.ts) renders and sends it. A message whose event can happen again (a retried
 * status change, the reminder scan after a restart) has a `dedupe_key`, unique, so it never
 * makes a second message; a quote's two messages need none (`enqueueQuote`).
 */
import type { Booking } from '../domain/contract/types';
import { inWriteTransaction, newOrderedId, statement, type Db } from './db';
import { bookingRow, toBooking } from './bookingRows';
import { conflict, notFound } from './errors';
import { emailPreferences } from './customers';
import type { CancelledBy, Credit } from './mail/texts';

/** What happened to a booking, as far as e-mail is concerned. */
export type BookingEvent =
  /** A quote request was accepted: the owner's e-mail and the customer's confirmation. */
  | { kind: 'quote'; signedIn: boolean }
  | ({ kind: 'completed'; points: number } & Credit)
  | { kind: 'cancelled'; by: CancelledBy }
  /** The owner set the appointment for the first time. */
  | { kind: 'booked' }
  /** The date or time changed after that (or the customer changed it). */
  | { kind: 'rescheduled' }
  | { kind: 'reminder' };

export type MessageKind =
  | 'owner-quote'
  | 'customer-quote'
  | 'customer-completed'
  | 'customer-cancelled'
  | 'customer-booked'
  | 'customer-rescheduled'
  | 'customer-reminder';

/** What the worker needs to render a message (the booking as it was when the event happened). */
export interface MessagePayload {
  booking: Booking;
  signedIn?: boolean;
  points?: number;
  credited?: boolean;
  /** Absent in messages written before it existed: taken as true (an account may claim it). */
  account?: boolean;
  by?: CancelledBy;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Why a message was given up: the mail server refused it for good (SMTP 5xx), it could not be
 * delivered for the whole retry period, or its address is on the suppression list
 * (server/suppression.ts).
 */
export type OutboxFailure = 'refused' | 'expired' | 'suppressed';

export interface OutboxRow {
  id: string;
  /** Null for a quote's messages, which are written once with their booking. */
  dedupe_key: string | null;
  kind: MessageKind;
  audience: 'owner' | 'customer';
  booking_id: string | null;
  payload: string;
  recipient: string | null;
  status: OutboxStatus;
  attempts: number;
  /** When the message may be tried (`pending`), or when its worker's claim lapses (`sending`). */
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Set when `failed`. */
  failure: OutboxFailure | null;
  /** When it was given up (set when `failed`). */
  failed_at: string | null;
  /** When the retry period started: when it was written, or queued again by the operator. */
  queued_at: string;
}

/** Called (after the current transaction) when a message was written: wakes the worker. */
const wakers = new WeakMap<Db, () => void>();

export function onEnqueue(db: Db, wake: (() => void) | undefined): void {
  if (wake) wakers.set(db, wake);
  else wakers.delete(db);
}

const INSERT_MESSAGE = `INSERT OR IGNORE INTO outbox (id, dedupe_key, kind, audience, booking_id,
     payload, status, attempts, next_attempt_at, created_at, queued_at)
   VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`;

/** Writes a message, to be sent from `notBefore` (from `now` when not given). */
function insertMessage(
  db: Db,
  key: string | null,
  kind: MessageKind,
  payload: MessagePayload,
  now: Date,
  notBefore: Date = now,
): boolean {
  const at = now.toISOString();
  const result = statement(db, INSERT_MESSAGE).run(
    newOrderedId(now),
    key,
    kind,
    kind === 'owner-quote' ? 'owner' : 'customer',
    payload.booking.bookingId,
    JSON.stringify(payload),
    notBefore.toISOString(),
    at,
    at,
  );
  return result.changes === 1;
}

/** Wakes the worker (after the current transaction) when messages were written. */
function written(db: Db, count: number): number {
  const wake = wakers.get(db);
  if (count > 0 && wake) setImmediate(wake);
  return count;
}

/**
 * A quote request's two messages (the owner's e-mail and the customer's confirmation), in the
 * caller's transaction, from the booking it has just written: the quote's hot path reads
 * nothing back (the quote's messages go whatever the customer's preferences).
 */
export function enqueueQuote(db: Db, booking: Booking, signedIn: boolean, now: Date): number {
  const count =
    Number(insertMessage(db, null, 'owner-quote', { booking, signedIn }, now)) +
    Number(insertMessage(db, null, 'customer-quote', { booking }, now));
  return written(db, count);
}

/**
 * Writes the messages a booking event causes, in the caller's transaction (or its own), to be
 * sent from `notBefore` (at once when not given). Status messages and reminders respect the
 * customer's preferences; the quote's two messages always go. Returns how many messages were
 * written (0 when they already exist or are turned off).
 */
export function enqueueBookingEvent(
  db: Db,
  bookingId: string,
  event: BookingEvent,
  now: Date = new Date(),
  notBefore: Date = now,
): number {
  return inWriteTransaction(db, () => {
    const row = bookingRow(db, bookingId);
    const booking = toBooking(row);
    const prefs = emailPreferences(db, row.user_id);
    const id = booking.bookingId;
    const sent: boolean[] = [];
    switch (event.kind) {
      case 'quote':
        return enqueueQuote(db, booking, event.signedIn, now);
      case 'completed':
        if (prefs.statusUpdates)
          sent.push(
            insertMessage(
              db,
              completedKey(id),
              'customer-completed',
              { booking, ...event },
              now,
              notBefore,
            ),
          );
        break;
      case 'cancelled':
        if (prefs.statusUpdates)
          sent.push(
            insertMessage(
              db,
              `cancelled:${id}`,
              'customer-cancelled',
              { booking, by: event.by },
              now,
            ),
          );
        break;
      case 'booked':
        if (prefs.statusUpdates)
          sent.push(insertMessage(db, `booked:${id}`, 'customer-booked', { booking }, now));
        break;
      case 'rescheduled':
        if (prefs.statusUpdates)
          sent.push(
            insertMessage(
              db,
              `rescheduled:${id}:${row.date} ${row.time}:${row.updated_at}`,
              'customer-rescheduled',
              { booking },
              now,
            ),
          );
        break;
      case 'reminder':
        // One reminder per booking and appointment day: a booking moved to another day is
        // reminded of its new one.
        if (prefs.reminders && booking.status === 'Booked' && row.date && row.time)
          sent.push(
            insertMessage(db, `reminder:${id}:${row.date}`, 'customer-reminder', { booking }, now),
          );
        break;
    }
    return written(db, sent.filter(Boolean).length);
  });
}

/** The one "done" message of a booking. */
const completedKey = (bookingId: string) => `completed:${bookingId}`;

/** A booking's "done" message, if it is still waiting, goes now (the pictures are in). */
export function releaseCompletedMessage(db: Db, bookingId: string, now: Date): number {
  const at = now.toISOString();
  const changed = statement(
    db,
    `UPDATE outbox SET next_attempt_at = ?
     WHERE dedupe_key = ? AND status = 'pending' AND attempts = 0 AND next_attempt_at > ?`,
  ).run(at, completedKey(bookingId), at).changes;
  return written(db, changed);
}

/** A booking's "done" message, if not sent nor being sent, is deleted (the completion was undone). */
export function withdrawCompletedMessage(db: Db, bookingId: string): number {
  return statement(db, "DELETE FROM outbox WHERE dedupe_key = ? AND status = 'pending'").run(
    completedKey(bookingId),
  ).changes;
}

/** Messages in a status (the operator's list), oldest first. */
export function listMessages(db: Db, status: OutboxStatus): OutboxRow[] {
  return db
    .prepare('SELECT * FROM outbox WHERE status = ? ORDER BY created_at, rowid')
    .all(status) as OutboxRow[];
}

/**
 * Operator action: puts failed messages back in the queue with fresh tries and a fresh retry
 * period: all failed ones, or the one with this id. A message the mail server refused for good
 * (an address that does not exist, say) would only be refused again, so it is queued again only
 * with `refused: true`; naming one without it is refused with the server's reason. Returns how
 * many were queued again.
 */
export function resendFailed(
  db: Db,
  { id, refused = false }: { id?: string; refused?: boolean },
  now: Date = new Date(),
): number {
  return inWriteTransaction(db, () => {
    if (id !== undefined) {
      const row = db.prepare('SELECT failure, last_error FROM outbox WHERE id = ?').get(id) as
        Pick<OutboxRow, 'failure' | 'last_error'> | undefined;
      if (!row) throw notFound(`No message ${id}`);
      if (row.failure === 'refused' && !refused)
        throw conflict(
          `The mail server refused message ${id} for good (${row.last_error ?? 'no reason given'}); ` +
            'add --refused to send it again anyway',
        );
    }
    const at = now.toISOString();
    const result = db
      .prepare(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, queued_at = ?,
           failure = NULL
         WHERE status = 'failed' AND (? IS NULL OR id = ?)
           AND (failure IS NOT 'refused' OR ?)`,
      )
      .run(at, at, id ?? null, id ?? null, refused ? 1 : 0);
    return result.changes;
  });
}

/**
 * Deletes the messages sent before `before` (they hold the requesters' names, e-mails and
 * phones). Looks before it writes, so a database with nothing to delete is not locked.
 */
export function deleteSentBefore(db: Db, before: Date): number {
  const cutoff = before.toISOString();
  const any = statement(db, "SELECT 1 FROM outbox WHERE status = 'sent' AND sent_at < ? LIMIT 1");
  if (!any.get(cutoff)) return 0;
  return inWriteTransaction(
    db,
    () =>
      statement(db, "DELETE FROM outbox WHERE status = 'sent' AND sent_at < ?").run(cutoff).changes,
  );
}
