/**
 * The mail worker: sends the outbox's messages over SMTP (nodemailer, one `SMTP_URL`), writes
 * the evening reminders and deletes old sent messages. One worker per database (the API server
 * runs it).
 *
 * - A message is claimed (`sending`, one more try, a claim that lapses after LEASE_MS unless
 *   the worker renews it while it sends), sent, then marked `sent` with the time the SMTP server
 *   accepted it. A message to an address on the suppression list (./suppression.ts: SES
 *   reported it bouncing for good or complaining) is not sent: it is marked `failed` at once
 *   (`failure` = `suppressed`), and is sent only if queued again after the owner allows the
 *   address again.
 * - A permanent refusal (SMTP 5xx to the message or its recipient) marks it `failed` at once
 *   (`failure` = `refused`, the server's words in `last_error`). A temporary refusal (4xx) or an
 *   unreachable server puts it back with a doubling delay, at most 30 minutes, for
 *   `retryForMs` (72 hours) from when it was queued; then it is `failed` (`expired`). Either
 *   writes a log line, with e-mail addresses taken out of the server's words;
 *   `npm run operator -- outbox-resend` queues failed messages again (refused ones only with
 *   `--refused`).
 * - Each message has a stable Message-ID (`<outbox id@sender's domain>`), the same on every try.
 * - After a crash, messages left `sending` go back to the queue when the worker starts, and a
 *   claim whose worker is gone lapses within a minute. A message the SMTP server accepted in
 *   the instant before the crash, before it was marked, is sent once more with the same
 *   Message-ID (which mail systems use to drop the copy); no message is ever lost.
 * - The worker never waits for the database's write lock: better-sqlite3 waits synchronously,
 *   which would hold up every request of the process while another process (a backup, an
 *   operator command) writes. It looks for work with reads, and writes with busy_timeout 0
 *   (`withoutWaiting`); a write that meets the lock is tried again on a later pass (an
 *   outcome it could not record is kept in memory until it can).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { bookingInstant, dayKey } from '../../domain/dates';
import { statement, withoutWaiting, type Db } from '../platform/db';
import type { BusinessIdentity, MailSettings } from '../platform/config';
import {
  deleteSentBefore,
  enqueueBookingEvent,
  onEnqueue,
  readMessage,
  UnreadableMessage,
  type Message,
  type MessageKind,
  type OutboxFailure,
  type OutboxRow,
  type PerMessageKind,
} from './outbox';
import { suppressionOf } from './suppression';
import { checkMailAlarm } from './alarm';
import { optOutUrl, type OptOutKind } from './optOut';
import {
  customerBooked,
  customerCancelled,
  customerCompleted,
  customerQuoteConfirmation,
  customerRescheduled,
  customerReminder,
  ownerAuthenticatorChanged,
  ownerCustomerChange,
  ownerDigest,
  ownerNewQuote,
  type MailContent,
} from './texts';
import { readPublishedOffer } from '../offer/offer';

/** The longest wait between two tries of a message. */
const MAX_RETRY_DELAY_MS = 30 * 60 * 1000;
/** How long a claim (`sending`) lasts unless its worker renews it (every HEARTBEAT_MS). */
const LEASE_MS = 45_000;
const HEARTBEAT_MS = 15_000;
/** How often sent messages older than `keepSentDays` are deleted. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long the mail server may take: to connect (with its DNS lookup), to greet, to answer
 * each command or the message's data (silence on the connection), and the whole message at
 * most. A hung server costs a message at most `messageMs`; the connection is then dropped and
 * a new one made, so the rest of the outbox keeps going (nodemailer's own defaults would wait
 * up to 2 minutes to connect and 10 minutes for an answer).
 */
export const SMTP_TIMEOUTS = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
  messageMs: 60_000,
};
/** How often the mail alarm is checked when no outcome was recorded. */
const ALARM_CHECK_EVERY_MS = 60 * 1000;

