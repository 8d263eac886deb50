import {
  addDays,
  DEFAULT_RULES,
  freeTimes,
  freeTimesOn,
  jobDuration,
  jobRules,
  nearestFree,
  offeredTimes,
  rulesProblem,
  visitorHours,
  weekdayOf,
  type AvailabilityRules,
  type HeldJob,
  type WorkingHours,
} from './availability';
import { localNow } from './dates';
import { DEFAULT_OFFER, type Offer } from './offer';
import { weekdaySlots, weekendSlots } from './quoteSchedule';

// 2026-12-05 is a Saturday, 2026-12-07 a Monday.
const TODAY = { date: '2026-12-01', minutes: 0 };
const sedan = { vehicleType: 'Sedan', addOns: [] };
/** The default rules with the seeded offer's minutes per add-on. */
const rules = (change: Partial<AvailabilityRules> = {}) =>
  jobRules({ ...DEFAULT_RULES, ...change }, DEFAULT_OFFER);
const held = (date: string, time: string, vehicleType = 'Sedan', addOns: string[] = []) =>
  ({ date, time, vehicleType, addOns }) satisfies HeldJob;

describe('free times', () => {
  test('with nothing held, the default rules offer every time the quote form lists', () => {
    expect(freeTimesOn(rules(), '2026-12-07', TODAY, sedan, [])).toEqual([...weekdaySlots]);
    expect(freeTimesOn(rules(), '2026-12-05', TODAY, sedan, [])).toEqual([...weekendSlots]);
  });

  test('a closed weekday, a day off, a past day and a day past the horizon offer nothing', () => {
    const closed = rules({
      week: { ...DEFAULT_RULES.week, saturday: { open: false, start: '09:00', end: '18:00' } },
    });
    expect(freeTimesOn(closed, '2026-12-05', TODAY, sedan, [])).toEqual([]);
    const off = rules({ daysOff: [{ from: '2026-12-24', to: '2026-12-26' }] });
    expect(freeTimesOn(off, '2026-12-25', TODAY, sedan, [])).toEqual([]);
    expect(freeTimesOn(off, '2026-12-27', TODAY, sedan, [])).not.toEqual([]);
    expect(freeTimesOn(rules(), '2026-11-30', TODAY, sedan, [])).toEqual([]);
    const short = rules({ horizonDays: 3 });
    expect(freeTimesOn(short, '2026-12-04', TODAY, sedan, [])).toEqual([...weekdaySlots]);
    expect(freeTimesOn(short, '2026-12-05', TODAY, sedan, [])).toEqual([]);
  });

  test('a day with a list offers its listed starts within its hours', () => {
    const late = rules({
      week: {
        ...DEFAULT_RULES.week,
        saturday: { open: true, start: '11:00', end: '14:00', times: ['14:00', '12:00'] },
      },
    });
    expect(freeTimesOn(late, '2026-12-05', TODAY, sedan, [])).toEqual(['12:00 PM', '2:00 PM']);
  });

  test('a held job blocks the times its length and the travel buffer overlap', () => {
    // Sedan 90 min + 30 travel: a 10:00 job keeps 8:30–12:00 busy for a 90-minute job.
    const day = [held('2026-12-05', '10:00 AM')];
    expect(freeTimesOn(rules(), '2026-12-05', TODAY, sedan, day)).toEqual([
      '12:00 PM',
      '2:00 PM',
      '4:00 PM',
      '6:00 PM',
    ]);
    // A longer held job (Premium, 180 min) reaches 1:00 PM, and 2:00 PM is still 30 min away.
    const premium = [held('2026-12-05', '10:00 AM', 'Premium Package')];
    expect(freeTimesOn(rules(), '2026-12-05', TODAY, sedan, premium)).toEqual([
      '2:00 PM',
      '4:00 PM',
      '6:00 PM',
    ]);
  });

  test('add-ons lengthen the asked job and the held ones', () => {
    expect(
      jobDuration(rules(), { vehicleType: 'SUV', addOns: ['Ceramic Wax', 'Pet Hair Removal'] }),
    ).toBe(180);
    expect(jobDuration(rules(), { vehicleType: 'Premium Package', addOns: ['Ceramic Wax'] })).toBe(
      180,
    );
    // A 4:00 PM Sedan held: a 2:00 PM Sedan fits (ends 3:30, +30 travel) but not with Ceramic Wax.
    const day = [held('2026-12-05', '4:00 PM')];
    expect(freeTimesOn(rules(), '2026-12-05', TODAY, sedan, day)).toContain('2:00 PM');
    const waxed = { vehicleType: 'Sedan', addOns: ['Ceramic Wax'] };
    expect(freeTimesOn(rules(), '2026-12-05', TODAY, waxed, day)).not.toContain('2:00 PM');
  });

  test('the add-ons’ minutes are the offer’s; one it no longer has counts as its longest', () => {
    const offer: Offer = structuredClone(DEFAULT_OFFER);
    offer.addons.find((addon) => addon.name === 'Ceramic Wax')!.minutes = 75;
    const slower = jobRules(DEFAULT_RULES, offer);
    const suv = { vehicleType: 'SUV', addOns: ['Ceramic Wax', 'Pet Hair Removal'] };
    expect(jobDuration(slower, suv)).toBe(120 + 75 + 30);
    const gone = { vehicleType: 'Sedan', addOns: ['Gold Plating'] };
    expect(jobDuration(slower, gone)).toBe(90 + 75);
  });

  test('a day with the most jobs held offers nothing', () => {
    const two = rules({ maxJobsPerDay: 2, travelMinutes: 0 });
    const day = [held('2026-12-05', '9:00 AM'), held('2026-12-05', '4:00 PM')];
    expect(freeTimesOn(two, '2026-12-05', TODAY, sedan, day)).toEqual([]);
    expect(freeTimesOn(two, '2026-12-05', TODAY, sedan, day.slice(1))).not.toEqual([]);
  });

  test('a range answers each date, held jobs by their date', () => {
    const byDate = new Map([['2026-12-07', [held('2026-12-07', '5:00 PM')]]]);
    const days = freeTimes(rules(), { from: '2026-12-06', to: '2026-12-08' }, TODAY, sedan, byDate);
    expect(days.map((d) => d.date)).toEqual(['2026-12-06', '2026-12-07', '2026-12-08']);
    expect(days[1]!.times).toEqual([]);
    expect(days[2]!.times).toEqual([...weekdaySlots]);
  });
});

