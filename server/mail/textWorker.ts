/**
 * The text worker: sends the texts' outbox (./textOutbox.ts) through a text sender, writes the
 * evening reminders and applies the texts' rules at the moment of sending. One per database
 * (the API server runs it beside the mail worker).
 *
 * - A text is claimed (`sending`, one more try) in a committed write before the sender is
 *   called, and marked `sent` with the provider's id after. A sender has no way to take a text
 *   twice as one, so a text found `sending` when the worker starts (the server stopped while it
 *   was being sent: it may have arrived) is never sent again unasked: it is marked `failed`
 *   (`uncertain`) and shown on the owner's Health page. No text is lost and none doubled.
 * - A permanent refusal (TextRefused: an invalid or opted-out number) is `failed` (`refused`)
 *   at once; anything else is tried again with a doubling delay (at most 30 minutes) for
 *   `retryForMs` from when it was queued, then `failed` (`expired`).
 * - Inside the quiet hours (21:00–08:00 New York) a due text waits until 08:00, except "On my
 *   way" and the answers to a customer's own text; a number that texted STOP gets nothing but
 *   the confirmation of it (`stopped`); a number already sent TEXT_RULES.perNumberPerDay texts
 *   today gets no more (`capped`).
 * - Like the mail worker it never waits for the database's write lock (`withoutWaiting`).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { bookingInstant, dayKey } from '../../domain/dates';
import { numberText, TEXT_RULES } from '../../domain/texts';
import { statement, withoutWaiting, type Db } from '../platform/db';
import { KEEP_SENT_MAIL_DAYS, type BusinessIdentity, type TextSettings } from '../platform/config';
import { bookingRow, toBooking } from '../bookings/bookingRows';
import {
  enqueueReminderText,
  onTextEnqueue,
  outsideQuietHours,
  sentToday,
  stopped,
  type TextFailure,
  type TextPayload,
  type TextRow,
} from './textOutbox';
import { ANY_HOUR_TEXTS, TO_STOPPED_NUMBERS, textWording, type TextKind } from './textWording';
import { retryDelayMs } from './worker';

/** The provider refused the text for good (it would refuse it again). */
export class TextRefused extends Error {}

/** Sends one text; resolves with the provider's id for it. */
export interface TextSender {
  send(text: { id: string; to: string; body: string }): Promise<string>;
}

/** A text's words, from its kind and payload (./textWording.ts). */
export function textBody(business: BusinessIdentity, kind: TextKind, payload: TextPayload): string {
  const booking = {
    date: payload.date ?? '',
    time: payload.time ?? '',
    serviceAddress: payload.address ?? undefined,
  };
  switch (kind) {
    case 'reminder':
      return textWording.reminder(business, booking, Boolean(payload.address));
    case 'on-my-way':
      return textWording.onMyWay(business, payload.minutes ?? 0);
    case 'booked':
      return textWording.booked(business, booking);
    case 'rescheduled':
      return textWording.rescheduled(business, booking);
    case 'cancelled':
      return textWording.cancelled(business, booking);
    case 'completed':
      return textWording.completed(business);
    case 'help':
      return textWording.help(business);
    case 'stopped':
      return textWording.stopped(business);
    case 'started':
      return textWording.started(business);
    case 'code':
      return textWording.code(business, payload.code ?? '');
  }
}

/** The words of a stored text: as sent, or as they will be. */
export const wordsOf = (
  business: BusinessIdentity,
  row: Pick<TextRow, 'kind' | 'payload' | 'body'>,
) => row.body ?? textBody(business, row.kind, JSON.parse(row.payload) as TextPayload);

/**
 * The local text sink (`npm start`): each text is a log line, like the identity emulator's
 * codes, and a line of `inboxFile` (JSON), which the local inbox page shows.
 */
export function localTextSink(inboxFile: string, log: (line: string) => void): TextSender {
  return {
    send: ({ id, to, body }) => {
      mkdirSync(path.dirname(inboxFile), { recursive: true });
      const at = new Date().toISOString();
      appendFileSync(inboxFile, `${JSON.stringify({ id, to, body, at })}\n`);
      log(`[texts] Text to ${numberText(to)}: ${body}`);
      return Promise.resolve(`local-${id}`);
    },
  };
}

/**
 * AWS End User Messaging SMS (`SendTextMessage`) from the registered origination number, as a
 * transactional text. A refusal that would only happen again (an invalid or opted-out
 * destination) is TextRefused; throttling, the spend limit and outages are tried again.
 */
