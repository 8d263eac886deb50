/**
 * The e-mail outbox. A message is a row written in the same transaction as the booking change
 * that causes it (`enqueueBookingEvent`), holding the booking as it was then; the mail worker
 * (./worker.ts) renders and sends it. A message whose event can happen again (a retried
 * status change, the reminder scan after a restart) has a `dedupe_key`, unique, so it never
 * makes a second message; a quote's two messages need none (`enqueueQuote`).
 */
import type { Booking } from '../../domain/contract/types';
import { inWriteTransaction, newOrderedId, statement, type Db } from '../platform/db';
import { bookingRow, toBooking } from '../bookings/bookingRows';
import { conflict, notFound } from '../platform/errors';
import { emailPreferences } from '../customers/customers';
import type { AuthenticatorChangeKind, Digest, DigestLine } from './texts';
import type { BookingEvent, CancelledBy, Credit } from '../bookings/events';
import { MAIL_LIMITS, OWNER_DIGEST } from '../platform/rules';
import { optedOut } from './optOut';
import type { CustomerChange } from '../../domain/customerChange';
import { enqueueStatusText } from './textOutbox';

/** What every message to the customer about a booking holds. */
interface AboutBooking {
  /** The booking as it was when the event happened. */
  booking: Booking;
  /**
   * The recipient is the verified e-mail of the account the booking belongs to: only then does
   * the e-mail repeat what was typed in the request (name, vehicle, notes, address). Absent in
   * messages written before it existed: read as false.
   */
  verified: boolean;
  /**
   * The message tells of the customer's own change (moved or cancelled from My Bookings): the
   * first such e-mail goes at once, only follow-ups are coalesced (`enqueueStatus`). Stored for
   * that query alone; absent in other messages.
   */
  byCustomer?: true;
}

/**
 * Each kind of message and what it holds: what the worker needs to render it (./mail/worker.ts).
 * A kind added here is a compile error wherever a table or a `switch` must handle every kind
 * (`PerMessageKind`): reading it from its row, rendering it, its opt-out link.
 */
export interface MessagePayloads {
  'owner-quote': { booking: Booking; signedIn: boolean };
  'customer-quote': AboutBooking;
  /** `account` absent in messages written before it existed: read as true (it may be claimed). */
  'customer-completed': AboutBooking & Credit & { points: number };
  'customer-cancelled': AboutBooking & { by: CancelledBy };
  'customer-booked': AboutBooking;
  'customer-rescheduled': AboutBooking;
  'customer-reminder': AboutBooking;
  /** To the owner, instead of one e-mail per request while too many arrive (OWNER_DIGEST). */
  'owner-digest': DigestPayload;
  /** To the owner: the identity provider showed the owner's authenticator app added or removed. */
  'owner-authenticator': AuthenticatorChange;
  /**
   * To the owner: the customer moved, edited or cancelled a booking (the changes the owner has
   * not seen, as one; coalesced per booking like the status e-mails, `enqueueOwnerChange`).
   */
  'owner-customer-change': { booking: Booking; change: CustomerChange };
}

/**
 * What the owner is told about their account's authenticator app (../owner/ownerAuthenticator.ts,
 * ../owner/authenticatorEvents.ts), and when it was noticed.
 */
export interface AuthenticatorChange {
  change: AuthenticatorChangeKind;
  at: string;
}

export type MessageKind = keyof MessagePayloads;
export type PayloadOf<K extends MessageKind> = MessagePayloads[K];

/** A message of one of `Kinds`: its kind and that kind's payload (a discriminated union). */
export type Message<Kinds extends MessageKind = MessageKind> = {
  [K in Kinds]: { kind: K; payload: PayloadOf<K> };
}[Kinds];

/**
 * A handler for each kind of message, given that kind's payload (and `Args`): a table of this
 * type that misses a kind, or has one that is none, does not compile.
 */
