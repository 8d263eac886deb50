import { percentOfTotal, statusCounts, upcomingAppointments } from './bookingStats';

const now = new Date('2026-03-10T12:00:00Z');
const b = (id: string, startsAt: string, rawStatus: string) => ({ id, startsAt, rawStatus });
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('upcomingAppointments (docs/product.md §9)', () => {
  it('keeps only future-dated booked, scheduled or confirmed bookings, soonest first', () => {
    const list = [
      b('later', '2026-03-20T15:00:00Z', 'booked'),
      b('past', '2026-03-09T15:00:00Z', 'booked'),
      b('exactly-now', '2026-03-10T12:00:00Z', 'booked'),
      b('soon', '2026-03-10T12:01:00Z', 'confirmed'),
      b('scheduled', '2026-03-15T15:00:00Z', ' Scheduled '),
      b('pending', '2026-03-11T15:00:00Z', 'pending'),
      b('done', '2026-03-11T15:00:00Z', 'completed'),
      b('cancelled', '2026-03-11T15:00:00Z', 'canceled'),
      b('no-date', '', 'booked'),
      b('odd', '2026-03-11T15:00:00Z', 'whatever'),
    ];
    expect(ids(upcomingAppointments(list, now))).toEqual(['soon', 'scheduled', 'later']);
  });

  it('returns at most 5 (the soonest)', () => {
    const list = Array.from({ length: 8 }, (_, i) =>
      b(`d${8 - i}`, `2026-04-0${8 - i}T15:00:00Z`, 'booked'),
    );
    expect(ids(upcomingAppointments(list, now))).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('is empty for no bookings', () => {
    expect(upcomingAppointments([], now)).toEqual([]);
  });
});

describe('booking status counts (dashboard chart)', () => {
  it('counts each status and gives its share to one decimal', () => {
    const counts = statusCounts([
      { status: 'Booked' },
      { status: 'Booked' },
      { status: 'Completed' },
    ]);
    expect(counts).toEqual({ Booked: 2, Completed: 1, Cancelled: 0 });
    expect(percentOfTotal(counts.Booked, 3)).toBe('66.7%');
    expect(percentOfTotal(counts.Cancelled, 3)).toBe('0.0%');
    expect(percentOfTotal(0, 0)).toBe('0.0%');
  });
});
