/**
 * The evening reminder, on a fake clock (jest's timers move Date and the worker's poll): a
 * booking tomorrow at 10:00 gets one reminder at the configured time (America/New_York), none
 * again after a restart, none when the customer turned reminders off, none when it was cancelled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { bookingInstant } from '../../domain/dates';
import { cancelBooking, requestQuote } from '../../server/bookings/bookings';
import { mailFromEnv } from '../../server/platform/config';
import { ensureCustomer, updateProfile } from '../../server/customers/customers';
import { openDatabase, type Db } from '../../server/platform/db';
import { startMailWorker, type MailWorker } from '../../server/mail/worker';
import { quoteRequest } from './helpers';

interface Sent {
  to: string;
  subject: string;
  at: Date;
}

/** New York wall time on the test's days (Friday 1 and Saturday 2 May 2026). */
const at = (date: string, time: string) => bookingInstant(date, time) as Date;
const FRIDAY = '2026-05-01';
const SATURDAY = '2026-05-02';

let dir: string;
beforeEach(() => {
  jest.useFakeTimers({ now: at(FRIDAY, '12:00') });
  dir = mkdtempSync(path.join(os.tmpdir(), 'reminders-'));
});
afterEach(() => {
  jest.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

it('one reminder at the configured evening time, none after a restart, none when turned off or cancelled', async () => {
  const settings = mailFromEnv({ REMINDER_TIME: '19:30' });
  const sent: Sent[] = [];
  const transport = {
    sendMail: async (mail: { to: string; subject: string }) => {
      sent.push({ to: mail.to, subject: mail.subject, at: new Date() });
      return {};
    },
    close: () => undefined,
  } as unknown as Pick<Transporter, 'sendMail' | 'close'>;
  const file = path.join(dir, 'app.db');
  let db: Db = openDatabase(file);
  const start = () =>
    startMailWorker(db, settings, { transport, pollMs: 60_000, log: () => undefined });

  // Three customers book tomorrow (Saturday): 10:00 AM, and two later times that are free.
  const book = (sub: string, email: string, time = '10:00 AM') => {
    const customer = ensureCustomer(db, { sub, email });
    const booking = requestQuote(
      db,
      quoteRequest({ email, name: sub, date: SATURDAY, time }),
      customer,
    );
    return { customer, booking };
  };
  book('wants-reminders', 'on@example.com');
  const quiet = book('no-reminders', 'off@example.com', '2:00 PM');
  updateProfile(db, quiet.customer, {
    name: 'no-reminders',
    emailPreferences: { reminders: false, statusUpdates: true },
  });
  const cancelled = book('cancelled', 'cancelled@example.com', '6:00 PM');
  cancelBooking(db, cancelled.customer, cancelled.booking.bookingId);

  let worker: MailWorker = start();
  const reminders = () => sent.filter((m) => m.subject.startsWith('Reminder:'));
  const advanceTo = (time: string) =>
    jest.advanceTimersByTimeAsync(at(FRIDAY, time).getTime() - Date.now());

  // Before the reminder time: the quote confirmations went, no reminder.
  await advanceTo('19:29');
  expect(sent.filter((m) => m.subject.startsWith('We received your quote request'))).toHaveLength(
    3,
  );
  expect(reminders()).toEqual([]);

  // At the reminder time: one, to the customer who wants it, within the worker's minute.
  await advanceTo('19:31');
  expect(reminders().map((m) => m.to)).toEqual(['on@example.com']);
  const when = reminders()[0]!.at.getTime();
  expect(when).toBeGreaterThanOrEqual(at(FRIDAY, '19:30').getTime());
  expect(when).toBeLessThanOrEqual(at(FRIDAY, '19:31').getTime());
  expect(reminders()[0]!.subject).toBe('Reminder: your detail tomorrow at 10:00 AM');

  // The evening goes on: nothing more.
  await advanceTo('21:00');
  expect(reminders()).toHaveLength(1);

  // A restart (new worker, database opened again) the same evening: still one.
  await worker.stop();
  db.close();
  db = openDatabase(file);
  worker = start();
  await advanceTo('23:59');
  expect(reminders()).toHaveLength(1);
  await worker.stop();
  db.close();
});