describe('nearest free times', () => {
  test('the closest to the asked time come first, across days', () => {
    const days = [
      { date: '2026-12-05', times: ['9:00 AM', '2:00 PM'] },
      { date: '2026-12-06', times: ['10:00 AM'] },
    ];
    expect(nearestFree({ date: '2026-12-05', time: '10:00 AM' }, days)).toEqual([
      { date: '2026-12-05', time: '9:00 AM' },
      { date: '2026-12-05', time: '2:00 PM' },
      { date: '2026-12-06', time: '10:00 AM' },
    ]);
  });
});

describe('rules problems', () => {
  test('hours that end before they start name the field', () => {
    const bad = rules({
      week: { ...DEFAULT_RULES.week, tuesday: { open: true, start: '18:00', end: '09:00' } },
    });
    expect(rulesProblem(bad)).toBe(
      'body/week/tuesday/end must not be earlier than body/week/tuesday/start',
    );
  });

  test('a backwards range and overlapping ranges name the field', () => {
    expect(rulesProblem(rules({ daysOff: [{ from: '2026-12-26', to: '2026-12-24' }] }))).toBe(
      'body/daysOff/0/to must not be earlier than body/daysOff/0/from',
    );
    const overlap = rules({
      daysOff: [
        { from: '2026-12-24', to: '2026-12-26' },
        { from: '2026-12-20', to: '2026-12-24' },
      ],
    });
    expect(rulesProblem(overlap)).toBe('body/daysOff/0 overlaps body/daysOff/1');
    expect(
      rulesProblem(
        rules({
          daysOff: [
            { from: '2026-12-24', to: '2026-12-24' },
            { from: '2026-12-25', to: '2026-12-25' },
          ],
        }),
      ),
    ).toBeUndefined();
    expect(rulesProblem(DEFAULT_RULES)).toBeUndefined();
  });
});

