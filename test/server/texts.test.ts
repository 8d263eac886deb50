/**
 * Texts to customers (server/mail/textOutbox.ts, textWorker.ts), on a fake clock (jest's timers
 * move Date and the worker's poll) with a sender that records what it was given:
 * - consent: nothing is texted until the customer confirms a number with a texted code and
 *   turns a kind on (stored with its time and wording); a visitor's unticked request gets
 *   nothing, a ticked one gets the business's words only;
 * - the evening reminder at 6 PM New York with day, time and the customer's own address;
 * - quiet hours (21:00–08:00 New York): a due text waits until 08:00, "On my way" does not;
 * - at most 5 texts per number per day;
 * - STOP (and its kin), HELP and START;
 * - status texts coalesced (one per booking per 10 minutes, the latest state);
 * - crash safety: a text being sent when the server stopped is never sent again unasked, a
 *   permanent refusal is not retried, a passing failure is retried and sent once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookingInstant } from '../../domain/dates';
import { PROFILE_TEXT_CONSENT, STOP_WORDS } from '../../domain/texts';
import { ownerCancelBooking, requestQuote, scheduleBooking } from '../../server/bookings/bookings';
import { bookingRow } from '../../server/bookings/bookingRows';
import { ensureCustomer, updateProfile, type Customer } from '../../server/customers/customers';
import { textsFromEnv, type TextSettings } from '../../server/platform/config';
import { openDatabase, type Db } from '../../server/platform/db';
import {
  applyIncomingText,
  confirmTextCode,
  enqueueOnMyWay,
  resendFailedText,
  sendTextCode,
  textChoices,
  type TextRow,
} from '../../server/mail/textOutbox';
import {
  startTextWorker,
  TextRefused,
  type TextSender,
  type TextWorker,
} from '../../server/mail/textWorker';
import { quoteRequest } from './helpers';

/** New York wall time on the test's days (Friday 1 and Saturday 2 May 2026). */
const at = (date: string, time: string) => bookingInstant(date, time) as Date;
const FRIDAY = '2026-05-01';
const SATURDAY = '2026-05-02';
const SUNDAY = '2026-05-03';
const MOBILE = '9195550101';
const NUMBER = '+19195550101';

interface Sent {
  to: string;
  body: string;
  at: Date;
}

let dir: string;
let db: Db;
let sent: Sent[];
let settings: TextSettings;
let worker: TextWorker | undefined;
const recorder: TextSender = {
  send: ({ id, to, body }) => {
    sent.push({ to, body, at: new Date() });
    return Promise.resolve(`test-${id}`);
  },
};