export interface WorkerOptions {
  /** Replaces the SMTP transport made from `settings.smtpUrl` (tests). */
  transport?: Pick<Transporter, 'sendMail' | 'close'>;
  /** Shorter SMTP_TIMEOUTS (tests). */
  smtpTimeouts?: Partial<typeof SMTP_TIMEOUTS>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How often the worker looks for due messages and reminders. */
  pollMs?: number;
  log?: (line: string) => void;
  /**
   * Where reminders' and status e-mails' one-click opt-out links point (`PUBLIC_API_URL`) and
   * the secret they are signed with; without it they carry no `List-Unsubscribe`.
   */
  optOut?: { apiBaseUrl: string; secret: string };
}

/** The kind of e-mail an opt-out link turns off, for the messages that carry one (null: none). */
const OPT_OUT_KIND: Record<MessageKind, OptOutKind | null> = {
  'owner-quote': null,
  'owner-digest': null,
  'owner-authenticator': null,
  'owner-customer-change': null,
  'customer-quote': null,
  'customer-reminder': 'reminders',
  'customer-completed': 'statusUpdates',
  'customer-cancelled': 'statusUpdates',
  'customer-booked': 'statusUpdates',
  'customer-rescheduled': 'statusUpdates',
};

/** RFC 2369 / RFC 8058 headers of a message of this kind to this address (none for the others). */
export function optOutHeaders(
  kind: MessageKind,
  to: string,
  optOut: WorkerOptions['optOut'],
): Record<string, string> {
  const what = OPT_OUT_KIND[kind];
  if (!what || !optOut || !to) return {};
  return {
    'List-Unsubscribe': `<${optOutUrl(optOut.apiBaseUrl, optOut.secret, to, what)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export interface MailWorker {
  /** One pass: writes due reminders, then sends every due message. Returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Each kind's texts (./texts.ts), from its payload: a kind without its texts does not compile. */
const renderers: PerMessageKind<MailContent, [BusinessIdentity]> = {
  'owner-quote': ({ booking, signedIn }, business) => ownerNewQuote(business, booking, signedIn),
  'owner-digest': ({ digest }, business) => ownerDigest(business, digest),
  'owner-authenticator': ({ change, at }, business) =>
    ownerAuthenticatorChanged(business, change, at),
  'owner-customer-change': ({ booking, change }, business) =>
    ownerCustomerChange(business, booking, change),
  'customer-quote': ({ booking, verified }, business) =>
    customerQuoteConfirmation(business, booking, verified),
  'customer-completed': ({ booking, points, credited, account, verified }, business) =>
    customerCompleted(business, booking, points, { credited, account }, verified),
  'customer-cancelled': ({ booking, by, verified }, business) =>
    customerCancelled(business, booking, by, verified),
  'customer-booked': ({ booking, verified }, business) =>
    customerBooked(business, booking, verified),
  'customer-rescheduled': ({ booking, verified }, business) =>
    customerRescheduled(business, booking, verified),
  'customer-reminder': ({ booking, verified }, business) =>
    customerReminder(business, booking, verified),
};

/**
 * The business as the e-mails present it when they are sent: the published offer's phone and
 * e-mail, unless the deployment fixed them.
 */
const businessNow = (db: Db, settings: MailSettings): BusinessIdentity => ({
  ...settings.business,
  ...readPublishedOffer(db).offer.contact,
  ...settings.fixedContact,
});

/** A message's subject and bodies. */
const render = <K extends MessageKind>(business: BusinessIdentity, message: Message<K>) =>
  renderers[message.kind](message.payload, business);

/**
 * A stored message's subject and bodies, from the texts (./texts.ts). Throws UnreadableMessage
 * for a row this version cannot read (../outbox.ts `readMessage`).
 */
export function renderMessage(
  row: Pick<OutboxRow, 'id' | 'kind' | 'payload'>,
  settings: MailSettings,
): MailContent {
  return render(settings.business, readMessage(row));
}

/** The domain of an address (`"Name" <a@b.com>` or `a@b.com`), for Message-IDs. */
function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'localhost';
}

export const messageId = (row: Pick<OutboxRow, 'id'>, settings: MailSettings) =>
  `<${row.id}@${domainOf(settings.from)}>`;

/** Delay before try `attempts + 1`: base, 2×base, 4×base, … up to 30 minutes. */
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

/** The next due message (a read: an idle worker takes no lock). */
const nextDue = (db: Db, now: Date) =>
  statement(
    db,
    `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
     ORDER BY next_attempt_at, rowid LIMIT 1`,
  ).get(now.toISOString()) as OutboxRow | undefined;

/** Claims a message read as due (unless it changed since): one more try, a lease. */
const claim = (db: Db, row: OutboxRow, now: Date) =>
  statement(
    db,
    `UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
     WHERE id = ? AND status = 'pending' AND attempts = ?`,
  ).run(new Date(now.getTime() + LEASE_MS).toISOString(), row.id, row.attempts).changes === 1;

/** Messages whose claim lapsed (their worker is gone) go back to the queue. */
function releaseLapsed(db: Db, now: Date): number {
  const at = now.toISOString();
  const lapsed = "FROM outbox WHERE status = 'sending' AND next_attempt_at <= ?";
  if (!statement(db, `SELECT 1 ${lapsed} LIMIT 1`).get(at)) return 0;
  return statement(
    db,
    `UPDATE outbox SET status = 'pending' WHERE id IN (SELECT id ${lapsed})`,
  ).run(at).changes;
}

/** Takes e-mail addresses out of a text (an SMTP server's answer often repeats the recipient). */
export const withoutAddresses = (text: string) =>
  text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]');

/** The errors that mean the SMTP server is not there (rather than refusing this message). */
const UNREACHABLE = new Set(['ECONNECTION', 'ECONNREFUSED', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/** The SMTP server refused this message or its recipient for good (5xx to RCPT or DATA). */
const refusedForGood = (err: { code?: string; responseCode?: number }) =>
  (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') &&
  err.responseCode !== undefined &&
  err.responseCode >= 500 &&
  err.responseCode < 600;

/** A write the worker has to make about a message (its outcome). */
type Outcome = { sql: string; params: unknown[] };

export function startMailWorker(
  db: Db,
  settings: MailSettings,
  options: WorkerOptions = {},
): MailWorker {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  const timeouts = { ...SMTP_TIMEOUTS, ...options.smtpTimeouts };
  const smtpUrl = settings.smtpUrl;
  // One pooled connection, kept open between messages (no connect and greeting per message).
  const connect = (url: string) =>
    nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 1,
      connectionTimeout: timeouts.connectionMs,
      dnsTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  let transport = options.transport ?? (smtpUrl ? connect(smtpUrl) : undefined);
  if (!transport) log('[mail] SMTP_URL is not set: e-mails wait in the outbox until it is.');

  /**
   * Sends one message over the transport, in at most `timeouts.messageMs`; past it the send is
   * an ETIMEDOUT failure and the connection is dropped for a new one.
   */
  async function sendWithin(mail: Parameters<Transporter['sendMail']>[0]): Promise<void> {
    const used = transport!;
    const sending = used.sendMail(mail);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeouts.messageMs);
    });
    try {
      if ((await Promise.race([sending, deadline])) !== 'late') return;
    } finally {
      clearTimeout(timer);
    }
    sending.catch(() => undefined); // the dropped connection's own error comes later
    if (!options.transport && smtpUrl && transport === used) {
      transport = connect(smtpUrl);
      used.close();
    }
    throw Object.assign(
      new Error(`The mail server did not finish the message in ${timeouts.messageMs / 1000} s`),
      { code: 'ETIMEDOUT' },
    );
  }

  // Messages a crash left in the middle of sending go back to the queue, due at once (when
  // another process holds the lock, their claims lapse instead).
  withoutWaiting(db, () =>
    db
      .prepare("UPDATE outbox SET status = 'pending', next_attempt_at = ? WHERE status = 'sending'")
      .run(now().toISOString()),
  );

  /** Outcomes not written yet (the lock was held): written first on the next passes. */
  const unrecorded: Outcome[] = [];
  /** Writes an outcome, or keeps it for later; false when it had to be kept. */
  function record(outcome: Outcome): boolean {
    const done = withoutWaiting(db, () => statement(db, outcome.sql).run(...outcome.params));
    if (done === 'busy') unrecorded.push(outcome);
    return done !== 'busy';
  }
  function recordKept(): boolean {
    while (unrecorded.length > 0) {
      const first = unrecorded[0]!;
      if (withoutWaiting(db, () => statement(db, first.sql).run(...first.params)) === 'busy')
        return false;
      unrecorded.shift();
    }
    return true;
  }

  function failed(
    row: OutboxRow,
    failure: OutboxFailure,
    reason: string,
    unreadable = false,
  ): Outcome {
    const about = `message ${row.id} (${row.kind}, booking ${row.booking_id})`;
    const words = withoutAddresses(reason);
    log(
      unreadable
        ? `[mail] Gave up on ${about}: ${words}. Once a version that reads it runs, ` +
            `\`npm run operator -- outbox-resend --refused ${row.id}\` sends it.`
        : failure === 'refused'
          ? `[mail] The mail server refused ${about} for good: ${words}. ` +
            `\`npm run operator -- outbox-resend --refused ${row.id}\` sends it again anyway.`
          : failure === 'suppressed'
            ? `[mail] Did not send ${about}: ${words}.`
            : `[mail] Gave up on ${about} after ${row.attempts} tries: ${words}. ` +
              '`npm run operator -- outbox-resend` queues it again.',
    );
    return {
      sql: "UPDATE outbox SET status = 'failed', failure = ?, last_error = ?, failed_at = ? WHERE id = ?",
      params: [failure, reason, now().toISOString(), row.id],
    };
  }

  /** Sends a claimed message; its outcome, and whether the server was there at all. */
  async function sendOne(
    row: OutboxRow,
  ): Promise<{ outcome: Outcome; sent: boolean; reached: boolean }> {
    let message: Message;
    try {
      message = readMessage(row);
    } catch (error) {
      // Written by a later version (a kind this one does not know), or damaged: given up, with
      // why, rather than tried for the whole retry period (an operator may queue it again).
      if (!(error instanceof UnreadableMessage)) throw error;
      return { outcome: failed(row, 'refused', error.message, true), sent: false, reached: true };
    }
    const content = render(businessNow(db, settings), message);
    // The owner's digest has no booking (and no one to reply to but the business).
    const booking = 'booking' in message.payload ? message.payload.booking : undefined;
    const to = row.audience === 'owner' ? settings.ownerEmail : (booking?.email ?? '');
    // An address SES reported as bouncing or complaining is not e-mailed (./suppression.ts).
    const suppressed = suppressionOf(db, to);
    if (suppressed)
      return { outcome: failed(row, 'suppressed', suppressed), sent: false, reached: true };
    // While the message is being sent, its claim is renewed.
    const heartbeat = setInterval(
      () =>
        withoutWaiting(db, () =>
          statement(
            db,
            "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'sending'",
          ).run(new Date(now().getTime() + LEASE_MS).toISOString(), row.id),
        ),
      HEARTBEAT_MS,
    );
    heartbeat.unref();
    try {
      await sendWithin({
        from: settings.from,
        to,
        replyTo:
          row.audience === 'owner'
            ? (booking?.email ?? settings.business.email)
            : settings.business.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: messageId(row, settings),
        headers: { 'X-Outbox-Id': row.id, ...optOutHeaders(row.kind, to, options.optOut) },
      });
      const outcome = {
        sql: "UPDATE outbox SET status = 'sent', sent_at = ?, recipient = ?, last_error = NULL, failure = NULL WHERE id = ?",
        params: [now().toISOString(), to, row.id],
      };
      return { outcome, sent: true, reached: true };
    } catch (error) {
      const err = error as Error & { code?: string; responseCode?: number };
      const reason = `${err.code ?? 'ERROR'}${err.responseCode ? ` ${err.responseCode}` : ''}: ${err.message}`;
      const reached = !(err.code && UNREACHABLE.has(err.code));
      if (refusedForGood(err))
        return { outcome: failed(row, 'refused', reason), sent: false, reached };
      const at = now().getTime();
      if (at - Date.parse(row.queued_at) >= settings.retryForMs)
        return { outcome: failed(row, 'expired', reason), sent: false, reached };
      const next = new Date(at + retryDelayMs(row.attempts, settings.retryBaseMs));
      return {
        outcome: {
          sql: "UPDATE outbox SET status = 'pending', next_attempt_at = ?, last_error = ? WHERE id = ?",
          params: [next.toISOString(), reason, row.id],
        },
        sent: false,
        reached,
      };
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Reminders, lapsed claims and old sent messages; `busy` when the lock was held. */
  let prunedAt = -Infinity;
  function housekeeping(at: Date) {
    return withoutWaiting(db, () => {
      writeDueReminders(db, settings, at);
      releaseLapsed(db, at);
      if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        deleteSentBefore(db, new Date(at.getTime() - settings.keepSentDays * DAY_MS));
        prunedAt = at.getTime();
      }
    });
  }

  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;

  /**
   * The mail alarm (./alarm.ts), after a pass that recorded an outcome, and at least once a
   * minute otherwise (also without SMTP_URL: then messages wait and the alarm says so).
   */
  let alarmCheckedAt = -Infinity;
  function alarm(at: Date, recorded: boolean) {
    if (!recorded && at.getTime() - alarmCheckedAt < ALARM_CHECK_EVERY_MS) return;
    if (withoutWaiting(db, () => checkMailAlarm(db, at, log)) !== 'busy')
      alarmCheckedAt = at.getTime();
  }

  async function pass(): Promise<number> {
    if (stopped || !recordKept() || housekeeping(now()) === 'busy') return 0;
    const { sent, recorded } = transport ? await sendDue() : { sent: 0, recorded: 0 };
    if (!stopped) alarm(now(), recorded > 0);
    return sent;
  }

  /** Sends every due message; how many were sent and how many outcomes were recorded. */
  async function sendDue(): Promise<{ sent: number; recorded: number }> {
    let sent = 0;
    let recorded = 0;
    for (;;) {
      if (stopped) break;
      const row = nextDue(db, now());
      if (!row) break;
      const claimed = withoutWaiting(db, () => claim(db, row, now()));
      if (claimed === 'busy') break;
      if (!claimed) break; // another process changed it since: the next pass looks again
      // Read again: a status message may have taken a later state between the read and the
      // claim (server/mail/outbox.ts coalesces them).
      const claimedRow = statement(db, 'SELECT * FROM outbox WHERE id = ?').get(row.id) as
        OutboxRow | undefined;
      if (!claimedRow) break;
      const result = await sendOne(claimedRow);
      if (result.sent) sent += 1;
      if (!record(result.outcome)) break;
      recorded += 1;
      // The server is not there: the other messages wait for the next pass.
      if (!result.reached) break;
    }
    return { sent, recorded };
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
  const report = (error: unknown) =>
    log(`[mail] The worker's pass failed: ${withoutAddresses(String(error))}`);

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
      if (!recordKept())
        log(
          `[mail] ${unrecorded.length} outcome(s) could not be recorded (the database was locked); ` +
            'those messages are sent again at the next start.',
        );
      transport?.close();
    },
  };
}