describe('a time we offer', () => {
  test('with the seeded rules, only the spec’s times: 4:30 PM never, 9:00 AM only at weekends', () => {
    expect(offeredTimes(DEFAULT_RULES, '2026-12-07')).toContain('4:00 PM');
    expect(offeredTimes(DEFAULT_RULES, '2026-12-07')).not.toContain('4:30 PM');
    expect(offeredTimes(DEFAULT_RULES, '2026-12-07')).not.toContain('9:00 AM');
    expect(offeredTimes(DEFAULT_RULES, '2026-12-05')).toContain('9:00 AM');
    expect(offeredTimes(DEFAULT_RULES, '2026-02-30')).not.toContain('4:00 PM');
  });

  test('a fresh install offers exactly the spec’s fixed lists, every day of a fortnight', () => {
    for (let day = 0; day < 14; day += 1) {
      const date = addDays('2026-12-01', day);
      const weekend = ['saturday', 'sunday'].includes(weekdayOf(date));
      expect(offeredTimes(DEFAULT_RULES, date)).toEqual([
        ...(weekend ? weekendSlots : weekdaySlots),
      ]);
    }
  });

  test('a day whose hours the owner set offers a start every step from its start to its end', () => {
    const monday: WorkingHours = { open: true, start: '08:00', end: '14:00' };
    const hourly = rules({ week: { ...DEFAULT_RULES.week, monday }, stepMinutes: 60 });
    expect(offeredTimes(hourly, '2026-12-07')).toEqual([
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
    ]);
    expect(offeredTimes(hourly, '2026-12-07')).toContain('8:00 AM');
    expect(offeredTimes(hourly, '2026-12-07')).not.toContain('8:30 AM');
    const halfHourly: AvailabilityRules = { ...hourly, stepMinutes: 30 };
    expect(offeredTimes(halfHourly, '2026-12-07').slice(0, 3)).toEqual([
      '8:00 AM',
      '8:30 AM',
      '9:00 AM',
    ]);
    expect(offeredTimes(halfHourly, '2026-12-07')).toHaveLength(13);
    // The other days keep the seeded lists; a closed day offers nothing.
    expect(offeredTimes(hourly, '2026-12-08')).toEqual([...weekdaySlots]);
    const closed = rules({ week: { ...DEFAULT_RULES.week, monday: { ...monday, open: false } } });
    expect(offeredTimes(closed, '2026-12-07')).toEqual([]);
  });

  test('Saturday 8 AM–12 PM offers every hour of it, not only the listed 9, 10 and 12', () => {
    const saturday: WorkingHours = { open: true, start: '08:00', end: '12:00' };
    const morning = rules({ week: { ...DEFAULT_RULES.week, saturday } });
    expect(freeTimesOn(morning, '2026-12-05', TODAY, sedan, [])).toEqual([
      '8:00 AM',
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
    ]);
  });

  test('listed start times outside the day’s hours are a problem naming the field', () => {
    const odd = rules({
      week: {
        ...DEFAULT_RULES.week,
        monday: { open: true, start: '15:00', end: '18:00', times: ['16:00', '19:00'] },
      },
    });
    expect(rulesProblem(odd)).toBe(
      'body/week/monday/times/1 must be within body/week/monday/start and end',
    );
  });
});

describe('the hours shown to visitors', () => {
  test('the seeded rules: weekdays 3–6 PM, weekends 9 AM–6 PM', () => {
    expect(visitorHours(DEFAULT_RULES)).toEqual(['Mon-Sun 9am-6pm']);
  });

  test('the same hours every day read as the contact page’s line; closed days are left out', () => {
    const allWeek = Object.fromEntries(
      Object.keys(DEFAULT_RULES.week).map((day) => [
        day,
        { open: true, start: '09:00', end: '18:00' },
      ]),
    ) as AvailabilityRules['week'];
    expect(visitorHours(rules({ week: allWeek }))).toEqual(['Mon-Sun 9am-6pm']);
    const owner = rules({
      week: {
        ...allWeek,
        monday: { open: true, start: '08:00', end: '14:00' },
        tuesday: { open: true, start: '08:00', end: '14:00' },
        wednesday: { open: false, start: '08:00', end: '14:00' },
        thursday: { open: true, start: '08:30', end: '14:00' },
        saturday: { open: true, start: '08:00', end: '12:00' },
      },
    });
    expect(visitorHours(owner)).toEqual([
      'Mon-Tue 8am-2pm',
      'Thu 8:30am-2pm',
      'Fri 9am-6pm',
      'Sat 8am-12pm',
      'Sun 9am-6pm',
    ]);
    const shut = Object.fromEntries(
      Object.entries(allWeek).map(([day, hours]) => [day, { ...hours, open: false }]),
    ) as AvailabilityRules['week'];
    expect(visitorHours(rules({ week: shut }))).toEqual([]);
  });
});

describe('the clock in New York', () => {
  test('today’s times already past are not free; a later day keeps them all', () => {
    // Saturday 2026-12-05, 11:24 PM in New York (04:24 UTC the next day).
    const lateSaturday = localNow(new Date('2026-12-06T04:24:00Z'));
    expect(lateSaturday).toEqual({ date: '2026-12-05', minutes: 23 * 60 + 24 });
    expect(freeTimesOn(rules(), '2026-12-05', lateSaturday, sedan, [])).toEqual([]);
    // 11:00 AM: 9:00 and 10:00 AM have passed, 12:00 PM has not.
    const morning = localNow(new Date('2026-12-05T16:00:00Z'));
    expect(freeTimesOn(rules(), '2026-12-05', morning, sedan, [])).toEqual([
      '12:00 PM',
      '2:00 PM',
      '4:00 PM',
      '6:00 PM',
    ]);
    expect(freeTimesOn(rules(), '2026-12-06', morning, sedan, [])).toEqual([...weekendSlots]);
  });
});

describe('a request without a time', () => {
  test('holds no capacity: four call-backs on a day leave every time free', () => {
    const callBacks = Array.from({ length: 4 }, () => held('2026-12-07', ''));
    expect(freeTimesOn(rules(), '2026-12-07', TODAY, sedan, callBacks)).toEqual([...weekdaySlots]);
  });
});