export type PerMessageKind<Result, Args extends unknown[] = []> = {
  [K in MessageKind]: (payload: PayloadOf<K>, ...args: Args) => Result;
};

/** The messages about a booking's status: at most one per booking per MAIL_LIMITS.statusEveryMs. */
type StatusKind = Extract<
  MessageKind,
  'customer-completed' | 'customer-cancelled' | 'customer-booked' | 'customer-rescheduled'
>;
const STATUS_KINDS: readonly StatusKind[] = [
  'customer-completed',
  'customer-cancelled',
  'customer-booked',
  'customer-rescheduled',
];

/** The owner's digest: the requests that arrived since it opened (the first DIGEST_LISTED). */
export interface DigestPayload {
  digest: Digest;
}

/** A stored message this version cannot read: an unknown kind, or a payload its kind cannot use. */
export class UnreadableMessage extends Error {
  constructor(
    readonly id: string,
    readonly reason: string,
  ) {
    super(`Message ${id} cannot be read by this version: ${reason}`);
    this.name = 'UnreadableMessage';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields every message about a booking has, from a stored payload. */
function aboutBooking(stored: Record<string, unknown>): AboutBooking {
  if (!isRecord(stored.booking)) throw new Error('its payload has no booking');
  // The booking was written by this server from a row (toBooking): taken as it was.
  return { booking: stored.booking as unknown as Booking, verified: stored.verified === true };
}

/**
 * Each kind's payload from what its row holds, the same whichever version wrote it: a field a
 * later version added is read as what the messages written before it meant.
 */
const readers: { [K in MessageKind]: (stored: Record<string, unknown>) => PayloadOf<K> } = {
  'owner-quote': (stored) => ({
    booking: aboutBooking(stored).booking,
    signedIn: stored.signedIn === true,
  }),
  'customer-quote': aboutBooking,
  'customer-completed': (stored) => ({
    ...aboutBooking(stored),
    points: typeof stored.points === 'number' ? stored.points : 0,
    credited: stored.credited === true,
    account: stored.account !== false,
  }),
  'customer-cancelled': (stored) => ({
    ...aboutBooking(stored),
    by: stored.by === 'business' ? 'business' : 'customer',
  }),
  'customer-booked': aboutBooking,
  'customer-rescheduled': aboutBooking,
  'customer-reminder': aboutBooking,
  'owner-digest': (stored) => {
    const { digest } = stored;
    if (!isRecord(digest) || typeof digest.count !== 'number' || !Array.isArray(digest.requests))
      throw new Error('its payload has no digest');
    return { digest: digest as unknown as Digest };
  },
  'owner-authenticator': (stored) => {
    if (stored.change !== 'added' && stored.change !== 'removed')
      throw new Error('its payload has no change');
    return { change: stored.change, at: typeof stored.at === 'string' ? stored.at : '' };
  },
  'owner-customer-change': (stored) => {
    const { change } = stored;
    if (!isRecord(change) || typeof change.kind !== 'string' || !isRecord(change.from))
      throw new Error('its payload has no change');
    // Written by this server from the booking's stored change: taken as it was.
    return { booking: aboutBooking(stored).booking, change: change as unknown as CustomerChange };
  },
};

const isMessageKind = (kind: string): kind is MessageKind => Object.hasOwn(readers, kind);

/**
 * A stored row as the message it holds (the boundary between the table's JSON and the union).
 * Throws UnreadableMessage, naming why, for a kind this version does not know (written by a
 * later one) or a payload its kind cannot use.
 */
export function readMessage(row: Pick<OutboxRow, 'id' | 'kind' | 'payload'>): Message {
  const kind: string = row.kind;
  if (!isMessageKind(kind)) throw new UnreadableMessage(row.id, `unknown kind "${kind}"`);
  let stored: unknown;
  try {
    stored = JSON.parse(row.payload);
  } catch {
    throw new UnreadableMessage(row.id, 'its payload is not JSON');
  }
  if (!isRecord(stored)) throw new UnreadableMessage(row.id, 'its payload is not an object');
  try {
    return messageOf(kind, readers[kind](stored));
  } catch (error) {
    throw new UnreadableMessage(row.id, error instanceof Error ? error.message : String(error));
  }
}

/** A kind and its payload as a Message (TypeScript does not see the pair belongs together). */
const messageOf = <K extends MessageKind>(kind: K, payload: PayloadOf<K>) =>
  ({ kind, payload }) as Message;

/** How many requests a digest lists one by one (it counts them all). */
const DIGEST_LISTED = 100;

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Why a message was given up: the mail server refused it for good (SMTP 5xx), it could not be
 * delivered for the whole retry period, or its address is on the suppression list
 * (server/mail/suppression.ts).
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
  /**
   * When it was first due (when it was written, or later for one that waits on purpose: the
   * owner's digest, a status e-mail held back), or queued again by the owner or the operator: the
   * retry period and the health checks' lateness count from it, never from the next try.
   */
  queued_at: string;
  /** The owner's decision not to send a failed message: when, who (the owner's id) and why. */
  dismissed_at: string | null;
  dismissed_by: string | null;
  dismiss_reason: string | null;
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
  { kind, payload }: Message,
  now: Date,
  due: Date = now,
): boolean {
  const at = now.toISOString();
  const result = statement(db, INSERT_MESSAGE).run(
    newOrderedId(now),
    key,
    kind,
    kind.startsWith('owner-') ? 'owner' : 'customer',
    'booking' in payload ? payload.booking.bookingId : null,
    JSON.stringify(payload),
    due.toISOString(),
    at,
    due.toISOString(),
  );
  return result.changes === 1;
}

/**
 * Whether the booking's address is the verified e-mail of the account the booking belongs to
 * (the customer's own). Any other address (a visitor's, or one a customer typed for someone
 * else) is one nobody has shown is theirs.
 */
function ownVerifiedAddress(db: Db, booking: Pick<Booking, 'userId' | 'email'>): boolean {
  if (!booking.userId || !booking.email) return false;
  return (
    statement(
      db,
      "SELECT 1 FROM customers WHERE user_id = ? AND email <> '' AND email_lower = ?",
    ).get(booking.userId, booking.email.trim().toLowerCase()) !== undefined
  );
}

/** A confirmation was written to this address (not the customer's own) within the period. */
function confirmedRecently(db: Db, emailLower: string, now: Date): boolean {
  const since = new Date(now.getTime() - MAIL_LIMITS.unverifiedConfirmationEveryMs).toISOString();
  return (
    statement(
      db,
      `SELECT 1 FROM bookings b JOIN outbox o ON o.booking_id = b.booking_id
       WHERE b.email_lower = ? AND b.created_at >= ? AND o.kind = 'customer-quote'
         AND o.created_at >= ? LIMIT 1`,
    ).get(emailLower, since, since) !== undefined
  );
}

/** The digest threshold a server set for its database (OWNER_DIGEST_THRESHOLD), if not the default. */
const digestThresholds = new WeakMap<Db, number>();

export function setOwnerDigestThreshold(db: Db, threshold: number): void {
  digestThresholds.set(db, threshold);
}

/** More than the threshold of requests (this one included) arrived within the digest's window. */
function flooded(db: Db, now: Date): boolean {
  const threshold = digestThresholds.get(db) ?? OWNER_DIGEST.threshold;
  const since = new Date(now.getTime() - OWNER_DIGEST.windowMs).toISOString();
  const { n } = statement(
    db,
    'SELECT COUNT(*) AS n FROM (SELECT 1 FROM bookings WHERE created_at > ? LIMIT ?)',
  ).get(since, threshold + 1) as { n: number };
  return n > threshold;
}

const PENDING_DIGEST = `SELECT id, payload, next_attempt_at FROM outbox
   WHERE kind = 'owner-digest' AND status = 'pending' ORDER BY rowid DESC LIMIT 1`;

/** The owner's digest waiting to be sent, if one is open (the console says so). */
export function openDigest(db: Db): { since: string; count: number; sendsAt: string } | null {
  const row = statement(db, PENDING_DIGEST).get() as
    { payload: string; next_attempt_at: string } | undefined;
  if (!row) return null;
  const { digest } = JSON.parse(row.payload) as DigestPayload;
  return { since: digest.since, count: digest.count, sendsAt: row.next_attempt_at };
}

/** Adds a request to the open digest, or opens one (sent OWNER_DIGEST.windowMs later). */
function addToDigest(db: Db, booking: Booking, now: Date): boolean {
  const entry: DigestLine = {
    bookingId: booking.bookingId,
    createdAt: booking.createdAt,
    vehicleType: booking.vehicleType,
    totalPrice: booking.totalPrice,
  };
  const open = statement(db, PENDING_DIGEST).get() as { id: string; payload: string } | undefined;
  if (open) {
    const { digest } = JSON.parse(open.payload) as DigestPayload;
    const next: DigestPayload = {
      digest: {
        ...digest,
        count: digest.count + 1,
        requests:
          digest.requests.length < DIGEST_LISTED ? [...digest.requests, entry] : digest.requests,
      },
    };
    statement(db, 'UPDATE outbox SET payload = ? WHERE id = ?').run(JSON.stringify(next), open.id);
    return false;
  }
  const since = now.toISOString();
  return insertMessage(
    db,
    `owner-digest:${since}`,
    { kind: 'owner-digest', payload: { digest: { since, count: 1, requests: [entry] } } },
    now,
    new Date(now.getTime() + OWNER_DIGEST.windowMs),
  );
}

/**
 * The owner's e-mail about their account's authenticator app, written in the caller's
 * transaction; once per owner and `once` (by default the change and its second).
 */
export function enqueueAuthenticatorChange(
  db: Db,
  sub: string,
  change: AuthenticatorChange['change'],
  now: Date,
  once: string = `${change}:${now.toISOString()}`,
): number {
  const message = {
    kind: 'owner-authenticator' as const,
    payload: { change, at: now.toISOString() },
  };
  return written(db, insertMessage(db, `owner-authenticator:${sub}:${once}`, message, now) ? 1 : 0);
}

/**
 * The owner's e-mail about a customer's change (`change`: what the owner has not seen yet, as
 * one), in the caller's transaction; coalesced per booking like the status e-mails: the first
 * goes at once, one still waiting takes the latest change, and a new one waits until
 * MAIL_LIMITS.statusEveryMs after the last one went.
 */
export function enqueueOwnerChange(
  db: Db,
  booking: Booking,
  change: CustomerChange,
  now: Date,
): number {
  const bookingId = booking.bookingId;
  const message: Message<'owner-customer-change'> = {
    kind: 'owner-customer-change',
    payload: { booking, change },
  };
  const waiting = statement(
    db,
    `SELECT id FROM outbox WHERE booking_id = ? AND kind = 'owner-customer-change'
       AND status = 'pending' ORDER BY rowid DESC LIMIT 1`,
  ).get(bookingId) as { id: string } | undefined;
  if (waiting) {
    statement(db, 'UPDATE outbox SET payload = ? WHERE id = ?').run(
      JSON.stringify(message.payload),
      waiting.id,
    );
    return 0;
  }
  const { at } = statement(
    db,
    `SELECT MAX(CASE WHEN status = 'sent' THEN sent_at ELSE @now END) AS at FROM outbox
     WHERE booking_id = @bookingId AND kind = 'owner-customer-change'
       AND status IN ('sent', 'sending')`,
  ).get({ bookingId, now: now.toISOString() }) as { at: string | null };
  const due = Math.max(now.getTime(), at ? Date.parse(at) + MAIL_LIMITS.statusEveryMs : 0);
  const key = `owner-customer-change:${bookingId}:${now.toISOString()}`;
  return written(db, insertMessage(db, key, message, now, new Date(due)) ? 1 : 0);
}

/** Wakes the worker (after the current transaction) when messages were written. */
function written(db: Db, count: number): number {
  const wake = wakers.get(db);
  if (count > 0 && wake) setImmediate(wake);
  return count;
}

/**
 * A quote request's two messages (the owner's e-mail and the customer's confirmation), in the
 * caller's transaction, from the booking it has just written (the quote's messages go whatever
 * the customer's preferences). The business's e-mail is no relay:
 * - the owner's e-mail joins the owner's digest while more than OWNER_DIGEST.threshold requests
 *   arrived within its window;
 * - the confirmation to an address that is not the signed-in customer's own verified e-mail
 *   holds nothing the sender typed (`verified: false`), and goes at most once per
 *   MAIL_LIMITS.unverifiedConfirmationEveryMs to that address (the request is stored and reaches
 *   the owner all the same).
 */
export function enqueueQuote(db: Db, booking: Booking, signedIn: boolean, now: Date): number {
  const toOwner = flooded(db, now)
    ? addToDigest(db, booking, now)
    : insertMessage(db, null, { kind: 'owner-quote', payload: { booking, signedIn } }, now);
  const verified = ownVerifiedAddress(db, booking);
  const toCustomer =
    (verified || !confirmedRecently(db, (booking.email ?? '').trim().toLowerCase(), now)) &&
    insertMessage(db, null, { kind: 'customer-quote', payload: { booking, verified } }, now);
  return written(db, Number(toOwner) + Number(toCustomer));
}

/**
 * When the last e-mail about the customer's own change to the booking went (or goes: one being
 * sent counts as now), if one did: a message waiting is not counted, it is the one a follow-up
 * joins.
 */
function lastOwnChangeMail(db: Db, bookingId: string, now: Date): string | null {
  const kinds = STATUS_KINDS.map((k) => `'${k}'`).join(', ');
  const { at } = statement(
    db,
    `SELECT MAX(CASE WHEN status = 'sent' THEN sent_at ELSE @now END) AS at FROM outbox
     WHERE booking_id = @bookingId AND kind IN (${kinds}) AND status IN ('sent', 'sending')
       AND json_extract(payload, '$.byCustomer') = 1`,
  ).get({ bookingId, now: now.toISOString() }) as { at: string | null };
  return at;
}

/**
 * A status message about a booking, at most one per booking per MAIL_LIMITS.statusEveryMs: one
 * still waiting takes the new event's kind and the booking's latest state (a `booked` message
 * stays one, with the new time), and a new one waits until the period since the last e-mail to
 * the customer about the booking has passed. The customer's own change (`byCustomer`) counts
 * the period only from the last e-mail about such a change: the first one goes at once (a
 * message waiting goes now with it), follow-ups within the period are coalesced. False when
 * nothing new was written.
 */
function enqueueStatus(
  db: Db,
  key: string,
  message: Message<StatusKind>,
  now: Date,
  notBefore: Date = now,
  byCustomer = false,
): boolean {
  if (statement(db, 'SELECT 1 FROM outbox WHERE dedupe_key = ?').get(key)) return false;
  const bookingId = message.payload.booking.bookingId;
  // The same kind and payload, marked (TypeScript does not see the pair stays a pair).
  if (byCustomer)
    message = { ...message, payload: { ...message.payload, byCustomer: true } } as typeof message;
  const kinds = STATUS_KINDS.map((k) => `'${k}'`).join(', ');
  const ownChangeDue = () => {
    const last = lastOwnChangeMail(db, bookingId, now);
    const earliest = last ? Date.parse(last) + MAIL_LIMITS.statusEveryMs : 0;
    return new Date(Math.max(now.getTime(), earliest, notBefore.getTime()));
  };
  const waiting = statement(
    db,
    `SELECT id, kind FROM outbox WHERE booking_id = ? AND status = 'pending'
       AND kind IN (${kinds}) ORDER BY rowid DESC LIMIT 1`,
  ).get(bookingId) as { id: string; kind: StatusKind } | undefined;
  if (waiting) {
    const merged: Message<StatusKind> =
      waiting.kind === 'customer-booked' && message.kind === 'customer-rescheduled'
        ? { kind: waiting.kind, payload: message.payload }
        : message;
    if (byCustomer) {
      // The customer's own change: it goes when its own period allows, sooner than the wait
      // the message had (counted from the confirmation, say) when that is later.
      const due = ownChangeDue().toISOString();
      statement(
        db,
        `UPDATE outbox SET kind = ?, payload = ?, dedupe_key = ?, next_attempt_at = @due,
           queued_at = @due WHERE id = ?`,
      ).run(merged.kind, JSON.stringify(merged.payload), key, waiting.id, { due });
      return false;
    }
    // Not sooner than the new state allows (a completed job's e-mail waits for its pictures).
    statement(
      db,
      `UPDATE outbox SET kind = ?, payload = ?, dedupe_key = ?,
         next_attempt_at = MAX(next_attempt_at, @notBefore), queued_at = MAX(queued_at, @notBefore)
       WHERE id = ?`,
    ).run(merged.kind, JSON.stringify(merged.payload), key, waiting.id, {
      notBefore: notBefore.toISOString(),
    });
    return false;
  }
  if (byCustomer) return insertMessage(db, key, message, now, ownChangeDue());
  // The last e-mail to the customer about the booking: when it was sent, or when it goes (one
  // being sent or waiting, such as the quote's confirmation, counts as going now at the soonest).
  const last = statement(
    db,
    `SELECT MAX(CASE WHEN status = 'sent' THEN sent_at
                     WHEN next_attempt_at > @now THEN next_attempt_at ELSE @now END) AS at
     FROM outbox WHERE booking_id = @bookingId AND audience = 'customer' AND status <> 'failed'`,
  ).get({ bookingId, now: now.toISOString() }) as { at: string | null };
  const earliest = last.at ? Date.parse(last.at) + MAIL_LIMITS.statusEveryMs : 0;
  const due = Math.max(now.getTime(), earliest, notBefore.getTime());
  return insertMessage(db, key, message, now, new Date(due));
}

/**
 * Writes the messages a booking event causes, in the caller's transaction (or its own), to be
 * sent from `notBefore` at the soonest (at once when not given). Status messages and reminders
 * respect the customer's preferences and the address's opt-outs (./optOut.ts); status
 * messages are coalesced (`enqueueStatus`). Returns how many messages were written (0 when they
 * already exist, are turned off or were coalesced).
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
    const account = emailPreferences(db, row.user_id);
    // The account's choices, and what the address turned off with an e-mail's link.
    const prefs = {
      reminders: account.reminders && !optedOut(db, row.email_lower, 'reminders'),
      statusUpdates: account.statusUpdates && !optedOut(db, row.email_lower, 'statusUpdates'),
    };
    const verified = ownVerifiedAddress(db, booking);
    const id = booking.bookingId;
    const sent: boolean[] = [];
    // The status e-mail's key; the status text has the same with `text-` before it.
    let statusKey: string | undefined;
    switch (event.kind) {
      case 'quote':
        return enqueueQuote(db, booking, event.signedIn, now);
      case 'completed': {
        const { points, credited, account } = event;
        statusKey = completedKey(id);
        if (prefs.statusUpdates)
          sent.push(
            enqueueStatus(
              db,
              statusKey,
              {
                kind: 'customer-completed',
                payload: { booking, points, credited, account, verified },
              },
              now,
              notBefore,
            ),
          );
        break;
      }
      case 'cancelled':
        statusKey = `cancelled:${id}`;
        if (prefs.statusUpdates)
          sent.push(
            enqueueStatus(
              db,
              statusKey,
              { kind: 'customer-cancelled', payload: { booking, by: event.by, verified } },
              now,
              now,
              event.by === 'customer',
            ),
          );
        break;
      case 'booked':
        statusKey = `booked:${id}`;
        if (prefs.statusUpdates)
          sent.push(
            enqueueStatus(
              db,
              statusKey,
              { kind: 'customer-booked', payload: { booking, verified } },
              now,
            ),
          );
        break;
      case 'rescheduled':
        statusKey = `rescheduled:${id}:${row.date} ${row.time}:${row.updated_at}`;
        if (prefs.statusUpdates)
          sent.push(
            enqueueStatus(
              db,
              statusKey,
              { kind: 'customer-rescheduled', payload: { booking, verified } },
              now,
              now,
              event.by === 'customer',
            ),
          );
        break;
      case 'reminder':
        // One reminder per booking and appointment day: a booking moved to another day is
        // reminded of its new one.
        if (prefs.reminders && booking.status === 'Booked' && row.date && row.time)
          sent.push(
            insertMessage(
              db,
              `reminder:${id}:${row.date}`,
              { kind: 'customer-reminder', payload: { booking, verified } },
              now,
            ),
          );
        break;
      default:
        // A new kind of event is a compile error here until it has its case.
        return unhandled(event);
    }
    // The customer's text about it, if they get texts (./textOutbox.ts).
    if (statusKey) enqueueStatusText(db, booking, row, event, `text-${statusKey}`, now);
    return written(db, sent.filter(Boolean).length);
  });
}

/** A value a `switch` has no case for: never, while every case is handled. */
export function unhandled(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/** The one "done" message of a booking. */
const completedKey = (bookingId: string) => `completed:${bookingId}`;

/** A booking's "done" message, if it is still waiting, goes now (the pictures are in). */
export function releaseCompletedMessage(db: Db, bookingId: string, now: Date): number {
  const at = now.toISOString();
  const changed = statement(
    db,
    `UPDATE outbox SET next_attempt_at = @at, queued_at = @at
     WHERE dedupe_key = ? AND status = 'pending' AND attempts = 0 AND next_attempt_at > @at`,
  ).run(completedKey(bookingId), { at }).changes;
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
 * period: all failed ones the owner has not dismissed, or the one with this id (dismissed or
 * not). A message the mail server refused for good (an address that does not exist, say) would
 * only be refused again, so it is queued again only with `refused: true`; naming one without it
 * is refused with the server's reason. Returns how many were queued again.
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
           failure = NULL, dismissed_at = NULL, dismissed_by = NULL, dismiss_reason = NULL
         WHERE status = 'failed' AND (? IS NULL AND dismissed_at IS NULL OR id = ?)
           AND (failure IS NOT 'refused' OR ?)`,
      )
      .run(at, at, id ?? null, id ?? null, refused ? 1 : 0);
    return result.changes;
  });
}

/**
 * The owner's "Dismiss": a failed message is not to be sent, for `reason`; it stays listed (with
 * who dismissed it and why) but is no longer a problem of the health checks
 * (server/platform/readiness.ts). 404 for no such message, 409 for one that has not failed or
 * is already dismissed.
 */
export function dismissFailed(
  db: Db,
  id: string,
  { by, reason }: { by: string; reason: string },
  now: Date = new Date(),
): void {
  inWriteTransaction(db, () => {
    const row = statement(db, 'SELECT status, dismissed_at FROM outbox WHERE id = ?').get(id) as
      Pick<OutboxRow, 'status' | 'dismissed_at'> | undefined;
    if (!row) throw notFound(`No message ${id}`);
    if (row.status !== 'failed')
      throw conflict('This e-mail has not failed: it is sent or waiting');
    if (row.dismissed_at !== null)
      throw conflict(`This e-mail was already dismissed on ${row.dismissed_at}`);
    statement(
      db,
      'UPDATE outbox SET dismissed_at = ?, dismissed_by = ?, dismiss_reason = ? WHERE id = ?',
    ).run(now.toISOString(), by, reason, id);
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
