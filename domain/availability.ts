/**
 * docs/product.md §5: when a customer may ask us to come. The owner's rules (working hours per
 * weekday and the step between start times, days off, how long each job takes, the travel
 * buffer, the most jobs a day and how far ahead) decide which start times a day offers
 * (`offeredTimes`), and with the bookings already held, which of them are free. Pure: the server
 * reads the rules and the bookings, the wizard and My Bookings only show what the server answered.
 */
import { PREMIUM_PACKAGE, vehicleTypeNames, type VehicleTypeName } from './pricing';
import type { Offer } from './contract/types';
import { minutesOfDay, type LocalNow } from './dates';
import { isCalendarDay, weekdaySlots, weekendSlots } from './quoteSchedule';

export const weekdayNames = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekdayName = (typeof weekdayNames)[number];

/**
 * A working day: jobs may start from `start` to `end` (both HH:mm, 24-hour clock), every
 * `stepMinutes` of the rules, or at the listed `times` (HH:mm) when the day has a list: the
 * seeded rules list the spec's fixed times, and the console drops a day's list once the owner
 * changes that day's hours or chooses a step.
 */
export interface WorkingHours {
  open: boolean;
  start: string;
  end: string;
  times?: string[];
}

/** The steps the owner may choose between start times, in minutes. */
export const STEP_CHOICES = [15, 30, 60, 120] as const;
export type StepMinutes = (typeof STEP_CHOICES)[number];

/** "I confirm each request" (`confirm`) or "Instant booking" (`instant`). */
export type BookingMode = 'confirm' | 'instant';

export interface AvailabilityRules {
  mode: BookingMode;
  week: Record<WeekdayName, WorkingHours>;
  /** Minutes between the start times of a day without a list. */
  stepMinutes: StepMinutes;
  /** Single days (`from` = `to`) and ranges, both ends included, YYYY-MM-DD. */
  daysOff: { from: string; to: string }[];
  /** Minutes a job takes, per vehicle type (the Premium Package includes every add-on). */
  jobMinutes: Record<VehicleTypeName, number>;
  /** Minutes kept free between the end of one job and the start of the next. */
  travelMinutes: number;
  maxJobsPerDay: number;
  /** How many days after today a customer may book (today counts as day 0). */
  horizonDays: number;
}

