/**
 * The mail worker: sends the outbox's messages over SMTP (nodemailer, one `SMTP_URL`) and writes
 * the evening reminders. One worker per database (the API server runs it).
 *
 * - A message is claimed (`sending`, one more try) in a transaction, sent, then marked `sent`
 *   with the time the SMTP server accepted it. A refusal or an unreachable server puts it back
 *   with a doubling delay; after `maxAttempts` tries it is `failed`, with a log line, until
 *   `npm run operator -- outbox-resend` queues it again.
 * - Each message has a stable Message-ID (`<outbox id@sender's domain>`), the same on every try.
 * - After a crash, messages left `sending` go back to the queue. A message the SMTP server
 *   accepted in the instant before the crash, before it was marked, is sent once more with the
 *   same Message-ID (which mail systems use to drop the copy); no message is ever lost.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { bookingInstant, dayKey } from '../../domain/dates';
import { inWriteTransaction, type Db } from '../db';
import type { MailSettings } from '../config';
import { enqueueBookingEvent, onEnqueue, type MessagePayload, type OutboxRow } from '../outbox';
import {
  customerCancelled,
  customerCompleted,
  customerQuoteConfirmation,
  customerRescheduled,
  customerReminder,
  ownerNewQuote,
  type MailContent,
} from './texts';

/** The longest wait between two tries of a message. */
const MAX_RETRY_DELAY_MS = 15 * 60 * 1000;

export interface WorkerOptions {
  /** Replaces the SMTP transport made from `settings.smtpUrl` (tests). */
  transport?: Pick<Transporter, 'sendMail' | 'close'>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How often the worker looks for due messages and reminders. */
  pollMs?: number;
  log?: (line: string) => void;
}

export interface MailWorker {
  /** One pass: writes due reminders, then sends every due message. Returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** The message's subject and bodies, from the texts (./texts.ts). */
export function renderMessage(row: OutboxRow, settings: MailSettings): MailContent {
  const payload = JSON.parse(row.payload) as MessagePayload;
  const { business } = settings;
  const { booking } = payload;
  switch (row.kind) {
    case 'owner-quote':
      return ownerNewQuote(business, booking, payload.signedIn === true);
    case 'customer-quote':
      return customerQuoteConfirmation(business, booking);
    case 'customer-completed':
      return customerCompleted(business, booking, payload.points ?? 0, payload.credited === true);
    case 'customer-cancelled':
      return customerCancelled(business, booking, payload.by ?? 'customer');
    case 'customer-rescheduled':
      return customerRescheduled(business, booking);
    case 'customer-reminder':
      return customerReminder(business, booking);
  }
}

/** The domain of an address (`"Name" <a@b.com>` or `a@b.com`), for Message-IDs. */
function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'localhost';
}

export const messageId = (row: Pick<OutboxRow, 'id'>, settings: MailSettings) =>
  `<${row.id}@${domainOf(settings.from)}>`;

/** Delay before try `attempts + 1`: base, 2×base, 4×base, … up to 15 minutes. */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);

const HOURS_24 = 24 * 60 * 60 * 1000;

/**
 * Writes the reminder of every Booked booking with a time on the day after `now` (in
 * America/New_York), once the local clock has passed the reminder time. Idempotent.
 */
export function writeDueReminders(db: Db, settings: MailSettings, now: Date): number {
  const today = dayKey(now);
  const sendFrom = bookingInstant(today, settings.reminderTime);
  if (!sendFrom || now < sendFrom) return 0;
  // Noon today plus a day is always tomorrow, whatever a daylight-saving change does.
  const tomorrow = dayKey(new Date((bookingInstant(today, '12:00') as Date).getTime() + HOURS_24));
  const due = db
    .prepare(
      `SELECT booking_id FROM bookings b
       WHERE status = 'Booked' AND date = ? AND time <> ''
         AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.dedupe_key = 'reminder:' || b.booking_id || ':' || b.date)`,
    )
    .all(tomorrow) as { booking_id: string }[];
  return due.reduce(
    (sum, { booking_id }) => sum + enqueueBookingEvent(db, booking_id, { kind: 'reminder' }, now),
    0,
  );
}

