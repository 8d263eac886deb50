/**
 * The e-mail outbox. A message is a row written in the same transaction as the booking change
 * that causes it (`enqueueBookingEvent`), holding the booking as it was then; the mail worker
 * (./mail/worker.ts) renders and sends it. A message whose event can happen again (a retried
 * status change, the reminder scan after a restart) has a `dedupe_key`, unique, so it never
 * makes a second message; a quote's two messages need none (`enqueueQuote`).
 */
import type { Booking } from '../domain/contract/types';
import { inWriteTransaction, newOrderedId, statement, type Db } from './db';
import { bookingRow, toBooking } from './bookings';
import { notFound } from './errors';
import { emailPreferences } from './customers';
import type { CancelledBy } from './mail/texts';

/** What happened to a booking, as far as e-mail is concerned. */
export type BookingEvent =
  /** A quote request was accepted: the owner's e-mail and the customer's confirmation. */
  | { kind: 'quote'; signedIn: boolean }
  | { kind: 'completed'; points: number; credited: boolean }
  | { kind: 'cancelled'; by: CancelledBy }
  | { kind: 'rescheduled' }
  | { kind: 'reminder' };

export type MessageKind =
  | 'owner-quote'
  | 'customer-quote'
  | 'customer-completed'
  | 'customer-cancelled'
  | 'customer-rescheduled'
  | 'customer-reminder';

/** What the worker needs to render a message (the booking as it was when the event happened). */
export interface MessagePayload {
  booking: Booking;
  signedIn?: boolean;
  points?: number;
  credited?: boolean;
  by?: CancelledBy;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

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
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Called (after the current transaction) when a message was written: wakes the worker. */
const wakers = new WeakMap<Db, () => void>();

export function onEnqueue(db: Db, wake: (() => void) | undefined): void {
  if (wake) wakers.set(db, wake);
  else wakers.delete(db);
}

const INSERT_MESSAGE = `INSERT OR IGNORE INTO outbox (id, dedupe_key, kind, audience, booking_id,
     payload, status, attempts, next_attempt_at, created_at)
   VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`;

function insertMessage(
  db: Db,
  key: string | null,
  kind: MessageKind,
  payload: MessagePayload,
  now: Date,
): boolean {
  const at = now.toISOString();
  const result = statement(db, INSERT_MESSAGE).run(
    newOrderedId(now),
    key,
    kind,
    kind === 'owner-quote' ? 'owner' : 'customer',
    payload.booking.bookingId,
    JSON.stringify(payload),
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
 * Writes the messages a booking event causes, in the caller's transaction (or its own). Status
 * messages and reminders respect the customer's preferences; the quote's two messages always
 * go. Returns how many messages were written (0 when they already exist or are turned off).
 */
export function enqueueBookingEvent(
  db: Db,
  bookingId: string,
  event: BookingEvent,
  now: Date = new Date(),
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
            insertMessage(db, `completed:${id}`, 'customer-completed', { booking, ...event }, now),
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

/** Messages in a status (the operator's list), oldest first. */
export function listMessages(db: Db, status: OutboxStatus): OutboxRow[] {
  return db
    .prepare('SELECT * FROM outbox WHERE status = ? ORDER BY created_at, rowid')
    .all(status) as OutboxRow[];
}

/**
 * Operator action: puts failed messages back in the queue with fresh tries (all failed ones, or
 * the one with this id). Returns how many were queued again.
 */
export function resendFailed(db: Db, id?: string, now: Date = new Date()): number {
  return inWriteTransaction(db, () => {
    if (id !== undefined) {
      const row = db.prepare('SELECT status FROM outbox WHERE id = ?').get(id) as
        { status: OutboxStatus } | undefined;
      if (!row) throw notFound(`No message ${id}`);
    }
    const result = db
      .prepare(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?
         WHERE status = 'failed' AND (? IS NULL OR id = ?)`,
      )
      .run(now.toISOString(), id ?? null, id ?? null);
    return result.changes;
  });
}
