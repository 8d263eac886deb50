/**
 * Completing a job, on a fake clock (jest's timers move Date and the worker's poll): an
 * appointment after today is refused unless done early; an undo within 10 minutes takes the
 * points back once and withdraws the unsent "done" e-mail; that e-mail waits until the owner
 * says the pictures are in, or 30 minutes, and links to Service Pics.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { bookingInstant, calendarDayText } from '../../domain/dates';
import {
  completeBooking,
  picturesAreIn,
  requestQuote,
  undoCompletion,
} from '../../server/bookings/bookings';
import { mailFromEnv } from '../../server/platform/config';
import { ensureCustomer, getLoyalty, type Customer } from '../../server/customers/customers';
import { openDatabase, type Db } from '../../server/platform/db';
import { startMailWorker, type MailWorker } from '../../server/mail/worker';
import { quoteRequest } from './helpers';

interface Sent {
  to: string;
  subject: string;
  html: string;
  at: Date;
}

/** New York wall time on Friday 1 May 2026. */
const at = (date: string, time: string) => bookingInstant(date, time) as Date;
const FRIDAY = '2026-05-01';
const SATURDAY = '2026-05-02';
const SUNDAY_AFTER = '2026-05-10';

let dir: string;
let db: Db;
let worker: MailWorker;
let sent: Sent[];
let customer: Customer;
const settings = mailFromEnv({});

beforeEach(() => {
  jest.useFakeTimers({ now: at(FRIDAY, '09:00') });
  dir = mkdtempSync(path.join(os.tmpdir(), 'completion-'));
  db = openDatabase(path.join(dir, 'app.db'));
  sent = [];
  const transport = {
    sendMail: async (mail: { to: string; subject: string; html: string }) => {
      sent.push({ to: mail.to, subject: mail.subject, html: mail.html, at: new Date() });
      return {};
    },
    close: () => undefined,
  } as unknown as Pick<Transporter, 'sendMail' | 'close'>;
  worker = startMailWorker(db, settings, { transport, pollMs: 10_000, log: () => undefined });
  customer = ensureCustomer(db, { sub: 'done-sub', email: 'done@example.com' });
});
afterEach(async () => {
  await worker.stop();
  db.close();
  jest.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** A customer's booking on `date` (booked the day before, as the quote form allows). */
function booking(date: string): string {
  jest.setSystemTime(at('2026-04-30', '09:00'));
  const { bookingId } = requestQuote(
    db,
    quoteRequest({ email: customer.email, date, time: '4:00 PM' }),
    customer,
  );
  jest.setSystemTime(at(FRIDAY, '09:00'));
  return bookingId;
}

const advance = (minutes: number) => jest.advanceTimersByTimeAsync(minutes * 60_000);
const doneMails = () => sent.filter((m) => m.subject.startsWith('Your detail is done'));
const balance = () => getLoyalty(db, customer).points;
const status = (id: string) =>
  (db.prepare('SELECT status FROM bookings WHERE booking_id = ?').get(id) as { status: string })
    .status;

it('refuses an appointment after today (409 naming its day) unless done early; today is fine', () => {
  const later = booking(SUNDAY_AFTER);
  expect(() => completeBooking(db, later, new Date())).toThrow(
    expect.objectContaining({
      statusCode: 409,
      message: expect.stringContaining(calendarDayText(SUNDAY_AFTER)),
    }),
  );
  expect(status(later)).toBe('Booked');
  // Late on Friday in New York is already Saturday in UTC: Friday's job is still today.
  const today = booking(FRIDAY);
  expect(completeBooking(db, today, at(FRIDAY, '23:30')).points).toBe(145);
  const tomorrow = booking(SATURDAY);
  expect(() => completeBooking(db, tomorrow, at(FRIDAY, '23:30'))).toThrow(
    expect.objectContaining({ statusCode: 409 }),
  );
  expect(completeBooking(db, later, new Date(), { doneEarly: true }).points).toBe(145);
  expect(status(later)).toBe('Completed');
});

it('the "done" e-mail waits 30 minutes, or until the owner says the pictures are in', async () => {
  const id = booking(FRIDAY);
  completeBooking(db, id, new Date());
  await advance(29);
  expect(doneMails()).toEqual([]);
  await advance(2);
  expect(doneMails()).toHaveLength(1);

  const other = booking(FRIDAY);
  completeBooking(db, other, new Date());
  await advance(5);
  expect(doneMails()).toHaveLength(1);
  picturesAreIn(db, other, new Date());
  await advance(0.5);
  expect(doneMails()).toHaveLength(2);
  // Said twice, or after the e-mail went: nothing more is sent.
  picturesAreIn(db, other, new Date());
  await advance(40);
  expect(doneMails()).toHaveLength(2);
});

it('links to Service Pics in the HTML of the "done" e-mail', async () => {
  const id = booking(FRIDAY);
  completeBooking(db, id, new Date());
  picturesAreIn(db, id, new Date());
  await advance(0.5);
  const html = doneMails()[0]?.html ?? '';
  expect(html).toMatch(
    new RegExp(`<a href="${settings.business.siteUrl}/dashboard/pics"[^>]*>[^<]*Service Pics`),
  );
});

it('an undo within 10 minutes takes the points back once and withdraws the unsent e-mail', async () => {
  const id = booking(FRIDAY);
  const start = balance();
  completeBooking(db, id, new Date());
  expect(balance()).toBe(start + 145);
  await advance(9);
  expect(status(undoCompletion(db, id, new Date()).booking_id)).toBe('Booked');
  expect(balance()).toBe(start);
  expect(() => undoCompletion(db, id, new Date())).toThrow(
    expect.objectContaining({ statusCode: 409 }),
  );
  expect(balance()).toBe(start);
  await advance(60);
  expect(doneMails()).toEqual([]);

  // Completed again, it earns again (once) and is told again.
  completeBooking(db, id, new Date());
  expect(balance()).toBe(start + 145);
  await advance(11);
  expect(() => undoCompletion(db, id, new Date())).toThrow(
    expect.objectContaining({ statusCode: 409, message: expect.stringContaining('10 minutes') }),
  );
  expect(balance()).toBe(start + 145);
  await advance(30);
  expect(doneMails()).toHaveLength(1);
});

it('says the pictures are in only for a completed booking', () => {
  const id = booking(FRIDAY);
  expect(() => picturesAreIn(db, id, new Date())).toThrow(
    expect.objectContaining({ statusCode: 409 }),
  );
});