/** Takes the next due message and counts the try; undefined when none is due. */
function claimNext(db: Db, now: Date): OutboxRow | undefined {
  return inWriteTransaction(db, () => {
    const row = db
      .prepare(
        `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
         ORDER BY next_attempt_at, rowid LIMIT 1`,
      )
      .get(now.toISOString()) as OutboxRow | undefined;
    if (!row) return undefined;
    db.prepare("UPDATE outbox SET status = 'sending', attempts = attempts + 1 WHERE id = ?").run(
      row.id,
    );
    return { ...row, status: 'sending', attempts: row.attempts + 1 };
  });
}

/** The errors that mean the SMTP server is not there (rather than refusing this message). */
const UNREACHABLE = new Set(['ECONNECTION', 'ECONNREFUSED', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

export function startMailWorker(
  db: Db,
  settings: MailSettings,
  options: WorkerOptions = {},
): MailWorker {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  const transport =
    options.transport ??
    // One pooled connection, kept open between messages (no connect and greeting per message).
    (settings.smtpUrl
      ? nodemailer.createTransport({ url: settings.smtpUrl, pool: true, maxConnections: 1 })
      : undefined);
  if (!transport) log('[mail] SMTP_URL is not set: e-mails wait in the outbox until it is.');

  // Messages a crash left in the middle of sending go back to the queue.
  db.prepare("UPDATE outbox SET status = 'pending' WHERE status = 'sending'").run();

  async function sendOne(row: OutboxRow): Promise<'sent' | 'retry' | 'unreachable'> {
    const content = renderMessage(row, settings);
    const payload = JSON.parse(row.payload) as MessagePayload;
    const to = row.audience === 'owner' ? settings.ownerEmail : (payload.booking.email ?? '');
    try {
      await transport!.sendMail({
        from: settings.from,
        to,
        replyTo: row.audience === 'owner' ? payload.booking.email : settings.business.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: messageId(row, settings),
        headers: { 'X-Outbox-Id': row.id },
      });
      db.prepare(
        "UPDATE outbox SET status = 'sent', sent_at = ?, recipient = ?, last_error = NULL WHERE id = ?",
      ).run(now().toISOString(), to, row.id);
      return 'sent';
    } catch (error) {
      const err = error as Error & { code?: string; responseCode?: number };
      const reason = `${err.code ?? 'ERROR'}${err.responseCode ? ` ${err.responseCode}` : ''}: ${err.message}`;
      if (row.attempts >= settings.maxAttempts) {
        db.prepare("UPDATE outbox SET status = 'failed', last_error = ? WHERE id = ?").run(
          reason,
          row.id,
        );
        log(
          `[mail] Gave up on message ${row.id} (${row.kind}, booking ${row.booking_id}) after ${row.attempts} tries: ${reason}. ` +
            '`npm run operator -- outbox-resend` queues it again.',
        );
      } else {
        const next = new Date(now().getTime() + retryDelayMs(row.attempts, settings.retryBaseMs));
        db.prepare(
          "UPDATE outbox SET status = 'pending', next_attempt_at = ?, last_error = ? WHERE id = ?",
        ).run(next.toISOString(), reason, row.id);
      }
      return err.code && UNREACHABLE.has(err.code) ? 'unreachable' : 'retry';
    }
  }

  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;

  async function pass(): Promise<number> {
    if (stopped) return 0;
    writeDueReminders(db, settings, now());
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      if (stopped) break;
      const row = claimNext(db, now());
      if (!row) break;
      const outcome = await sendOne(row);
      if (outcome === 'sent') sent += 1;
      // The server is not there: the other messages wait for the next pass.
      if (outcome === 'unreachable') break;
    }
    return sent;
  }

  /** One pass at a time; a wake-up during a pass runs another right after it. */
  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void runOnce().catch(report);
      }
    });
    return running;
  }
  const report = (error: unknown) => log(`[mail] The worker's pass failed: ${String(error)}`);

  const timer = setInterval(() => void runOnce().catch(report), options.pollMs ?? 1000);
  timer.unref();
  onEnqueue(db, () => void runOnce().catch(report));
  void runOnce().catch(report);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      onEnqueue(db, undefined);
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
