import fc from 'fast-check';
import { firstOf, toList, toNumber, toRecord, toText, unwrap } from '../../domain/unwrap';
import { isUpcomingStatus, mapStatus, rawWebsiteStatus } from './status';
import { bookingInstant, formatShortDate, parseDate } from '../../domain/dates';

describe('unwrap (typed values)', () => {
  it.each([
    [{ S: 'x' }, 'x'],
    [{ N: '12' }, 12],
    [{ N: 12.5 }, 12.5],
    [{ N: 'abc' }, 0],
    [{ BOOL: true }, true],
    [{ NULL: true }, null],
    [{ L: [{ S: 'a' }, { N: '1' }] }, ['a', 1]],
    [
      { M: { name: { S: 'Jo' }, nested: { M: { n: { N: '3' } } } } },
      { name: 'Jo', nested: { n: 3 } },
    ],
    [{ S: { N: '4' } }, 4],
    [
      { points: { N: '2500' }, plain: 'p' },
      { points: 2500, plain: 'p' },
    ],
    [
      { S: 'x', other: 1 },
      { S: 'x', other: 1 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(unwrap(input)).toEqual(expected);
  });

  it('trims text and defaults numbers to 0', () => {
    expect(toText({ S: '  Honda  ' })).toBe('Honda');
    expect(toText(undefined)).toBe('');
    expect(toText(42)).toBe('42');
    expect(toNumber(undefined)).toBe(0);
    expect(toNumber('$1,200.50')).toBe(1200.5);
    expect(toNumber('twelve')).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(toRecord([1])).toEqual({});
    expect(toList({ L: [{ S: 'a' }] })).toEqual(['a']);
    expect(firstOf({ a: ' ', b: null, c: 'x' }, ['a', 'b', 'c'])).toBe('x');
  });

  it('never throws on arbitrary JSON, and the helpers keep their types', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        unwrap(value);
        expect(typeof toText(value)).toBe('string');
        expect(Number.isFinite(toNumber(value))).toBe(true);
        expect(Array.isArray(toList(value))).toBe(true);
        expect(typeof toRecord(value)).toBe('object');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary typed-value nesting', () => {
    const typed = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.record({ S: fc.string() }),
        fc.record({ N: fc.oneof(fc.string(), fc.double()) }),
        fc.record({ BOOL: fc.boolean() }),
        fc.record({ L: fc.array(tie('node'), { maxLength: 3 }) }),
        fc.record({ M: fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }) }),
        fc.jsonValue(),
      ),
    }));
    fc.assert(
      fc.property(typed.node, (value) => void unwrap(value)),
      { numRuns: 300 },
    );
  });
});

describe('booking status (docs/product.md §4)', () => {
  it.each([
    ['Booked', 'Booked'],
    ['  PENDING ', 'Booked'],
    ['confirmed', 'Booked'],
    ['Scheduled', 'Booked'],
    ['completed', 'Completed'],
    ['DONE', 'Completed'],
    ['finished', 'Completed'],
    ['cancel', 'Cancelled'],
    ['Cancelled', 'Cancelled'],
    ['canceled', 'Cancelled'],
    [' CANCELED ', 'Cancelled'],
    ['no-show', 'Booked'],
    ['', 'Booked'],
    [null, 'Booked'],
    [{ S: 'done' }, 'Completed'],
  ])('%j shows as %s', (raw, expected) => {
    expect(mapStatus(raw)).toBe(expected);
  });

  it.each([
    [{ status: 'done' }, 'done'],
    [{ Status: 'Cancelled' }, 'Cancelled'],
    [{ bookingStatus: 'confirmed' }, 'confirmed'],
    [{ BookingStatus: 'finished' }, 'finished'],
    [{ Bookingstatus: 'cancel' }, 'cancel'],
    [{ Booking_Status: 'pending' }, 'pending'],
    [{ details: { status: 'completed' } }, 'completed'],
    [{ status: '', bookingStatus: 'done' }, 'done'],
    [{}, undefined],
  ])('reads the status from %j', (record, expected) => {
    expect(rawWebsiteStatus(record)).toBe(expected);
  });

  it('upcoming means booked, scheduled or confirmed', () => {
    expect(['booked', 'Scheduled', 'CONFIRMED'].map(isUpcomingStatus)).toEqual([true, true, true]);
    expect(['pending', 'completed', 'cancelled', ''].map(isUpcomingStatus)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void mapStatus(value)));
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
