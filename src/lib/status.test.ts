import fc from 'fast-check';
import { isUpcomingStatus, mapStatus, rawWebsiteStatus } from './status';

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
