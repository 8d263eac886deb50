import { normalizeExternalBooking, normalizeWebsiteBooking } from '../../api/normalize';
import { upcomingFromBookings } from './appointments';

const now = new Date('2026-03-10T12:00:00Z');
const web = (bookingId: string, date: string, status: string, time = '4:00 PM') =>
  normalizeWebsiteBooking({
    bookingId,
    date,
    time,
    status,
    vehicleType: 'SUV',
    vehicle: { make: 'Honda', model: 'Pilot', year: 2021 },
  });
const cal = (bookingId: string, startTime: string, status?: string) =>
  normalizeExternalBooking({ bookingId, startTime, status, serviceName: 'Interior Detail' });

describe('upcomingFromBookings', () => {
  it('merges website and Calendly bookings, soonest first, at most 5', () => {
    const list = upcomingFromBookings(
      [
        web('w1', '2026-03-12', 'Booked'),
        web('w-past', '2026-03-09', 'Booked'),
        web('w-done', '2026-03-12', 'Completed'),
        web('w2', '2026-03-20', 'confirmed', '9:00 AM'),
        web('w3', '2026-03-25', 'scheduled'),
        web('w4', '2026-03-26', 'Booked'),
      ],
      [
        cal('c1', '2026-03-11T14:00:00Z'),
        cal('c2', '2026-03-30T14:00:00Z'),
        cal('c-x', '2026-03-11T14:00:00Z', 'canceled'),
      ],
      now,
    );
    expect(list.map((a) => [a.bookingId, a.source])).toEqual([
      ['c1', 'Calendly'],
      ['w1', 'Website'],
      ['w2', 'Website'],
      ['w3', 'Website'],
      ['w4', 'Website'],
    ]);
    expect(list[1]).toMatchObject({
      serviceName: 'Detailing Service',
      vehicle: 'Honda Pilot (2021)',
      startsAt: '2026-03-12T20:00:00.000Z',
    });
    expect(list[0]).toMatchObject({ serviceName: 'Interior Detail', vehicle: '' });
  });
});