export async function awsTextSender(
  originationNumber: string,
  region?: string,
): Promise<TextSender> {
  const { PinpointSMSVoiceV2Client, SendTextMessageCommand } =
    await import('@aws-sdk/client-pinpoint-sms-voice-v2');
  const client = new PinpointSMSVoiceV2Client(region ? { region } : {});
  return {
    async send({ id, to, body }) {
      try {
        const answer = await client.send(
          new SendTextMessageCommand({
            DestinationPhoneNumber: to,
            OriginationIdentity: originationNumber,
            MessageBody: body,
            MessageType: 'TRANSACTIONAL',
            Context: { outboxId: id },
          }),
        );
        return answer.MessageId ?? '';
      } catch (error) {
        const name = (error as { name?: string }).name ?? '';
        if (name === 'ValidationException' || name === 'ConflictException')
          throw new TextRefused(`${name}: ${(error as Error).message}`);
        throw error;
      }
    },
  };
}

export interface TextWorkerOptions {
  sender: TextSender;
  now?: () => Date;
  pollMs?: number;
  log?: (line: string) => void;
}

export interface TextWorker {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const HOURS_24 = 24 * 60 * 60 * 1000;

/** Writes the text reminder of every Booked booking with a time tomorrow, once it is REMINDER_TIME. */
export function writeDueTextReminders(db: Db, reminderTime: string, now: Date): number {
  const today = dayKey(now);
  const sendFrom = bookingInstant(today, reminderTime);
  if (!sendFrom || now < sendFrom) return 0;
  const tomorrow = dayKey(new Date((bookingInstant(today, '12:00') as Date).getTime() + HOURS_24));
  const due = statement(
    db,
    `SELECT booking_id FROM bookings b
     WHERE status = 'Booked' AND date = ? AND time <> ''
       AND NOT EXISTS (SELECT 1 FROM texts t WHERE t.dedupe_key = 'text-reminder:' || b.booking_id || ':' || b.date)`,
  ).all(tomorrow) as { booking_id: string }[];
  let count = 0;
  for (const { booking_id } of due) {
    const row = bookingRow(db, booking_id);
    count += enqueueReminderText(db, toBooking(row), row, now);
  }
  return count;
}

const nextDue = (db: Db, now: Date) =>
  statement(
    db,
    `SELECT * FROM texts WHERE status = 'pending' AND next_attempt_at <= ?
     ORDER BY next_attempt_at, rowid LIMIT 1`,
  ).get(now.toISOString()) as TextRow | undefined;

export function startTextWorker(
  db: Db,
  settings: TextSettings,
  options: TextWorkerOptions,
): TextWorker {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  const { sender } = options;

  // Texts a stop left being sent may have arrived: given up, never sent twice unasked.
  const uncertain = withoutWaiting(
    db,
    () =>
      statement(
        db,
        `UPDATE texts SET status = 'failed', failure = 'uncertain', failed_at = ?,
         last_error = 'The server stopped while sending it: it may have arrived'
       WHERE status = 'sending'`,
      ).run(now().toISOString()).changes,
  );
  if (typeof uncertain === 'number' && uncertain > 0)
    log(
      `[texts] The server stopped while sending ${uncertain} text(s): they may have arrived, so they are not sent again unless the owner asks (Health page)`,
    );

  /** A text the rules hold back (a stopped number, the day's cap): no failure of sending. */
  const give = (row: TextRow, failure: TextFailure, reason: string) => {
    log(`[texts] Not sending text ${row.id} (${row.kind}): ${reason}`);
    return withoutWaiting(db, () =>
      statement(
        db,
        "UPDATE texts SET status = 'failed', failure = ?, last_error = ?, failed_at = ? WHERE id = ? AND status IN ('pending', 'sending')",
      ).run(failure, reason, now().toISOString(), row.id),
    );
  };

  /** Sends one due text (or applies a rule to it); false when there was none or the lock was held. */
  async function one(): Promise<'sent' | 'done' | 'none'> {
    const at = now();
    const row = nextDue(db, at);
    if (!row) return 'none';
    if (stopped(db, row.number) && !TO_STOPPED_NUMBERS.includes(row.kind))
      return give(row, 'stopped', 'The number texted STOP') === 'busy' ? 'none' : 'done';
    if (!ANY_HOUR_TEXTS.includes(row.kind)) {
      const allowed = outsideQuietHours(at);
      if (allowed.getTime() > at.getTime()) {
        const moved = withoutWaiting(db, () =>
          statement(db, 'UPDATE texts SET next_attempt_at = ? WHERE id = ? AND status = ?').run(
            allowed.toISOString(),
            row.id,
            'pending',
          ),
        );
        return moved === 'busy' ? 'none' : 'done';
      }
    }
    if (sentToday(db, row.number, at) >= TEXT_RULES.perNumberPerDay)
      return give(
        row,
        'capped',
        `The number had its ${TEXT_RULES.perNumberPerDay} texts of the day`,
      ) === 'busy'
        ? 'none'
        : 'done';
    const body = wordsOf(settings.business, row);
    // The claim is committed before the sender is called (see the file's comment).
    const claimed = withoutWaiting(
      db,
      () =>
        statement(
          db,
          `UPDATE texts SET status = 'sending', attempts = attempts + 1, body = ?
           WHERE id = ? AND status = 'pending' AND attempts = ?`,
        ).run(body, row.id, row.attempts).changes === 1,
    );
    if (claimed === 'busy' || !claimed) return 'none';
    let outcome: { sql: string; params: unknown[] };
    let sent = false;
    try {
      const providerId = await sender.send({ id: row.id, to: row.number, body });
      outcome = {
        sql: "UPDATE texts SET status = 'sent', sent_at = ?, provider_id = ?, last_error = NULL WHERE id = ?",
        params: [now().toISOString(), providerId, row.id],
      };
      sent = true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof TextRefused) {
        log(`[texts] The provider refused text ${row.id} (${row.kind}) for good: ${reason}`);
        outcome = {
          sql: "UPDATE texts SET status = 'failed', failure = 'refused', last_error = ?, failed_at = ? WHERE id = ?",
          params: [reason, now().toISOString(), row.id],
        };
      } else if (now().getTime() - Date.parse(row.queued_at) >= settings.retryForMs) {
        log(
          `[texts] Gave up on text ${row.id} (${row.kind}) after ${row.attempts + 1} tries: ${reason}`,
        );
        outcome = {
          sql: "UPDATE texts SET status = 'failed', failure = 'expired', last_error = ?, failed_at = ? WHERE id = ?",
          params: [reason, now().toISOString(), row.id],
        };
      } else {
        const next = new Date(
          now().getTime() + retryDelayMs(row.attempts + 1, settings.retryBaseMs),
        );
        outcome = {
          sql: "UPDATE texts SET status = 'pending', next_attempt_at = ?, last_error = ? WHERE id = ?",
          params: [next.toISOString(), reason, row.id],
        };
      }
    }
    // The outcome waits in memory while another process holds the lock: never lost.
    unrecorded.push(outcome);
    recordKept();
    return sent ? 'sent' : 'done';
  }

