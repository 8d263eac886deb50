import fc from 'fast-check';
import { bookingInstant, dayKey, formatShortDate, monthKey, parseDate } from './dates';
import { dayjs } from './dayjs';

const TZ = 'America/New_York';
const pad = (n: number) => String(n).padStart(2, '0');

/** The reference: dayjs with its timezone plugin (correct, but tens of µs a call). */
const reference = (day: string, hhmm: string) =>
  dayjs.tz(`${day} ${hhmm}`, 'YYYY-MM-DD HH:mm', TZ).toDate().toISOString();

/** Days on which New York changes its clocks (the wall-clock hour 1–3 AM is special). */
const isTransitionNight = (day: string, hour: number) => {
  const d = dayjs(day);
  const sunday = d.day() === 0;
  const march = d.month() === 2 && d.date() >= 8 && d.date() <= 14;
  const november = d.month() === 10 && d.date() <= 7;
  return sunday && (march || november) && hour >= 0 && hour <= 3;
};

const wallTimes = fc
  .record({
    year: fc.integer({ min: 2008, max: 2035 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
  })
  .map((w) => ({ ...w, date: `${w.year}-${pad(w.month)}-${pad(w.day)}` }))
  .filter((w) => !isTransitionNight(w.date, w.hour));

describe('bookingInstant (America/New_York)', () => {
  it('agrees with dayjs.tz for every form of the time, away from the clock changes', () => {
    fc.assert(
      fc.property(wallTimes, ({ date, hour, minute }) => {
        const expected = reference(date, `${pad(hour)}:${pad(minute)}`);
        const h12 = hour % 12 === 0 ? 12 : hour % 12;
        const ampm = `${h12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
        expect(bookingInstant(date, ampm)?.toISOString()).toBe(expected);
        expect(bookingInstant(date, ampm.toLowerCase())?.toISOString()).toBe(expected);
        expect(bookingInstant(date, `${pad(hour)}:${pad(minute)}`)?.toISOString()).toBe(expected);
        expect(bookingInstant(date, `${hour}:${pad(minute)}`)?.toISOString()).toBe(expected);
        if (minute === 0)
          expect(bookingInstant(date, `${h12} ${hour < 12 ? 'AM' : 'PM'}`)?.toISOString()).toBe(
            expected,
          );
      }),
      { numRuns: 300 },
    );
  });

  it('handles the clock changes: a missing hour moves forward, a repeated hour is the first', () => {
    // 8 Mar 2026: 2:00 EST becomes 3:00 EDT.
    expect(bookingInstant('2026-03-08', '1:30 AM')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(bookingInstant('2026-03-08', '2:30 AM')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(bookingInstant('2026-03-08', '3:30 AM')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 1 Nov 2026: 2:00 EDT becomes 1:00 EST; 1:30 happens twice.
    expect(bookingInstant('2026-11-01', '12:30 AM')?.toISOString()).toBe(
      '2026-11-01T04:30:00.000Z',
    );
    expect(bookingInstant('2026-11-01', '1:30 AM')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(bookingInstant('2026-11-01', '2:30 AM')?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('reads unreadable times as midnight and refuses days that do not exist', () => {
    expect(bookingInstant('2026-01-10', 'teatime')?.toISOString()).toBe('2026-01-10T05:00:00.000Z');
    expect(bookingInstant('2026-01-10', '13:00 PM')?.toISOString()).toBe(
      '2026-01-10T05:00:00.000Z',
    );
    expect(bookingInstant('2026-01-10', '24:00')?.toISOString()).toBe('2026-01-10T05:00:00.000Z');
    expect(bookingInstant('2026-02-30', '4:00 PM')).toBeNull();
    expect(bookingInstant('2026-13-01', '4:00 PM')).toBeNull();
  });

  it('converts 2,000 bookings quickly (the My Bookings scale target)', () => {
    const days = Array.from({ length: 2000 }, (_, i) =>
      dayjs('2024-01-01').add(i, 'day').format('YYYY-MM-DD'),
    );
    bookingInstant(days[0], '4:00 PM'); // warm up Intl
    // The best of five runs (a busy machine can pause any one); about 15 ms when idle.
    const runs = [0, 1, 2, 3, 4].map(() => {
      const start = performance.now();
      for (const day of days) bookingInstant(day, '4:00 PM');
      return performance.now() - start;
    });
    expect(Math.min(...runs)).toBeLessThan(250);
  });
});

describe('dayKey and monthKey', () => {
  it('agree with dayjs.tz for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2035, 11, 31) }), (ms) => {
        const zoned = dayjs(ms).tz(TZ);
        expect(dayKey(new Date(ms))).toBe(zoned.format('YYYY-MM-DD'));
        expect(monthKey(new Date(ms))).toBe(zoned.format('YYYY-MM'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('dates (docs/product.md §3)', () => {
  const iso = '2026-03-15T14:30:00.000Z';
  it.each([
    ['a Date', new Date(iso)],
    ['epoch ms', Date.parse(iso)],
    ['epoch seconds', Date.parse(iso) / 1000],
    ['a numeric string', String(Date.parse(iso))],
    ['an ISO string', iso],
    ['a string with a space instead of T', '2026-03-15 14:30:00Z'],
    ['a typed value', { N: String(Date.parse(iso)) }],
  ])('parses %s', (_label, value) => {
    expect(parseDate(value)?.toISOString()).toBe(iso);
  });

  it('reads "YYYY-MM-DD HH:mm:ss" as a local date-time', () => {
    const d = parseDate('2026-03-15 14:30:00');
    expect(d).not.toBeNull();
    expect(d!.getFullYear()).toBe(2026);
  });

  it.each([[''], ['not a date'], [null], [undefined], [{}], [Number.NaN], [new Date('x')]])(
    'returns null for %j',
    (value) => {
      expect(parseDate(value)).toBeNull();
    },
  );

  it('formats en-US short dates and says Unknown date otherwise', () => {
    expect(formatShortDate(iso)).toBe('3/15/2026');
    expect(formatShortDate('garbage')).toBe('Unknown date');
    expect(formatShortDate(undefined, '—')).toBe('—');
  });

  it('places a booking date and time in America/New_York', () => {
    expect(bookingInstant('2026-07-04', '4:00 PM')?.toISOString()).toBe('2026-07-04T20:00:00.000Z');
    expect(bookingInstant('2026-01-10', '9:00 AM')?.toISOString()).toBe('2026-01-10T14:00:00.000Z');
    expect(bookingInstant('2026-01-10', '16:30')?.toISOString()).toBe('2026-01-10T21:30:00.000Z');
    expect(bookingInstant('2026-01-10', '')?.toISOString()).toBe('2026-01-10T05:00:00.000Z');
    expect(bookingInstant('someday', '4:00 PM')).toBeNull();
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        parseDate(a);
        formatShortDate(a);
        bookingInstant(a, b);
      }),
    );
  });
});
