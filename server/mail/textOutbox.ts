/**
 * The texts' outbox (SMS): like the e-mails' (./outbox.ts), a text is a row written in the
 * transaction of the change that causes it, and the text worker (./textWorker.ts) sends it. A
 * text that can happen again (a retried status change, the reminder scan, an SNS delivery of the
 * same incoming text) has a unique `dedupe_key`. Who gets texts, and which:
 * - an account's choices (reminders, status updates; off until turned on), to its text number:
 *   the verified account phone, or the profile's mobile confirmed with a texted code;
 * - a request whose sender ticked "Text me about this request" (the booking's `text_number`):
 *   every text about that booking, to the phone typed on it;
 * - never a number that texted STOP (`text_stops`) until it texts START.
 * Consent is stored with its time and wording (domain/texts.ts).
 */
import { createHash, randomInt } from 'node:crypto';
import type { Address, Booking } from '../../domain/contract/types';
import { bookingInstant, dayKey, localNow } from '../../domain/dates';
import { HELP_WORDS, START_WORDS, STOP_WORDS, TEXT_RULES } from '../../domain/texts';
import { inWriteTransaction, newOrderedId, statement, type Db } from '../platform/db';
import { conflict, badRequest, notFound } from '../platform/errors';
import type { BookingEvent } from '../bookings/events';
import type { BookingRow } from '../bookings/bookingRows';
import { ANY_HOUR_TEXTS, STATUS_TEXTS, type TextKind } from './textWording';

/** What a text's words are made from (./textWorker.ts renders them when it sends). */
export interface TextPayload {
  date?: string;
  time?: string;
  /** The service address, only for the confirmed number of the account holding the booking. */
  address?: Address | null;
  minutes?: number;
  code?: string;
}

export type TextStatus = 'pending' | 'sending' | 'sent' | 'failed';
/**
 * Why a text was given up: refused for good by the provider; not delivered within the retry
 * period; the server stopped while it was being sent (it may have arrived: never sent twice
 * unasked); the number texted STOP; the number had its texts of the day.
 */
export type TextFailure = 'refused' | 'expired' | 'uncertain' | 'stopped' | 'capped';

export interface TextRow {
  id: string;
  dedupe_key: string | null;
  kind: TextKind;
  booking_id: string | null;
  user_id: string | null;
  number: string;
  payload: string;
  body: string | null;
  status: TextStatus;
  attempts: number;
  next_attempt_at: string;
  queued_at: string;
  created_at: string;
  sent_at: string | null;
  provider_id: string | null;
  failure: TextFailure | null;
  last_error: string | null;
  failed_at: string | null;
}

