/**
 * What a request may hold of the calendar (docs/product.md §5, "Holds"): a request without a
 * time holds nothing; a visitor's (no account) timed request holds its time only within the
 * bounds of ANONYMOUS_HOLDS (server/platform/rules.ts) and only until it lapses, unless the owner
 * confirms it; the owner still sees every request. And a time is refused as not offered when it
 * never was, or when it has already passed in New York (a fixed clock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, DEFAULT_RULES, lastBookableDay } from '../../domain/availability';
import { localNow } from '../../domain/dates';
import { weekdaySlots, weekendSlots } from '../../domain/quoteSchedule';
import {
  availableTimes,
  replaceRules,
  setVisitorHoldsTotal,
} from '../../server/availability/availability';
import { requestQuote, scheduleBooking } from '../../server/bookings/bookings';
import { openDatabase, type Db } from '../../server/platform/db';
import { HttpError } from '../../server/platform/errors';
import { ANONYMOUS_HOLDS } from '../../server/platform/rules';
import { callBackRequest, quoteRequest } from './helpers';

/** Saturday 2026-12-05, 11:24 PM in New York. */
const LATE_SATURDAY = new Date('2026-12-06T04:24:00Z');
/** Tuesday 2026-12-01, 10:00 AM in New York. */
const TUESDAY_MORNING = new Date('2026-12-01T15:00:00Z');
const HOUR = 3_600_000;

const sedan = (date: string, time: string, email = 'sam@example.com') =>
  quoteRequest({
    vehicleType: 'Sedan',
    selectedAddons: [],
    totalPrice: 90,
    date,
    time,
    email,
  });
const premium = (date: string, time: string, email: string) =>
  quoteRequest({
    vehicleType: 'Premium Package',
    selectedAddons: [],
    totalPrice: 200,
    date,
    time,
    email,
  });

