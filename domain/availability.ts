/**
 * docs/product.md §5: when a customer may ask us to come. The owner's rules (working hours per
 * weekday, days off, how long each job takes, the travel buffer, the most jobs a day and how far
 * ahead) and the bookings already held decide which of the quote form's times
 * (./quoteSchedule.ts) are free. Pure: the server reads the rules and the bookings, the wizard
 * only shows what the server answered.
 */
import { PREMIUM_PACKAGE, vehicleTypeNames, type VehicleTypeName } from './pricing';
import type { Offer } from './contract/types';
import { minutesOfDay, type LocalNow } from './dates';
import { timeSlotsFor } from './quoteSchedule';

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

/** A working day: jobs may start from `start` to `end` (both HH:mm, 24-hour clock). */
export interface WorkingHours {
  open: boolean;
  start: string;
  end: string;
}

/** "I confirm each request" (`confirm`) or "Instant booking" (`instant`). */
export type BookingMode = 'confirm' | 'instant';

export interface AvailabilityRules {
  mode: BookingMode;
  week: Record<WeekdayName, WorkingHours>;
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

const weekdayHours: WorkingHours = { open: true, start: '15:00', end: '18:00' };
const weekendHours: WorkingHours = { open: true, start: '09:00', end: '18:00' };

/**
 * The spec's hours: quote scheduling Mon-Fri 3:00 PM-6:00 PM, weekends all day (9am-6pm, the
 * contact page's hours), so every time the quote form lists is offered while nothing is booked.
 */
export const DEFAULT_RULES: AvailabilityRules = {
  mode: 'confirm',
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

/**
 * Whether `time` (as bookings write it, `4:00 PM`) is one the quote form offers on `date`
 * (./quoteSchedule.ts): the one check, for the wizard and the server, that a customer's time is
 * a time we offer at all (4:30 PM never is), before whether it is free.
 */
export function isOfferedTime(date: string, time: string): boolean {
  return timeSlotsFor(date).includes(time);
}

/** A customer's: the quote form's times of the day (./quoteSchedule.ts). */
export const quoteStarts: StartTimes = (_rules, date) => timeSlotsFor(date);

/** How far apart the owner's start times are, in minutes (the console's time field's step). */
const OWNER_STEP_MINUTES = 15;

/** `960` → `4:00 PM`, as bookings write their times. */
function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The owner's: every quarter hour from the day's first start to its last. */
export const ownerStarts: StartTimes = (rules, date) => {
  const hours = rules.week[weekdayOf(date)];
  const times: string[] = [];
  const last = minutesOfDay(hours.end);
  for (let start = minutesOfDay(hours.start); start <= last; start += OWNER_STEP_MINUTES) {
    times.push(clockText(start));
  }
  return times;
};

/**
 * The start times (`starts`, the quote form's unless told) on `date` that fit `job`: the day
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
  starts: StartTimes = quoteStarts,
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
  starts: StartTimes = quoteStarts,
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
    if (minutesOfDay(hours.end) < minutesOfDay(hours.start)) {
      return `body/week/${name}/end must not be earlier than body/week/${name}/start`;
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
