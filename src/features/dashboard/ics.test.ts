import { buildIcs, escapeText, foldLine, icsDateTime, icsHref } from './ics';

describe('ics generator', () => {
  const now = new Date('2026-03-01T08:00:00Z');

  it('writes one VEVENT with UTC start and end, CRLF line endings', () => {
    const ics = buildIcs(
      {
        uid: 'website-b1',
        start: '2026-03-15T20:00:00.000Z',
        durationMinutes: 120,
        summary: 'Triangle Shine: Detailing Service',
        description: 'Vehicle: Honda Civic (2020)\nBooking ID: b1',
        location: '12 Oak St, Cary, NC 27511',
      },
      { now, domain: 'example.com' },
    )!;
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Mobile Detailing//Customer Portal//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:website-b1@example.com',
      'DTSTAMP:20260301T080000Z',
      'DTSTART:20260315T200000Z',
      'DTEND:20260315T220000Z',
      'SUMMARY:Triangle Shine: Detailing Service',
      'DESCRIPTION:Vehicle: Honda Civic (2020)\\nBooking ID: b1',
      'LOCATION:12 Oak St\\, Cary\\, NC 27511',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('returns null for an unknown start', () => {
    expect(buildIcs({ uid: 'x', start: '', durationMinutes: 60, summary: 's' })).toBeNull();
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    const encoder = new TextEncoder();
    for (const line of folded.split('\r\n'))
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i === 0 ? l : l.slice(1)))
        .join(''),
    ).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('formats instants and builds a downloadable data URL', () => {
    expect(icsDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
    expect(icsHref('A B\r\n')).toBe('data:text/calendar;charset=utf-8,A%20B%0D%0A');
  });
});