/** The HttpError `work` throws (fails when it throws none). */
function refusal(work: () => unknown): HttpError {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('with a fixed clock', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'holds-'));
    db = openDatabase(path.join(dir, 'app.db'));
    replaceRules(db, DEFAULT_RULES);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const free = (date: string, now: Date, vehicleType = 'Sedan') =>
    availableTimes(db, { from: date, to: date, vehicleType }, now)[0]!.times;

  test('at 11:24 PM on a Saturday in New York that Saturday offers nothing; a quote for 9:00 AM → 400 body/time', () => {
    expect(free('2026-12-05', LATE_SATURDAY)).toEqual([]);
    expect(free('2026-12-06', LATE_SATURDAY)).toEqual([...weekendSlots]);
    const error = refusal(() =>
      requestQuote(db, sedan('2026-12-05', '9:00 AM'), null, LATE_SATURDAY),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      'body/time Sat, Dec 5, 2026 at 9:00 AM has already passed in New York; please choose a later time',
    );
    expect(db.prepare('SELECT COUNT(*) AS n FROM bookings').get()).toEqual({ n: 0 });
  });

  test('a time never offered (4:30 PM) → 400 naming body/time and the times the day offers', () => {
    const error = refusal(() =>
      requestQuote(db, sedan('2026-12-07', '4:30 PM'), null, TUESDAY_MORNING),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      'body/time 4:30 PM is not a time we offer on 2026-12-07; the times that day: 4:00 PM, 5:00 PM, 6:00 PM',
    );
  });

  test('360 visitors’ requests with a date and no time leave every day of the horizon open', () => {
    const today = localNow(TUESDAY_MORNING).date;
    const last = lastBookableDay(DEFAULT_RULES, today);
    for (let i = 0; i < 360; i += 1) {
      const date = addDays(today, 1 + (i % 90));
      requestQuote(
        db,
        callBackRequest({ email: `caller${i}@example.com`, date }),
        null,
        TUESDAY_MORNING,
      );
    }
    const days = [
      ...availableTimes(
        db,
        { from: addDays(today, 1), to: addDays(today, 61), vehicleType: 'Premium Package' },
        TUESDAY_MORNING,
      ),
      ...availableTimes(
        db,
        { from: addDays(today, 62), to: last, vehicleType: 'Premium Package' },
        TUESDAY_MORNING,
      ),
    ];
    expect(days).toHaveLength(90);
    for (const day of days) expect(day.times.length).toBeGreaterThan(0);
    expect(db.prepare("SELECT COUNT(*) AS n FROM bookings WHERE status = 'Booked'").get()).toEqual({
      n: 360,
    });
  });

  test('a visitor’s held time lapses after the hours the owner has to answer, unless the owner confirms it', () => {
    const monday = '2026-12-07';
    const saturday = '2026-12-12';
    const first = requestQuote(
      db,
      sedan(monday, '4:00 PM', 'ann@example.com'),
      null,
      TUESDAY_MORNING,
    );
    requestQuote(db, sedan(saturday, '10:00 AM', 'bob@example.com'), null, TUESDAY_MORNING);
    expect(free(monday, TUESDAY_MORNING)).toEqual(['6:00 PM']);
    expect(free(saturday, TUESDAY_MORNING)).not.toContain('10:00 AM');
    // The owner confirms Ann's (same time); Bob's is never answered.
    scheduleBooking(db, first.bookingId, { date: monday, time: '4:00 PM' }, TUESDAY_MORNING);
    const later = new Date(TUESDAY_MORNING.getTime() + (ANONYMOUS_HOLDS.lapseHours + 1) * HOUR);
    expect(free(monday, later)).toEqual(['6:00 PM']);
    expect(free(saturday, later)).toEqual([...weekendSlots]);
  });

  test('one e-mail address holds at most its share; further requests are stored and hold nothing', () => {
    const saturdays = ['2026-12-12', '2026-12-19', '2026-12-26', '2027-01-02'];
    for (const day of saturdays) {
      requestQuote(db, premium(day, '9:00 AM', 'many@example.com'), null, TUESDAY_MORNING);
    }
    const held = saturdays.filter((day) => !free(day, TUESDAY_MORNING).includes('9:00 AM'));
    expect(held).toEqual(saturdays.slice(0, ANONYMOUS_HOLDS.perEmail));
    expect(db.prepare('SELECT COUNT(*) AS n FROM bookings').get()).toEqual({ n: 4 });
  });

  test('visitors with many addresses hold at most a share of a day, and a bounded number of times in all', () => {
    const saturday = '2026-12-12';
    // Three Premium requests used to close a Saturday: the third now holds nothing.
    requestQuote(db, premium(saturday, '9:00 AM', 'a1@example.com'), null, TUESDAY_MORNING);
    requestQuote(db, premium(saturday, '2:00 PM', 'a2@example.com'), null, TUESDAY_MORNING);
    requestQuote(db, premium(saturday, '6:00 PM', 'a3@example.com'), null, TUESDAY_MORNING);
    expect(free(saturday, TUESDAY_MORNING)).toEqual(['6:00 PM']);
    // In all, visitors hold at most ANONYMOUS_HOLDS.total times at once.
    const weekdays: string[] = [];
    for (
      let day = addDays('2026-12-07', 0);
      weekdays.length < ANONYMOUS_HOLDS.total + 3;
      day = addDays(day, 1)
    ) {
      if (new Date(`${day}T12:00:00Z`).getUTCDay() % 6 !== 0) weekdays.push(day);
    }
    weekdays.forEach((day, i) =>
      requestQuote(db, sedan(day, '5:00 PM', `b${i}@example.com`), null, TUESDAY_MORNING),
    );
    const closed = weekdays.filter((day) => !free(day, TUESDAY_MORNING).includes('5:00 PM'));
    // The two Saturday holds count too.
    expect(closed).toHaveLength(ANONYMOUS_HOLDS.total - 2);
    expect(free(weekdays.at(-1)!, TUESDAY_MORNING)).toEqual([...weekdaySlots]);
  });

  test('the bound on all visitors’ holds is a setting (VISITOR_HOLDS_TOTAL)', () => {
    setVisitorHoldsTotal(db, 1);
    requestQuote(db, sedan('2026-12-12', '10:00 AM', 'c1@example.com'), null, TUESDAY_MORNING);
    requestQuote(db, sedan('2026-12-19', '10:00 AM', 'c2@example.com'), null, TUESDAY_MORNING);
    expect(free('2026-12-12', TUESDAY_MORNING)).not.toContain('10:00 AM');
    expect(free('2026-12-19', TUESDAY_MORNING)).toEqual([...weekendSlots]);
  });
});
