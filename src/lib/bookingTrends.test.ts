import {
  amountAxisMax,
  countAxisMax,
  monthlyTrends,
  statusBreakdown,
  type MonthTrend,
} from './bookingTrends';
import { bookingInstant, dayKey, monthKey } from '../../domain/dates';
import type { BookingStatus } from './status';

const web = (startsAt: string, status: BookingStatus, totalPrice = 100) => ({
  startsAt,
  status,
  totalPrice,
});
const ext = (startsAt: string, status: BookingStatus) => ({ startsAt, status });
const byMonth = (trends: MonthTrend[]) => Object.fromEntries(trends.map((t) => [t.month, t]));

describe('month and day keys in America/New_York', () => {
  it.each([
    // Late evening in New York is already the next day (and month) in UTC.
    ['2026-03-01T03:30:00Z', '2026-02', '2026-02-28'],
    ['2026-03-01T05:30:00Z', '2026-03', '2026-03-01'],
    // Summer (EDT, UTC-4): 04:30Z on the 1st is 00:30 in New York, still the 1st.
    ['2026-07-01T04:30:00Z', '2026-07', '2026-07-01'],
    // Winter (EST, UTC-5): 04:30Z on the 1st is 23:30 the day before.
    ['2026-01-01T04:30:00Z', '2025-12', '2025-12-31'],
    // Around the autumn change (1 Nov 2026, 2:00 EDT → 1:00 EST).
    ['2026-11-01T03:59:00Z', '2026-10', '2026-10-31'],
    ['2026-11-01T04:00:00Z', '2026-11', '2026-11-01'],
  ])('%s is in %s (%s)', (iso, month, day) => {
    expect(monthKey(new Date(iso))).toBe(month);
    expect(dayKey(new Date(iso))).toBe(day);
  });
});

describe('monthlyTrends', () => {
  it('buckets by month in New York, not UTC (a booking near midnight UTC)', () => {
    const trends = monthlyTrends([web('2026-03-01T03:30:00Z', 'Completed', 90)], []);
    expect(trends).toEqual([
      { month: '2026-02', label: 'Feb 2026', website: 1, external: 0, websiteAmount: 90 },
    ]);
  });

  it('keeps bookings on both sides of the spring DST change in their own months', () => {
    // DST starts 8 Mar 2026 at 2:00 local. Local dates and times as the API sends them.
    const beforeChange = bookingInstant('2026-02-28', '11:30 PM')!.toISOString();
    const acrossChange = bookingInstant('2026-03-08', '3:30 AM')!.toISOString();
    const lastOfMarch = bookingInstant('2026-03-31', '11:30 PM')!.toISOString();
    const trends = byMonth(
      monthlyTrends(
        [
          web(beforeChange, 'Completed', 100),
          web(acrossChange, 'Completed', 120),
          web(lastOfMarch, 'Cancelled', 500),
        ],
        [ext(lastOfMarch, 'Completed')],
      ),
    );
    expect(trends['2026-02']).toMatchObject({ website: 1, external: 0, websiteAmount: 100 });
    expect(trends['2026-03']).toMatchObject({ website: 2, external: 1, websiteAmount: 120 });
    expect(trends['2026-04']).toBeUndefined();
  });

  it('counts completed plus cancelled (not Booked), and the amount of completed website bookings', () => {
    const trends = monthlyTrends(
      [
        web('2026-05-10T15:00:00Z', 'Completed', 145),
        web('2026-05-11T15:00:00Z', 'Cancelled', 90),
        web('2026-05-12T15:00:00Z', 'Booked', 200),
      ],
      [ext('2026-05-13T15:00:00Z', 'Booked'), ext('2026-05-14T15:00:00Z', 'Cancelled')],
    );
    expect(trends).toEqual([
      { month: '2026-05', label: 'May 2026', website: 2, external: 1, websiteAmount: 145 },
    ]);
  });

  it('fills the months between the first and the last with zeros, in order', () => {
    const trends = monthlyTrends(
      [web('2026-04-10T15:00:00Z', 'Completed'), web('2025-12-10T15:00:00Z', 'Completed')],
      [],
    );
    expect(trends.map((t) => [t.label, t.website])).toEqual([
      ['Dec 2025', 1],
      ['Jan 2026', 0],
      ['Feb 2026', 0],
      ['Mar 2026', 0],
      ['Apr 2026', 1],
    ]);
  });

  it('skips bookings without a known date and is empty without data', () => {
    expect(monthlyTrends([web('', 'Completed'), web('garbage', 'Cancelled')], [])).toEqual([]);
    expect(monthlyTrends([], [])).toEqual([]);
  });
});