  const unrecorded: { sql: string; params: unknown[] }[] = [];
  function recordKept(): boolean {
    while (unrecorded.length > 0) {
      const first = unrecorded[0]!;
      if (withoutWaiting(db, () => statement(db, first.sql).run(...first.params)) === 'busy')
        return false;
      unrecorded.shift();
    }
    return true;
  }

  let stopped_ = false;
  let running: Promise<number> | undefined;

  async function pass(): Promise<number> {
    if (stopped_ || !recordKept()) return 0;
    const housekeeping = withoutWaiting(db, () => {
      writeDueTextReminders(db, settings.reminderTime, now());
      // Sent texts are kept as long as sent e-mails (the privacy policy says so).
      const before = new Date(now().getTime() - KEEP_SENT_MAIL_DAYS * HOURS_24).toISOString();
      statement(db, "DELETE FROM texts WHERE status = 'sent' AND sent_at < ?").run(before);
    });
    if (housekeeping === 'busy') return 0;
    let sent = 0;
    for (;;) {
      if (stopped_) break;
      const result = await one();
      if (result === 'none') break;
      if (result === 'sent') sent += 1;
      if (unrecorded.length > 0) break;
    }
    return sent;
  }

  /** One pass at a time; asked during a pass, the answer is the pass that follows it. */
  let next: Promise<number> | undefined;
  function runOnce(): Promise<number> {
    if (running)
      return (next ??= running
        .catch(() => 0)
        .then(() => {
          next = undefined;
          return runOnce();
        }));
    running = pass().finally(() => {
      running = undefined;
    });
    return running;
  }
  const report = (error: unknown) => log(`[texts] The worker's pass failed: ${String(error)}`);
  const timer = setInterval(() => void runOnce().catch(report), options.pollMs ?? 1000);
  timer.unref();
  onTextEnqueue(db, () => void runOnce().catch(report));
  void runOnce().catch(report);
  return {
    runOnce,
    async stop() {
      stopped_ = true;
      clearInterval(timer);
      onTextEnqueue(db, undefined);
      await running?.catch(() => undefined);
      if (!recordKept())
        log(
          `[texts] ${unrecorded.length} outcome(s) could not be recorded (the database was locked).`,
        );
    },
  };
}
