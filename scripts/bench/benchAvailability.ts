/**
 * `npm run bench` (the free times' cost with many bookings), or only this part with `npm run bench -- availability`
 * (BENCH_ONLY=availability): the free times of the next 60 days for one job with 10,000
 * bookings in the database. A fresh SQLite file gets AVAILABILITY_BOOKINGS bookings: most over
 * the three years before today (nine in ten Completed, one in ten Cancelled), the rest over
 * the 90 days from today (three in four Booked, the others Cancelled), each at one of the quote
 * form's times of its day. The owner's rules are the defaults but for the most jobs a day
 * (raised, so that no day is cut short by it and every day's overlaps are worked out). An API
 * server (server/app.ts, as the outbox part starts one) answers on loopback in this process,
 * and GET /availability for the 60 days from today (an SUV with two add-ons) is asked REPEAT
 * times after WARM_UP, one at a time. The time is the HTTP round trip on loopback as the client
 * sees it (validation, the one query for the range, the rule for each day, JSON); the function
 * alone (availableTimes) is timed too, in this process on the same file, with SQLite's plan
 * for its query.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, DEFAULT_RULES, offeredTimes } from '../../domain/availability';
import { todayLocal } from '../../domain/dates';
import { buildServer } from '../../server/app';
import { availableTimes, replaceRules } from '../../server/availability/availability';
import { createBooking } from '../../server/bookings/bookings';
import { inWriteTransaction, openDatabase, type Db } from '../../server/platform/db';
import { percentile } from './benchInbox';

const AVAILABILITY_BOOKINGS = 10_000;
export const AVAILABILITY_HEADING = '## Free times of 60 days with 10,000 bookings';
const AVAILABILITY_LIMIT_MS = 20;
const FUTURE_BOOKINGS = 1_500;
const PAST_DAYS = 3 * 365;
const FUTURE_DAYS = 90;
const RANGE_DAYS = 60;
const REPEAT = 200;
const WARM_UP = 20;
const JOB = { vehicleType: 'SUV', addOns: 'Pet Hair Removal,Ceramic Wax' };
const TYPES = ['Sedan', 'SUV', 'Minivan', 'Premium Package'] as const;

interface AvailabilityBench {
  bookings: number;
  held: number;
  days: number;
  repeat: number;
  httpP50: number;
  httpP95: number;
  functionP50: number;
  functionP95: number;
  plan: string;
  withinLimit: boolean;
}

/** Writes the bookings (see above) into `db`, dates counted from `today`. */
function seedBookings(db: Db, count: number, today: string): void {
  inWriteTransaction(db, () => {
    const status = db.prepare('UPDATE bookings SET status = ? WHERE booking_id = ?');
    for (let i = 0; i < count; i += 1) {
      const future = i < FUTURE_BOOKINGS;
      const date = future ? addDays(today, i % FUTURE_DAYS) : addDays(today, -1 - (i % PAST_DAYS));
      const times = offeredTimes(DEFAULT_RULES, date);
      const { bookingId } = createBooking(
        db,
        {
          name: `Bench ${i}`,
          phone: '(919) 555-0100',
          email: `bench${i}@example.com`,
          vehicleType: TYPES[i % TYPES.length]!,
          selectedAddons: i % 3 === 0 ? ['Pet Hair Removal'] : [],
          date,
          time: times[i % times.length]!,
          vehicle: 'Bench car',
          totalPrice: 1,
        },
        null,
        new Date(),
        { demo: true },
      );
      if (future ? i % 4 === 3 : i % 10 === 0) status.run('Cancelled', bookingId);
      else if (!future) status.run('Completed', bookingId);
    }
  });
}