describe('axes (docs/product.md §9)', () => {
  const month = (website: number, external: number, websiteAmount: number): MonthTrend => ({
    month: '2026-01',
    label: 'Jan 2026',
    website,
    external,
    websiteAmount,
  });

  it('left axis: suggested maximum 5, taller when a month stacks higher', () => {
    expect(countAxisMax([])).toBe(5);
    expect(countAxisMax([month(2, 2, 0)])).toBe(5);
    expect(countAxisMax([month(4, 3, 0), month(1, 0, 0)])).toBe(7);
  });

  it('right axis: max(largest amount, 100) × 1.1', () => {
    expect(amountAxisMax([])).toBeCloseTo(110);
    expect(amountAxisMax([month(1, 0, 60)])).toBeCloseTo(110);
    expect(amountAxisMax([month(1, 0, 450), month(1, 0, 90)])).toBeCloseTo(495);
  });
});

describe('statusBreakdown', () => {
  it('counts Booked, Completed and Cancelled, website versus external', () => {
    expect(
      statusBreakdown(
        [{ status: 'Booked' }, { status: 'Completed' }, { status: 'Completed' }],
        [{ status: 'Cancelled' }, { status: 'Booked' }],
      ),
    ).toEqual([
      { status: 'Booked', website: 1, external: 1 },
      { status: 'Completed', website: 2, external: 0 },
      { status: 'Cancelled', website: 0, external: 1 },
    ]);
  });
});

describe('scale (2,000 bookings)', () => {
  const statuses: BookingStatus[] = ['Booked', 'Completed', 'Cancelled'];
  const bookings = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      web(
        new Date(Date.UTC(2023, 0, 1) + i * 7 * 3_600_000).toISOString(),
        statuses[i % 3]!,
        90 + (i % 5) * 10,
      ),
    );
  const time = (fn: () => void) => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  };

  it('aggregates 2,000 website and 2,000 external bookings well inside the 300 ms budget', () => {
    const website = bookings(2000);
    const external = bookings(2000);
    monthlyTrends(website.slice(0, 50), external.slice(0, 50)); // warm up Intl and the JIT
    let trends: MonthTrend[] = [];
    // The best of five runs: a busy machine can pause any single one.
    const ms = Math.min(
      ...[0, 1, 2, 3, 4].map(() =>
        time(() => {
          trends = monthlyTrends(website, external);
          statusBreakdown(website, external);
        }),
      ),
    );
    // Every completed or cancelled booking is counted exactly once.
    const counted = website.filter((b) => b.status !== 'Booked').length;
    expect(trends.reduce((sum, t) => sum + t.website, 0)).toBe(counted);
    expect(trends.reduce((sum, t) => sum + t.external, 0)).toBe(counted);
    // About 15 ms on an idle laptop core; generous for CI, far below a quadratic pass.
    expect(ms).toBeLessThan(250);
  });

  it('grows linearly: ten times the bookings take far less than a hundred times as long', () => {
    const small = bookings(2000);
    const large = bookings(20000);
    monthlyTrends(small, small); // warm up
    const best = (list: typeof small) =>
      Math.min(...[0, 1, 2, 3, 4].map(() => time(() => monthlyTrends(list, list))));
    const ratio = best(large) / Math.max(best(small), 0.5);
    expect(ratio).toBeLessThan(40);
  });
});
