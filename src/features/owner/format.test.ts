import { dayjs } from '../../../domain/dayjs';
import { timeZone } from '../../../domain/serviceArea';
import { dayText, receivedText, todayInNewYork } from './format';

// Instants around midnight, noon and both daylight-saving changes of 2026 in New York.
const INSTANTS = [
  '2026-01-01T04:59:00.000Z',
  '2026-01-01T05:00:00.000Z',
  '2026-03-08T06:59:00.000Z',
  '2026-03-08T07:00:00.000Z',
  '2026-07-04T16:05:09.123Z',
  '2026-11-01T05:30:00.000Z',
  '2026-11-01T06:30:00.000Z',
  '2026-11-26T17:00:00.000Z',
  '2026-12-31T23:59:59.999Z',
];

describe('owner console dates', () => {
  it.each(INSTANTS)('writes when %s arrived as dayjs in New York does', (iso) => {
    expect(receivedText(iso)).toBe(dayjs(iso).tz(timeZone).format('MMM D, YYYY h:mm A'));
  });

  it('writes an arrival it cannot read as it came', () => {
    expect(receivedText('not a date')).toBe('not a date');
  });

  it.each(['2026-11-27', '2026-02-28', '2024-02-29', '2026-03-08', '2027-01-01'])(
    'writes the day %s as dayjs does',
    (day) => {
      expect(dayText(day)).toBe(dayjs(day, 'YYYY-MM-DD', true).format('ddd, MMM D, YYYY'));
    },
  );

  it.each(['2026-02-30', '2026-13-01', '27-11-2026', ''])(
    'leaves %p, not a day, as it is',
    (day) => {
      expect(dayText(day)).toBe(day);
    },
  );

  it.each(INSTANTS)("takes today's date at %s in New York", (iso) => {
    expect(todayInNewYork(new Date(iso))).toBe(dayjs(iso).tz(timeZone).format('YYYY-MM-DD'));
  });
});