/** Seeds a fresh file, serves it, and measures the 60 days' free times. */
export async function measureAvailability(log: (line: string) => void): Promise<AvailabilityBench> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-availability-'));
  const databasePath = path.join(dir, 'app.db');
  const db = openDatabase(databasePath);
  try {
    const today = todayLocal();
    replaceRules(db, { ...DEFAULT_RULES, maxJobsPerDay: 50 });
    log(`writing ${AVAILABILITY_BOOKINGS} bookings for the free times`);
    seedBookings(db, AVAILABILITY_BOOKINGS, today);
    const held = (
      db.prepare("SELECT COUNT(*) AS n FROM bookings WHERE status = 'Booked'").get() as {
        n: number;
      }
    ).n;
    const app = await buildServer({
      databasePath,
      picturesDir: path.join(dir, 'pictures'),
      // GET /availability needs no token.
      cognito: { issuer: 'http://127.0.0.1:9/bench-pool', clientId: 'bench' },
    });
    const query = { from: today, to: addDays(today, RANGE_DAYS - 1), ...JOB };
    const http: number[] = [];
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const url = `http://127.0.0.1:${port}/availability?${new URLSearchParams(query)}`;
      for (let i = 0; i < WARM_UP + REPEAT; i += 1) {
        const start = performance.now();
        const response = await fetch(url);
        const days = (await response.json()) as unknown[];
        const elapsed = performance.now() - start;
        if (response.status !== 200 || days.length !== RANGE_DAYS) {
          throw new Error(`GET /availability answered ${response.status}`);
        }
        if (i >= WARM_UP) http.push(elapsed);
      }
    } finally {
      await app.close();
    }
    const alone: number[] = [];
    for (let i = 0; i < WARM_UP + REPEAT; i += 1) {
      const start = performance.now();
      availableTimes(db, query);
      if (i >= WARM_UP) alone.push(performance.now() - start);
    }
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT date, time, vehicle_type, selected_addons FROM bookings
           WHERE status = 'Booked' AND date BETWEEN ? AND ? AND booking_id != ''`,
        )
        .all(query.from, query.to) as { detail: string }[]
    )
      .map((row) => row.detail)
      .join('; ');
    const figures: AvailabilityBench = {
      bookings: AVAILABILITY_BOOKINGS,
      held,
      days: RANGE_DAYS,
      repeat: REPEAT,
      httpP50: percentile(http, 50),
      httpP95: percentile(http, 95),
      functionP50: percentile(alone, 50),
      functionP95: percentile(alone, 95),
      plan,
      withinLimit: percentile(http, 95) <= AVAILABILITY_LIMIT_MS,
    };
    log(
      `availability: p50 ${figures.httpP50.toFixed(1)} ms, p95 ${figures.httpP95.toFixed(1)} ms ` +
        `(${plan})`,
    );
    return figures;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function availabilityMarkdown(figures: AvailabilityBench): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    AVAILABILITY_HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}. ` +
      `${figures.bookings.toLocaleString('en-US')} bookings in the database (three years past, ` +
      `90 days ahead; ${figures.held.toLocaleString('en-US')} of them Booked, the rest Completed ` +
      `or Cancelled). GET /availability for the ${figures.days} days from today, an SUV with two ` +
      `add-ons, asked ${figures.repeat} times after a warm-up, one at a time: the HTTP round ` +
      'trip on loopback as the client measures it (validation, one query for the range, the ' +
      'rule for each day, JSON). "function" is availableTimes alone, in the bench process on ' +
      'the same file. `npm run bench -- availability` runs only this part.',
    '',
    '| | p50 | p95 |',
    '| --- | --- | --- |',
    `| HTTP round trip | ${ms(figures.httpP50)} | ${ms(figures.httpP95)} |`,
    `| function alone | ${ms(figures.functionP50)} | ${ms(figures.functionP95)} |`,
    '',
    `SQLite plan: ${figures.plan}.`,
    '',
    `Target: p95 ≤ ${AVAILABILITY_LIMIT_MS} ms at the server: ${figures.withinLimit ? 'yes' : 'NO'}.`,
    '',
  ].join('\n');
}