/** Wakes the text worker (after the current transaction) when texts were written. */
const wakers = new WeakMap<Db, () => void>();
export function onTextEnqueue(db: Db, wake: (() => void) | undefined): void {
  if (wake) wakers.set(db, wake);
  else wakers.delete(db);
}
function written(db: Db, count: number): number {
  const wake = wakers.get(db);
  if (count > 0 && wake) setImmediate(wake);
  return count;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a text due at `due` may go: at once, or, inside the quiet hours (21:00–08:00 in New
 * York), at the next 08:00.
 */
export function outsideQuietHours(due: Date): Date {
  const { date, minutes } = localNow(due);
  const from = TEXT_RULES.quietFromHour * 60;
  const until = `${String(TEXT_RULES.quietUntilHour).padStart(2, '0')}:00`;
  if (minutes >= TEXT_RULES.quietUntilHour * 60 && minutes < from) return due;
  if (minutes < TEXT_RULES.quietUntilHour * 60) return bookingInstant(date, until) as Date;
  // Evening: tomorrow's 08:00 (noon plus a day is tomorrow whatever daylight saving does).
  const tomorrow = dayKey(
    new Date((bookingInstant(date, '12:00') as Date).getTime() + 24 * HOUR_MS),
  );
  return bookingInstant(tomorrow, until) as Date;
}

/** The start of the New York day of `at`: the daily cap counts from it. */
export const dayStart = (at: Date) => bookingInstant(dayKey(at), '00:00') as Date;

/** Whether the number texted STOP (and not START since). */
export const stopped = (db: Db, number: string) =>
  statement(db, 'SELECT 1 FROM text_stops WHERE number = ?').get(number) !== undefined;

/** How many texts the number was sent in the New York day of `at`. */
export const sentToday = (db: Db, number: string, at: Date) =>
  (
    statement(
      db,
      "SELECT COUNT(*) AS n FROM texts WHERE number = ? AND status = 'sent' AND sent_at >= ?",
    ).get(number, dayStart(at).toISOString()) as { n: number }
  ).n;

const INSERT_TEXT = `INSERT OR IGNORE INTO texts (id, dedupe_key, kind, booking_id, user_id, number,
     payload, status, attempts, next_attempt_at, queued_at, created_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`;

interface NewText {
  key: string | null;
  kind: TextKind;
  number: string;
  payload: TextPayload;
  bookingId?: string | null;
  userId?: string | null;
}

/** Writes a text, due from `due` (moved out of the quiet hours unless its kind goes any hour). */
function insertText(db: Db, text: NewText, now: Date, due: Date = now): boolean {
  const at = ANY_HOUR_TEXTS.includes(text.kind) ? due : outsideQuietHours(due);
  return (
    statement(db, INSERT_TEXT).run(
      newOrderedId(now),
      text.key,
      text.kind,
      text.bookingId ?? null,
      text.userId ?? null,
      text.number,
      JSON.stringify(text.payload),
      at.toISOString(),
      at.toISOString(),
      now.toISOString(),
    ).changes === 1
  );
}

/** The account's text choices and number, as stored. */
interface TextColumns {
  text_reminders: number;
  text_status_updates: number;
  text_number: string | null;
  text_consent_at: string | null;
  text_consent_wording: string | null;
}

export interface TextChoices {
  reminders: boolean;
  statusUpdates: boolean;
  /** The number texts go to (E.164); null until one is confirmed. */
  number: string | null;
  /** The number texted STOP: nothing goes to it until it texts START. */
  stopped: boolean;
  consentAt: string | null;
  consentWording: string | null;
}

/** An account's text choices (all off for someone with no profile). */
export function textChoices(db: Db, userId: string | null): TextChoices {
  const row = userId
    ? (statement(
        db,
        `SELECT text_reminders, text_status_updates, text_number, text_consent_at,
           text_consent_wording FROM customers WHERE user_id = ?`,
      ).get(userId) as TextColumns | undefined)
    : undefined;
  return {
    reminders: row?.text_reminders === 1,
    statusUpdates: row?.text_status_updates === 1,
    number: row?.text_number ?? null,
    stopped: row?.text_number ? stopped(db, row.text_number) : false,
    consentAt: row?.text_consent_at ?? null,
    consentWording: row?.text_consent_wording ?? null,
  };
}

/**
 * Replaces the account's text choices, in the caller's transaction. Turning one on needs a
 * confirmed number (409 otherwise) and stores the consent (time and wording); a kind turned off
 * takes its waiting texts with it. Turning any on for a number that texted STOP lifts the stop
 * (the customer asked again, on their own account).
 */
export function setTextChoices(
  db: Db,
  userId: string,
  choices: { reminders: boolean; statusUpdates: boolean },
  wording: string,
  now: Date,
): void {
  const current = textChoices(db, userId);
  const anyOn = choices.reminders || choices.statusUpdates;
  if (anyOn && !current.number)
    throw conflict('Confirm a mobile number first: texts go only to a number you confirmed');
  const newlyOn =
    (choices.reminders && !current.reminders) || (choices.statusUpdates && !current.statusUpdates);
  statement(
    db,
    `UPDATE customers SET text_reminders = ?, text_status_updates = ?,
       text_consent_at = CASE WHEN ? THEN ? WHEN ? THEN text_consent_at END,
       text_consent_wording = CASE WHEN ? THEN ? WHEN ? THEN text_consent_wording END
     WHERE user_id = ?`,
  ).run(
    choices.reminders ? 1 : 0,
    choices.statusUpdates ? 1 : 0,
    newlyOn ? 1 : 0,
    now.toISOString(),
    anyOn ? 1 : 0,
    newlyOn ? 1 : 0,
    wording,
    anyOn ? 1 : 0,
    userId,
  );
  if (newlyOn && current.number)
    statement(db, 'DELETE FROM text_stops WHERE number = ?').run(current.number);
  const off: TextKind[] = [
    ...(choices.reminders ? [] : (['reminder'] as const)),
    ...(choices.statusUpdates ? [] : STATUS_TEXTS),
  ];
  if (off.length > 0)
    statement(
      db,
      `DELETE FROM texts WHERE user_id = ? AND status = 'pending'
         AND kind IN (${off.map((k) => `'${k}'`).join(', ')})`,
    ).run(userId);
}

const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Texts a 6-digit code to `number` for the account to confirm it (replacing any earlier code).
 * 409 for a number that texted STOP (it must text START first).
 */
export function sendTextCode(db: Db, userId: string, number: string, now: Date): void {
  inWriteTransaction(db, () => {
    if (stopped(db, number))
      throw conflict(
        'This number asked us to stop texting it: text START to our number from it first',
      );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    statement(
      db,
      `INSERT INTO text_codes (user_id, number, code_digest, tries, expires_at) VALUES (?, ?, ?, 0, ?)
       ON CONFLICT (user_id) DO UPDATE SET number = excluded.number,
         code_digest = excluded.code_digest, tries = 0, expires_at = excluded.expires_at`,
    ).run(
      userId,
      number,
      digest(code),
      new Date(now.getTime() + TEXT_RULES.codeTtlMs).toISOString(),
    );
    written(
      db,
      Number(insertText(db, { key: null, kind: 'code', number, payload: { code }, userId }, now)),
    );
  });
}

/**
 * Checks the account's code: right (and in time) makes its number the account's text number.
 * 400 for a wrong or expired code (TEXT_RULES.codeTries wrong ones end it), 409 when none was sent.
 */
export function confirmTextCode(db: Db, userId: string, code: string, now: Date): string {
  return inWriteTransaction(db, () => {
    const row = statement(
      db,
      'SELECT number, code_digest, tries, expires_at FROM text_codes WHERE user_id = ?',
    ).get(userId) as
      { number: string; code_digest: string; tries: number; expires_at: string } | undefined;
    if (!row) throw conflict('No code was sent: ask for one first');
    if (row.expires_at <= now.toISOString() || row.tries >= TEXT_RULES.codeTries) {
      statement(db, 'DELETE FROM text_codes WHERE user_id = ?').run(userId);
      throw badRequest('That code has expired: ask for a new one');
    }
    if (digest(code.trim()) !== row.code_digest) {
      statement(db, 'UPDATE text_codes SET tries = tries + 1 WHERE user_id = ?').run(userId);
      throw badRequest('That code is not right');
    }
    statement(db, 'DELETE FROM text_codes WHERE user_id = ?').run(userId);
    statement(db, 'UPDATE customers SET text_number = ? WHERE user_id = ?').run(row.number, userId);
    return row.number;
  });
}

/** Where a booking's texts go, which, and whether its address may be in them. */
interface Target {
  number: string;
  userId: string | null;
  reminders: boolean;
  statusUpdates: boolean;
  ownNumber: boolean;
}

type TextBookingRow = Pick<BookingRow, 'booking_id' | 'user_id' | 'date' | 'time'> & {
  text_number?: string | null;
};

function targetOf(db: Db, row: TextBookingRow): Target | null {
  const account = textChoices(db, row.user_id);
  let target: Target | null = null;
  if (account.number && (account.reminders || account.statusUpdates))
    target = { ...account, number: account.number, userId: row.user_id, ownNumber: true };
  else {
    const ticked = statement(db, 'SELECT text_number FROM bookings WHERE booking_id = ?').get(
      row.booking_id,
    ) as { text_number: string | null } | undefined;
    if (ticked?.text_number)
      target = {
        number: ticked.text_number,
        userId: row.user_id,
        reminders: true,
        statusUpdates: true,
        ownNumber: false,
      };
  }
  return target && !stopped(db, target.number) ? target : null;
}

/** The status text of each booking event that has one. */
const STATUS_KIND: Partial<Record<BookingEvent['kind'], TextKind>> = {
  booked: 'booked',
  rescheduled: 'rescheduled',
  cancelled: 'cancelled',
  completed: 'completed',
};

/**
 * The status text a booking event causes, in the caller's transaction: at most one per booking
 * per TEXT_RULES.statusEveryMs. One still waiting takes the latest state (a `booked` one stays
 * one, with the new time); a new one waits until the period since the last status text about
 * the booking has passed.
 */
export function enqueueStatusText(
  db: Db,
  booking: Booking,
  row: TextBookingRow,
  event: BookingEvent,
  key: string,
  now: Date,
): number {
  const kind = STATUS_KIND[event.kind];
  if (!kind) return 0;
  if (statement(db, 'SELECT 1 FROM texts WHERE dedupe_key = ?').get(key)) return 0;
  const target = targetOf(db, row);
  if (!target?.statusUpdates) return 0;
  const payload: TextPayload = { date: booking.date ?? '', time: booking.time ?? '' };
  const kinds = STATUS_TEXTS.map((k) => `'${k}'`).join(', ');
  const waiting = statement(
    db,
    `SELECT id, kind FROM texts WHERE booking_id = ? AND status = 'pending' AND kind IN (${kinds})
     ORDER BY rowid DESC LIMIT 1`,
  ).get(row.booking_id) as { id: string; kind: TextKind } | undefined;
  if (waiting) {
    const merged = waiting.kind === 'booked' && kind === 'rescheduled' ? 'booked' : kind;
    statement(db, 'UPDATE texts SET kind = ?, payload = ?, dedupe_key = ? WHERE id = ?').run(
      merged,
      JSON.stringify(payload),
      key,
      waiting.id,
    );
    return 0;
  }
  const last = statement(
    db,
    `SELECT MAX(CASE WHEN status = 'sent' THEN sent_at ELSE next_attempt_at END) AS at FROM texts
     WHERE booking_id = ? AND kind IN (${kinds}) AND status <> 'failed'`,
  ).get(row.booking_id) as { at: string | null };
  const due = Math.max(now.getTime(), last.at ? Date.parse(last.at) + TEXT_RULES.statusEveryMs : 0);
  return written(
    db,
    Number(
      insertText(
        db,
        {
          key,
          kind,
          number: target.number,
          payload,
          bookingId: row.booking_id,
          userId: target.userId,
        },
        now,
        new Date(due),
      ),
    ),
  );
}

/**
 * The evening reminder of a Booked booking with a time, once per booking and day (a booking
 * moved to another day is reminded of its new one).
 */
export function enqueueReminderText(
  db: Db,
  booking: Booking,
  row: TextBookingRow,
  now: Date,
): number {
  if (booking.status !== 'Booked' || !row.date || !row.time) return 0;
  const target = targetOf(db, row);
  if (!target?.reminders) return 0;
  const payload: TextPayload = {
    date: row.date,
    time: booking.time ?? row.time,
    address: target.ownNumber ? (booking.serviceAddress ?? null) : null,
  };
  const key = `text-reminder:${row.booking_id}:${row.date}`;
  return written(
    db,
    Number(
      insertText(
        db,
        {
          key,
          kind: 'reminder',
          number: target.number,
          payload,
          bookingId: row.booking_id,
          userId: target.userId,
        },
        now,
      ),
    ),
  );
}

/**
 * The owner's "On my way" for a booking: arrival in `minutes`. Goes at any hour; once per
 * booking and minutes chosen per day. 409 when the booking's customer gets no texts.
 */
export function enqueueOnMyWay(db: Db, row: TextBookingRow, minutes: number, now: Date): TextRow {
  return inWriteTransaction(db, () => {
    const target = targetOf(db, row);
    if (!target) throw conflict('This customer gets no texts: call them instead');
    const key = `text-on-my-way:${row.booking_id}:${dayKey(now)}:${minutes}`;
    insertText(
      db,
      {
        key,
        kind: 'on-my-way',
        number: target.number,
        payload: { minutes },
        bookingId: row.booking_id,
        userId: target.userId,
      },
      now,
    );
    written(db, 1);
    return statement(db, 'SELECT * FROM texts WHERE dedupe_key = ?').get(key) as TextRow;
  });
}

/** What an incoming text asked for. */
export type IncomingAction = 'stop' | 'start' | 'help' | 'none';

/** The keyword of an incoming text: the whole message, any case, without end punctuation. */
export function incomingAction(body: string): IncomingAction {
  const word = body
    .trim()
    .replace(/[.!?]+$/, '')
    .toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((START_WORDS as readonly string[]).includes(word)) return 'start';
  if ((HELP_WORDS as readonly string[]).includes(word)) return 'help';
  return 'none';
}

/**
 * Applies a text a number sent us (its provider's `messageId` makes a redelivery change
 * nothing): STOP and its kin turn every text off for the number (waiting ones are given up) and
 * answer once; START turns them back on; HELP answers with the business's name and phone.
 */
export function applyIncomingText(
  db: Db,
  number: string,
  body: string,
  messageId: string,
  now: Date = new Date(),
): IncomingAction {
  const action = incomingAction(body);
  if (action === 'none') return action;
  inWriteTransaction(db, () => {
    // A delivery SNS repeats changes nothing.
    if (statement(db, 'SELECT 1 FROM texts WHERE dedupe_key = ?').get(`reply:${messageId}`)) return;
    const at = now.toISOString();
    if (action === 'stop') {
      statement(
        db,
        'INSERT INTO text_stops (number, word, stopped_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      ).run(number, body.trim().toUpperCase().slice(0, 20), at);
      statement(
        db,
        `UPDATE texts SET status = 'failed', failure = 'stopped', failed_at = ?,
           last_error = 'The number texted STOP'
         WHERE number = ? AND status = 'pending' AND kind <> 'stopped'`,
      ).run(at, number);
    }
    if (action === 'start') statement(db, 'DELETE FROM text_stops WHERE number = ?').run(number);
    const kind: TextKind = action === 'stop' ? 'stopped' : action === 'start' ? 'started' : 'help';
    written(
      db,
      Number(insertText(db, { key: `reply:${messageId}`, kind, number, payload: {} }, now)),
    );
  });
  return action;
}

/** A customer's texts (theirs and their bookings'), oldest first (the owner's console). */
export function textsOfCustomer(db: Db, userId: string): TextRow[] {
  return statement(
    db,
    `SELECT * FROM texts WHERE user_id = ? OR booking_id IN (SELECT booking_id FROM bookings WHERE user_id = ?)
     ORDER BY rowid`,
  ).all(userId, userId) as TextRow[];
}

/** A text as the owner's console shows it (openapi.yaml OwnerText). */
export function ownerText(row: TextRow) {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    status: row.status,
    body: row.body,
    queuedAt: row.queued_at,
    sentAt: row.sent_at,
    failure: row.failure,
  };
}

/** The texts of these bookings, by booking (one query), oldest first. */
export function textsByBooking(
  db: Db,
  bookingIds: string[],
): Map<string, ReturnType<typeof ownerText>[]> {
  const map = new Map<string, ReturnType<typeof ownerText>[]>();
  if (bookingIds.length === 0) return map;
  const rows = db
    .prepare(
      `SELECT * FROM texts WHERE booking_id IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
    )
    .all(JSON.stringify(bookingIds)) as TextRow[];
  for (const row of rows) {
    const list = map.get(row.booking_id!) ?? [];
    list.push(ownerText(row));
    map.set(row.booking_id!, list);
  }
  return map;
}

const WEEK_MS = 7 * 24 * HOUR_MS;

/**
 * The texts' part of the owner's Health page: how many wait (and since when), how many went
 * today, and those given up in the last 7 days. A text refused, expired or left uncertain by a
 * stop is a problem the page names; one held back by STOP or the daily cap is the rules working.
 */
/**
 * The owner's "Send again" for a text given up as refused, expired or uncertain (the Health
 * page), as the e-mail outbox's: queued again now (out of the quiet hours unless its kind goes
 * any hour) with fresh tries. An uncertain text may have arrived: sending it again is the
 * owner's decision, never the worker's. One the rules held back (its number texted STOP, the
 * day's texts were used) stays given up: 409; 404 for no such text.
 */
export function resendFailedText(db: Db, id: string, now: Date): TextRow {
  return inWriteTransaction(db, () => {
    const row = statement(db, 'SELECT * FROM texts WHERE id = ?').get(id) as TextRow | undefined;
    if (!row) throw notFound('No such text');
    if (row.status !== 'failed') throw conflict('This text has not failed: it is sent or waiting');
    if (row.failure === 'stopped' || stopped(db, row.number))
      throw conflict('This number texted STOP: it gets no texts until it texts START');
    if (row.failure === 'capped')
      throw conflict('This text was over the day’s texts to the number: it is not sent later');
    const due = ANY_HOUR_TEXTS.includes(row.kind) ? now : outsideQuietHours(now);
    statement(
      db,
      `UPDATE texts SET status = 'pending', attempts = 0, failure = NULL, last_error = NULL,
         failed_at = NULL, next_attempt_at = ?, queued_at = ? WHERE id = ?`,
    ).run(due.toISOString(), now.toISOString(), id);
    written(db, 1);
    return statement(db, 'SELECT * FROM texts WHERE id = ?').get(id) as TextRow;
  });
}

export function textHealth(db: Db, now: Date) {
  const waiting = statement(
    db,
    `SELECT COUNT(*) AS waiting, MIN(queued_at) AS oldestDueAt FROM texts
     WHERE status IN ('pending', 'sending')`,
  ).get() as { waiting: number; oldestDueAt: string | null };
  const { n } = statement(
    db,
    "SELECT COUNT(*) AS n FROM texts WHERE status = 'sent' AND sent_at >= ?",
  ).get(dayStart(now).toISOString()) as { n: number };
  const failed = statement(
    db,
    `SELECT * FROM texts WHERE status = 'failed' AND failed_at >= ? ORDER BY failed_at DESC LIMIT 50`,
  )
    .all(new Date(now.getTime() - WEEK_MS).toISOString())
    .map((row) => {
      const text = row as TextRow;
      return { ...ownerText(text), lastError: text.last_error, failedAt: text.failed_at };
    });
  const trouble = failed.filter((t) =>
    ['refused', 'expired', 'uncertain'].includes(t.failure ?? ''),
  );
  const problems =
    trouble.length > 0
      ? [
          `${trouble.length} text${trouble.length === 1 ? '' : 's'} could not be sent in the last 7 days`,
        ]
      : [];
  return { texts: { ...waiting, sentToday: n, failed }, problems };
}