beforeEach(() => {
  jest.useFakeTimers({ now: at(FRIDAY, '12:00') });
  dir = mkdtempSync(path.join(os.tmpdir(), 'texts-'));
  db = openDatabase(path.join(dir, 'app.db'));
  sent = [];
  settings = textsFromEnv({ TEXT_SINK: 'local', TEXT_INBOX_FILE: path.join(dir, 'texts.jsonl') })!;
  worker = undefined;
});
afterEach(async () => {
  await worker?.stop();
  db.close();
  jest.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** The worker's log lines (the alarm on failed texts reads them in production). */
let logged: string[] = [];
const start = (sender: TextSender = recorder) =>
  (worker = startTextWorker(db, settings, {
    sender,
    pollMs: 60_000,
    log: (line) => void logged.push(line),
  }));
/** Moves the clock to a New York time (the worker's poll runs on the way). */
const advanceTo = async (date: string, time: string) => {
  await jest.advanceTimersByTimeAsync(at(date, time).getTime() - Date.now());
  await worker?.runOnce();
};
const textsTo = (number: string) => sent.filter((text) => text.to === number);
const rows = () => db.prepare('SELECT * FROM texts ORDER BY rowid').all() as TextRow[];
const business = () => settings.business;

/** A customer who confirmed MOBILE with the texted code and turned texts on. */
async function customerWithTexts(sub: string, choices = { reminders: true, statusUpdates: true }) {
  const customer = ensureCustomer(db, { sub, email: `${sub}@example.com` });
  updateProfile(db, customer, { name: sub, mobile: MOBILE });
  sendTextCode(db, customer.userId, NUMBER, new Date());
  await worker!.runOnce();
  const code = /(\d{6})/.exec(textsTo(NUMBER).at(-1)!.body)![1]!;
  confirmTextCode(db, customer.userId, code, new Date());
  updateProfile(
    db,
    customer,
    { name: sub, mobile: MOBILE, textPreferences: choices },
    new Date(),
    PROFILE_TEXT_CONSENT(business().name),
  );
  return customer;
}

const book = (customer: Customer | null, time = '10:00 AM', overrides = {}) =>
  requestQuote(
    db,
    quoteRequest({
      date: SATURDAY,
      time,
      serviceAddress: { line1: '12 Oak St', city: 'Cary', state: 'NC', zip: '27511' },
      ...overrides,
    }),
    customer,
  );

describe('consent', () => {
  it('texts nothing until a number is confirmed with the texted code and a kind turned on; stores when and in which words', async () => {
    start();
    const customer = ensureCustomer(db, { sub: 'jordan', email: 'jordan@example.com' });
    updateProfile(db, customer, { name: 'Jordan', mobile: MOBILE });
    const booking = book(customer);
    scheduleBooking(db, booking.bookingId, { date: SATURDAY, time: '10:00 AM' });
    await worker!.runOnce();
    expect(sent).toEqual([]);

    // No confirmed number: texts cannot be turned on.
    expect(() =>
      updateProfile(db, customer, {
        name: 'Jordan',
        textPreferences: { reminders: true, statusUpdates: true },
      }),
    ).toThrow('Confirm a mobile number first');

    sendTextCode(db, customer.userId, NUMBER, new Date());
    await worker!.runOnce();
    expect(textsTo(NUMBER)).toHaveLength(1);
    const code = /(\d{6})/.exec(sent[0]!.body)![1]!;
    expect(sent[0]!.body).toBe(
      `${business().name}: your code to confirm this number for texts is ${code}. It expires in 10 minutes.`,
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect(() => confirmTextCode(db, customer.userId, wrong, new Date())).toThrow(
      'That code is not right',
    );
    expect(confirmTextCode(db, customer.userId, code, new Date())).toBe(NUMBER);
    // A confirmed number alone texts nothing: a kind must be turned on.
    scheduleBooking(db, booking.bookingId, { date: SATURDAY, time: '12:00 PM' });
    await jest.advanceTimersByTimeAsync(60_000);
    await worker!.runOnce();
    expect(textsTo(NUMBER)).toHaveLength(1);

    const wording = PROFILE_TEXT_CONSENT(business().name);
    updateProfile(
      db,
      customer,
      { name: 'Jordan', textPreferences: { reminders: false, statusUpdates: true } },
      new Date(),
      wording,
    );
    expect(textChoices(db, customer.userId)).toMatchObject({
      statusUpdates: true,
      reminders: false,
      number: NUMBER,
      consentAt: at(FRIDAY, '12:01').toISOString(),
      consentWording: wording,
    });

    // Now a change of the appointment is texted.
    scheduleBooking(db, booking.bookingId, { date: SATURDAY, time: '2:00 PM' });
    await worker!.runOnce();
    expect(textsTo(NUMBER).at(-1)!.body).toBe(
      `${business().name}: your detailing has a new time: Saturday, May 2, 2026 at 2:00 PM. Questions? Call ${business().phone}. Reply STOP to opt out.`,
    );
  });

  it("a visitor's request: unticked texts nothing; ticked texts the typed phone the business's words only", async () => {
    start();
    const unticked = book(null, '10:00 AM', { phone: '919-555-0177' });
    scheduleBooking(db, unticked.bookingId, { date: SATURDAY, time: '10:00 AM' });
    await worker!.runOnce();
    expect(sent).toEqual([]);

    const typed = {
      phone: '(919) 555-0188',
      name: 'Win a prize at spam.example',
      message: 'Visit spam.example now',
      vehicle: 'spam.example car',
      serviceAddress: { line1: 'spam.example 1', city: 'Cary', state: 'NC', zip: '27511' },
      textMe: true,
    };
    const ticked = book(null, '2:00 PM', typed);
    scheduleBooking(db, ticked.bookingId, { date: SATURDAY, time: '2:00 PM' });
    await worker!.runOnce();
    await advanceTo(FRIDAY, '18:00');
    const texts = textsTo('+19195550188');
    expect(texts.map((t) => t.body)).toEqual([
      `${business().name}: your detailing is booked for Saturday, May 2, 2026 at 2:00 PM. Questions? Call ${business().phone}. Reply STOP to opt out.`,
      `${business().name}: a reminder that your detailing is tomorrow, Saturday, May 2, 2026 at 2:00 PM, at the address on your request. Questions? Call ${business().phone}. Reply STOP to opt out.`,
    ]);
    expect(texts.some((t) => t.body.includes('spam'))).toBe(false);
    expect(sent).toHaveLength(2);

    // The consent is on the booking, with its time and wording.
    expect(
      db
        .prepare('SELECT text_number, text_consent_at FROM bookings WHERE booking_id = ?')
        .get(ticked.bookingId),
    ).toEqual({ text_number: '+19195550188', text_consent_at: at(FRIDAY, '12:00').toISOString() });
    expect(() => book(null, '4:00 PM', { phone: '555-01', textMe: true })).toThrow(
      'must be a US phone number',
    );
  });
});

it('the reminder goes at 6 PM New York the evening before, with day, time and the customer’s own address', async () => {
  start();
  const customer = await customerWithTexts('jordan', { reminders: true, statusUpdates: false });
  book(customer);
  await advanceTo(FRIDAY, '17:59');
  expect(textsTo(NUMBER)).toHaveLength(1); // the code
  await advanceTo(FRIDAY, '18:00');
  expect(textsTo(NUMBER).at(-1)).toEqual({
    to: NUMBER,
    at: at(FRIDAY, '18:00'),
    body: `${business().name}: a reminder that your detailing is tomorrow, Saturday, May 2, 2026 at 10:00 AM, at 12 Oak St, Cary, NC 27511. Questions? Call ${business().phone}. Reply STOP to opt out.`,
  });
  await advanceTo(FRIDAY, '20:00');
  expect(textsTo(NUMBER)).toHaveLength(2);
});

it('quiet hours: a text due between 9 PM and 8 AM New York waits until 8 AM; "On my way" goes at once', async () => {
  start();
  const customer = await customerWithTexts('jordan', { reminders: false, statusUpdates: true });
  const booking = book(customer, '10:00 AM', { date: SUNDAY });
  await advanceTo(FRIDAY, '22:00');
  ownerCancelBooking(db, booking.bookingId, 'Rain');
  await worker!.runOnce();
  await advanceTo(SATURDAY, '07:59');
  expect(textsTo(NUMBER)).toHaveLength(1); // the code only

  const other = book(customer, '2:00 PM', { date: SUNDAY });
  enqueueOnMyWay(db, bookingRow(db, other.bookingId), 20, new Date());
  await worker!.runOnce();
  expect(textsTo(NUMBER).at(-1)).toEqual({
    to: NUMBER,
    at: at(SATURDAY, '07:59'),
    body: `${business().name}: we are on our way and should arrive in about 20 minutes. Reply STOP to opt out.`,
  });

  await advanceTo(SATURDAY, '08:00');
  expect(textsTo(NUMBER).at(-1)).toMatchObject({
    at: at(SATURDAY, '08:00'),
    body: expect.stringContaining('your detailing of Sunday, May 3, 2026 at 10:00 AM is cancelled'),
  });
});

it('at most 5 texts to one number a day: the rest are given up, not sent', async () => {
  start();
  const phone = { phone: '919 555 0166', textMe: true };
  const first = book(null, '10:00 AM', phone);
  const second = book(null, '2:00 PM', { ...phone, email: 'other@example.com' });
  for (const minutes of [10, 20, 30, 45])
    for (const booking of [first, second])
      enqueueOnMyWay(db, bookingRow(db, booking.bookingId), minutes, new Date());
  await worker!.runOnce();
  expect(textsTo('+19195550166')).toHaveLength(5);
  expect(rows().filter((r) => r.failure === 'capped')).toHaveLength(3);
  // The next day the number gets texts again.
  await advanceTo(SATURDAY, '09:00');
  enqueueOnMyWay(db, bookingRow(db, first.bookingId), 10, new Date());
  await worker!.runOnce();
  expect(textsTo('+19195550166')).toHaveLength(6);
});

describe('STOP, HELP and START', () => {
  it.each(STOP_WORDS)('%s turns every text off for the number until START', async (word) => {
    start();
    const customer = await customerWithTexts('jordan');
    const booking = book(customer);
    scheduleBooking(db, booking.bookingId, { date: SATURDAY, time: '10:00 AM' });
    await jest.advanceTimersByTimeAsync(60_000);
    await worker!.runOnce();
    const before = textsTo(NUMBER).length;
    // A change waiting for its 10 minutes when the STOP arrives is given up.
    scheduleBooking(db, booking.bookingId, { date: SATURDAY, time: '2:00 PM' });
    expect(applyIncomingText(db, NUMBER, ` ${word.toLowerCase()} `, `in-${word}`)).toBe('stop');
    // SNS may deliver it twice: nothing more happens.
    applyIncomingText(db, NUMBER, word, `in-${word}`);
    await advanceTo(FRIDAY, '18:30');
    expect(
      textsTo(NUMBER)
        .slice(before)
        .map((t) => t.body),
    ).toEqual([
      `${business().name}: you will get no more texts from us. Reply START to get them again.`,
    ]);
    expect(textChoices(db, customer.userId).stopped).toBe(true);
    expect(() => enqueueOnMyWay(db, bookingRow(db, booking.bookingId), 10, new Date())).toThrow(
      'This customer gets no texts',
    );

    applyIncomingText(db, NUMBER, 'HELP', 'in-help');
    applyIncomingText(db, NUMBER, 'Start', 'in-start');
    await worker!.runOnce();
    expect(
      textsTo(NUMBER)
        .slice(before + 1)
        .map((t) => t.body),
    ).toEqual([
      `${business().name}: texts about your appointments. Call ${business().phone} or e-mail ${business().email}. Message and data rates may apply. Reply STOP to opt out.`,
      `${business().name}: texts are on again. Reply HELP for help. Reply STOP to opt out.`,
    ]);
    // That was the number's fifth text today; the next morning "On my way" reaches it again.
    await advanceTo(SATURDAY, '09:00');
    enqueueOnMyWay(db, bookingRow(db, booking.bookingId), 10, new Date());
    await worker!.runOnce();
    expect(textsTo(NUMBER).at(-1)!.body).toContain('on our way');
  });

  it('anything else changes nothing', async () => {
    start();
    expect(applyIncomingText(db, NUMBER, 'Please stop by at noon', 'in-1')).toBe('none');
    await worker!.runOnce();
    expect(sent).toEqual([]);
  });
});

it('status texts are coalesced: at most one per booking per 10 minutes, with the latest state', async () => {
  start();
  const customer = await customerWithTexts('jordan', { reminders: false, statusUpdates: true });
  const booking = book(customer, '10:00 AM', { date: SUNDAY });
  scheduleBooking(db, booking.bookingId, { date: SUNDAY, time: '10:00 AM' });
  await worker!.runOnce();
  await advanceTo(FRIDAY, '12:02');
  scheduleBooking(db, booking.bookingId, { date: SUNDAY, time: '2:00 PM' });
  await advanceTo(FRIDAY, '12:05');
  scheduleBooking(db, booking.bookingId, { date: SUNDAY, time: '4:00 PM' });
  await advanceTo(FRIDAY, '12:09');
  const status = () => textsTo(NUMBER).slice(1);
  expect(status().map((t) => t.body)).toEqual([
    expect.stringContaining('booked for Sunday, May 3, 2026 at 10:00 AM'),
  ]);
  await advanceTo(FRIDAY, '12:10');
  expect(status().map((t) => t.body)).toEqual([
    expect.stringContaining('booked for Sunday, May 3, 2026 at 10:00 AM'),
    expect.stringContaining('a new time: Sunday, May 3, 2026 at 4:00 PM'),
  ]);
  await advanceTo(FRIDAY, '13:00');
  expect(status()).toHaveLength(2);
});

describe('crash safety', () => {
  it('a text being sent when the server stopped is never sent again unasked, and is shown as uncertain', async () => {
    const calls: string[] = [];
    // The provider takes the text, but the server stops before it hears back.
    start({ send: ({ id }) => (calls.push(id), new Promise<string>(() => undefined)) });
    const first = book(null, '10:00 AM', { phone: '919 555 0155', textMe: true });
    enqueueOnMyWay(db, bookingRow(db, first.bookingId), 10, new Date());
    void worker!.runOnce();
    await jest.advanceTimersByTimeAsync(10);
    expect(calls).toHaveLength(1);
    worker = undefined; // the process is gone

    // The next start: the text is not sent again, and says why (in the log the alarm reads too).
    db.close();
    db = openDatabase(path.join(dir, 'app.db'));
    logged = [];
    start();
    await advanceTo(FRIDAY, '13:00');
    expect(sent).toEqual([]);
    expect(logged).toContainEqual(
      expect.stringMatching(/^\[texts\] The server stopped while sending 1 text\(s\)/),
    );
    expect(rows()).toEqual([
      expect.objectContaining({ status: 'failed', failure: 'uncertain', attempts: 1 }),
    ]);
  });

  it('the owner\'s "Send again" sends an uncertain text once more, with fresh tries; a text the rules held back, or not failed, is refused', async () => {
    start({ send: () => new Promise<string>(() => undefined) });
    const first = book(null, '10:00 AM', { phone: '919 555 0156', textMe: true });
    enqueueOnMyWay(db, bookingRow(db, first.bookingId), 10, new Date());
    void worker!.runOnce();
    await jest.advanceTimersByTimeAsync(10);
    worker = undefined;
    db.close();
    db = openDatabase(path.join(dir, 'app.db'));
    start();
    await advanceTo(FRIDAY, '12:30');
    const [uncertain] = rows();
    expect(uncertain).toMatchObject({ status: 'failed', failure: 'uncertain' });

    expect(resendFailedText(db, uncertain!.id, new Date())).toMatchObject({
      status: 'pending',
      failure: null,
      attempts: 0,
    });
    await advanceTo(FRIDAY, '12:31');
    expect(sent.map((t) => t.body)).toEqual([
      expect.stringContaining('should arrive in about 10 minutes'),
    ]);
    expect(rows()).toEqual([expect.objectContaining({ status: 'sent', failure: null })]);
    // Sent now: not again.
    expect(() => resendFailedText(db, uncertain!.id, new Date())).toThrow(/has not failed/);
    expect(() => resendFailedText(db, 'no-such-text', new Date())).toThrow(/No such text/);

    // A text given up because its number texted STOP is never sent again by the owner.
    enqueueOnMyWay(db, bookingRow(db, first.bookingId), 20, new Date());
    applyIncomingText(db, '+19195550156', 'STOP', 'in-1');
    await advanceTo(FRIDAY, '12:32');
    const held = rows().find((row) => row.failure === 'stopped');
    expect(held).toBeDefined();
    expect(() => resendFailedText(db, held!.id, new Date())).toThrow(/texted STOP/);
  });

  it('a permanent refusal is not retried; a passing failure is retried and sent once', async () => {
    let calls = 0;
    start({
      send: ({ to, body, id }) => {
        calls += 1;
        if (to === '+19195550144')
          return Promise.reject(new TextRefused('ConflictException: opted out'));
        if (calls === 2) return Promise.reject(new Error('ThrottlingException'));
        sent.push({ to, body, at: new Date() });
        return Promise.resolve(id);
      },
    });
    const refused = book(null, '10:00 AM', { phone: '919 555 0144', textMe: true });
    const later = book(null, '2:00 PM', { phone: '919 555 0133', textMe: true });
    enqueueOnMyWay(db, bookingRow(db, refused.bookingId), 10, new Date());
    await worker!.runOnce();
    enqueueOnMyWay(db, bookingRow(db, later.bookingId), 10, new Date());
    await worker!.runOnce();
    expect(sent).toEqual([]);
    await advanceTo(FRIDAY, '14:00');
    expect(calls).toBe(3);
    expect(textsTo('+19195550133')).toHaveLength(1);
    expect(rows().map((r) => [r.number, r.status, r.failure])).toEqual([
      ['+19195550144', 'failed', 'refused'],
      ['+19195550133', 'sent', null],
    ]);
  });
});