/** `4:00 PM` (as bookings write times) → `16:00`. */
function clock24(time: string): string {
  const minutes = minutesOfDay(time);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The seeded weekday and weekend hours: open 9 AM to 6 PM every day (the contact page's hours),
 * with the spec's fixed lists of start times (weekdays 4, 5 and 6 PM).
 */
const SEEDED_HOURS = {
  weekday: { open: true, start: '09:00', end: '18:00', times: weekdaySlots.map(clock24) },
  weekend: { open: true, start: '09:00', end: '18:00', times: weekendSlots.map(clock24) },
} as const satisfies Record<string, WorkingHours>;
const weekdayHours: WorkingHours = {
  ...SEEDED_HOURS.weekday,
  times: [...SEEDED_HOURS.weekday.times],
};
const weekendHours: WorkingHours = {
  ...SEEDED_HOURS.weekend,
  times: [...SEEDED_HOURS.weekend.times],
};

/**
 * The seeded rules: the spec's hours (every day 9am-6pm) with its fixed lists of times, so a fresh install offers exactly the quote form's
 * times of the spec while nothing is booked; an hour's step for a day whose list is dropped.
 */
export const DEFAULT_RULES: AvailabilityRules = {
  mode: 'confirm',
  stepMinutes: 60,
  week: {
    sunday: weekendHours,
    monday: weekdayHours,
    tuesday: weekdayHours,
    wednesday: weekdayHours,
    thursday: weekdayHours,
    friday: weekdayHours,
    saturday: weekendHours,
  },
  daysOff: [],
  jobMinutes: { Sedan: 90, SUV: 120, Minivan: 120, 'Premium Package': 180 },
  travelMinutes: 30,
  maxJobsPerDay: 4,
  horizonDays: 90,
};

/** A job: what it is (its duration follows) and, for a held one, when. */
export interface Job {
  vehicleType: string;
  addOns: readonly string[];
}
export interface HeldJob extends Job {
  date: string;
  time: string;
}

/**
 * The owner's rules with the minutes each add-on adds, which are the offer's (./offer.ts): what a
 * job's length needs.
 */
export interface JobRules extends AvailabilityRules {
  addonMinutes: Readonly<Record<string, number>>;
}

/** The rules a job's length is measured by: the owner's rules and the offer's add-on minutes. */
export function jobRules(rules: AvailabilityRules, offer: Pick<Offer, 'addons'>): JobRules {
  return {
    ...rules,
    addonMinutes: Object.fromEntries(offer.addons.map((addon) => [addon.name, addon.minutes])),
  };
}

/**
 * How long a job takes under the rules; an unknown vehicle type counts as the longest, and an
 * add-on the offer no longer has as the longest add-on (a held job never shrinks to fit).
 */
export function jobDuration(rules: JobRules, job: Job): number {
  const known = vehicleTypeNames.find((name) => name === job.vehicleType);
  const base = known
    ? rules.jobMinutes[known]
    : Math.max(...vehicleTypeNames.map((name) => rules.jobMinutes[name]));
  if (job.vehicleType === PREMIUM_PACKAGE) return base;
  const longest = Math.max(0, ...Object.values(rules.addonMinutes));
  return [...new Set(job.addOns)].reduce(
    (sum, name) => sum + (rules.addonMinutes[name] ?? longest),
    base,
  );
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `date` plus `days` calendar days (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string => dateOf(dayNumber(date) + days);

export function weekdayOf(date: string): WeekdayName {
  return weekdayNames[new Date(dayNumber(date) * DAY_MS).getUTCDay()]!;
}

/** The last day a customer may book, `today` plus the horizon. */
export const lastBookableDay = (rules: AvailabilityRules, today: string): string =>
  addDays(today, rules.horizonDays);

const isDayOff = (rules: AvailabilityRules, date: string) =>
  rules.daysOff.some((range) => range.from <= date && date <= range.to);

interface Interval {
  start: number;
  end: number;
}

/**
 * A day's held jobs as minute intervals, and how many there are. A request without a time (a
 * call-back) holds nothing: neither a time nor a place among the day's most jobs.
 */
function dayLoad(rules: JobRules, held: readonly HeldJob[]) {
  const busy: Interval[] = [];
  for (const job of held) {
    if (!job.time) continue;
    const start = minutesOfDay(job.time);
    busy.push({ start, end: start + jobDuration(rules, job) });
  }
  return { busy, count: busy.length };
}

/** The start times a day offers before the rules and the held jobs are applied. */
export type StartTimes = (rules: AvailabilityRules, date: string) => readonly string[];

/** `960` → `4:00 PM`, as bookings write their times. */
function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The one generator of start times: a day's `hours` every `step` minutes from its start to its
 * end, or its listed times within them (as bookings write times, `4:00 PM`).
 */
function startsOf(hours: WorkingHours, step: number, useList: boolean): string[] {
  const first = minutesOfDay(hours.start);
  const last = minutesOfDay(hours.end);
  if (useList && hours.times) {
    return hours.times
      .map(minutesOfDay)
      .filter((start) => start >= first && start <= last)
      .sort((a, b) => a - b)
      .map(clockText);
  }
  const times: string[] = [];
  for (let start = first; start <= last; start += step) times.push(clockText(start));
  return times;
}

/**
 * The start times the customers are offered on `date` (a real calendar day; none on a closed
 * weekday), before days off, the horizon, the clock and the held bookings are applied: the
 * wizard's, My Bookings' reschedule's and the server's check of a customer's time.
 */
export function offeredTimes(rules: AvailabilityRules, date: string): string[] {
  return isCalendarDay(date) ? weekdayStarts(rules, weekdayOf(date)) : [];
}

/** The start times the rules offer on every `day` of the week (none when it is closed). */
export function weekdayStarts(
  rules: Pick<AvailabilityRules, 'week' | 'stepMinutes'>,
  day: WeekdayName,
): string[] {
  const hours = rules.week[day];
  return hours.open ? startsOf(hours, rules.stepMinutes, true) : [];
}

/** How far apart the owner's start times are, in minutes (the console's time field's step). */
const OWNER_STEP_MINUTES = 15;

/** The owner's: every quarter hour from the day's first start to its last, list or not. */
export const ownerStarts: StartTimes = (rules, date) =>
  startsOf(rules.week[weekdayOf(date)], OWNER_STEP_MINUTES, false);

/**
 * The start times (`starts`, the customers' `offeredTimes` unless told) on `date` that fit `job`: the day
 * is a working day, not a day off and within the horizon; the start is within the day's hours
 * and, today, later than `now` (New York's clock); fewer than the most jobs a day are held; and
 * the job, with the travel buffer either side, overlaps no held one.
 */
export function freeTimesOn(
  rules: JobRules,
  date: string,
  now: LocalNow,
  job: Job,
  held: readonly HeldJob[],
  starts: StartTimes = offeredTimes,
): string[] {
  const today = now.date;
  if (date < today || date > lastBookableDay(rules, today) || isDayOff(rules, date)) return [];
  const hours = rules.week[weekdayOf(date)];
  if (!hours.open) return [];
  const { busy, count } = dayLoad(rules, held);
  if (count >= rules.maxJobsPerDay) return [];
  const open = minutesOfDay(hours.start);
  const close = minutesOfDay(hours.end);
  const length = jobDuration(rules, job);
  const gap = rules.travelMinutes;
  const earliest = date === today ? Math.max(open, now.minutes + 1) : open;
  return starts(rules, date).filter((time) => {
    const start = minutesOfDay(time);
    if (start < earliest || start > close) return false;
    const end = start + length;
    return busy.every((other) => end + gap <= other.start || other.end + gap <= start);
  });
}

/**
 * Free start times (of `starts`) per date from `from` to `to` (both included), held jobs
 * grouped by date.
 */
export function freeTimes(
  rules: JobRules,
  range: { from: string; to: string },
  now: LocalNow,
  job: Job,
  heldByDate: ReadonlyMap<string, readonly HeldJob[]>,
  starts: StartTimes = offeredTimes,
): { date: string; times: string[] }[] {
  const days: { date: string; times: string[] }[] = [];
  for (let day = dayNumber(range.from); day <= dayNumber(range.to); day += 1) {
    const date = dateOf(day);
    const held = heldByDate.get(date) ?? [];
    days.push({ date, times: freeTimesOn(rules, date, now, job, held, starts) });
  }
  return days;
}

/** How many nearest free times a refused request is offered. */
export const NEAREST_COUNT = 3;

/**
 * The free times closest to the asked one (`days` answered from that date on, and the days
 * before it that are not past), nearest first.
 */
export function nearestFree(
  asked: { date: string; time: string },
  days: readonly { date: string; times: readonly string[] }[],
  count = NEAREST_COUNT,
): { date: string; time: string }[] {
  const at = (date: string, time: string) => dayNumber(date) * 1440 + minutesOfDay(time);
  const target = at(asked.date, asked.time);
  return days
    .flatMap(({ date, times }) => times.map((time) => ({ date, time })))
    .sort((a, b) => Math.abs(at(a.date, a.time) - target) - Math.abs(at(b.date, b.time) - target))
    .slice(0, count);
}

/**
 * What is wrong with rules the schema already accepted (field names as the contract's
 * `body/...`), or undefined: a day's hours must end after they start, a range of days off must
 * not end before it starts, and ranges must not overlap.
 */
export function rulesProblem(rules: AvailabilityRules): string | undefined {
  for (const name of weekdayNames) {
    const hours = rules.week[name];
    const [first, last] = [minutesOfDay(hours.start), minutesOfDay(hours.end)];
    if (last < first) {
      return `body/week/${name}/end must not be earlier than body/week/${name}/start`;
    }
    const outside = (hours.times ?? []).findIndex(
      (time) => minutesOfDay(time) < first || minutesOfDay(time) > last,
    );
    if (outside >= 0) {
      return `body/week/${name}/times/${outside} must be within body/week/${name}/start and end`;
    }
  }
  const ranges = rules.daysOff.map((range, index) => ({ ...range, index }));
  for (const range of ranges) {
    if (range.to < range.from) {
      return `body/daysOff/${range.index}/to must not be earlier than body/daysOff/${range.index}/from`;
    }
  }
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  for (let i = 1; i < sorted.length; i += 1) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (after.from <= before.to) {
      return `body/daysOff/${after.index} overlaps body/daysOff/${before.index}`;
    }
  }
  return undefined;
}

const shortDays: Record<WeekdayName, string> = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

/** `09:00` → `9am`, `14:30` → `2:30pm`. */
function shortClock(time: string): string {
  const minutes = minutesOfDay(time);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * The hours shown to visitors (footer, /contact, the quote form's hint), from the rules: Monday
 * to Sunday, consecutive working days with the same hours as one line (`Mon-Fri 8am-2pm`),
 * closed days left out; every day 9 to 6 reads `Mon-Sun 9am-6pm`. Pure, so the prerender (and
 * whatever regenerates the public pages) calls it with the rules it read.
 */
export function visitorHours(rules: Pick<AvailabilityRules, 'week'>): string[] {
  const week = [...weekdayNames.slice(1), weekdayNames[0]];
  const runs: { first: WeekdayName; last: WeekdayName; span: string }[] = [];
  let previousOpen = false;
  for (const day of week) {
    const hours = rules.week[day];
    if (hours.open) {
      const span = `${shortClock(hours.start)}-${shortClock(hours.end)}`;
      const run = runs.at(-1);
      if (previousOpen && run?.span === span) run.last = day;
      else runs.push({ first: day, last: day, span });
    }
    previousOpen = hours.open;
  }
  return runs.map(({ first, last, span }) =>
    first === last
      ? `${shortDays[first]} ${span}`
      : `${shortDays[first]}-${shortDays[last]} ${span}`,
  );
}
