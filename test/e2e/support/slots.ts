/**
 * Dates for the journeys that book, now that a time once held is no longer offered (docs/product.md
 * §5, real availability). Two journeys running side by side must never ask for one time, and a
 * retried journey must not find its own first attempt in the way. So each journey books in a lane
 * of its own: lane k of weekdays takes the k-th, (k + n)-th, (k + 2n)-th … weekday after today
 * (n lanes), and of those the first day on which the time it wants is still free, as
 * `GET /availability` answers. Weekday lanes use Tuesday to Friday and weekend lanes Sundays
 * only: the owner's-day journey changes Monday's hours, and the availability journey closes
 * Saturdays, while others run; Mondays are the owner's-day journey's own.
 */
import { WEEKDAY_TIMES, WEEKEND_TIMES } from './quote';

/** Every journey that books on a weekday (Tuesday to Friday), one lane each. */
const WEEKDAY_LANES = [
  'quote',
  'weekend-offer',
  'keyboard',
  'notify',
  'owner',
  'rights',
  'book-again',
  'dashboard-edited',
  'dashboard-cancelled',
  'route-a11y-phone',
  'route-a11y-laptop',
  'route-htmlcs-phone',
  'route-htmlcs-laptop',
  'availability-race',
  'health-a11y-phone',
  'health-a11y-laptop',
  'health-htmlcs-phone',
  'health-htmlcs-laptop',
  'health-tables',
  'customer-change-moved',
  'customer-change-cancelled',
  'texts',
  'offline-route',
] as const;

/** Every journey that books on a Sunday, one lane each. */
const SUNDAY_LANES = [
  'weekend-offer',
  'quote-down',
  'owner-schedule',
  'production-one-process',
  'production-nginx',
] as const;

/** Every journey that books on a Monday, one lane each (it may change Monday's hours). */
const MONDAY_LANES = ['owners-day'] as const;

export type WeekdayLane = (typeof WEEKDAY_LANES)[number];
export type SundayLane = (typeof SUNDAY_LANES)[number];
export type MondayLane = (typeof MONDAY_LANES)[number];

/** What a lane's day must have free. */
interface Want {
  vehicleType: string;
  addOns?: string[];
  /** A time that must be free; left out, every time of the day must be free. */
  time?: string;
}

/** Reads a path of the API (GET), answering its JSON. */
export type ApiGet = (path: string) => Promise<{ json(): Promise<unknown> }>;

/** The next `days` dates after today in New York (YYYY-MM-DD) with their weekday (0 = Sunday). */
function comingDays(days: number): { date: string; weekday: number }[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  const out: { date: string; weekday: number }[] = [];
  for (let i = 1; i <= days; i += 1) {
    day.setUTCDate(day.getUTCDate() + 1);
    out.push({ date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() });
  }
  return out;
}

/** The API answers at most 62 days a request; the owner's default horizon is 90 days. */
const DAYS_AHEAD = 88;
const DAYS_A_REQUEST = 62;

async function firstFree(
  get: ApiGet,
  candidates: string[],
  want: Want,
  fullDay: string[],
): Promise<string> {
  const times = new Map<string, string[]>();
  for (let i = 0; i < candidates.length;) {
    const from = candidates[i]!;
    const last = new Date(`${from}T12:00:00Z`);
    last.setUTCDate(last.getUTCDate() + DAYS_A_REQUEST - 1);
    const inRange = candidates.slice(i).filter((date) => date <= last.toISOString().slice(0, 10));
    const params = new URLSearchParams({
      from,
      to: inRange[inRange.length - 1]!,
      vehicleType: want.vehicleType,
    });
    if (want.addOns?.length) params.set('addOns', want.addOns.join(','));
    const free = (await (await get(`/availability?${params}`)).json()) as {
      date: string;
      times: string[];
    }[];
    for (const day of free) times.set(day.date, day.times);
    i += inRange.length;
  }
  const found = candidates.find((date) => {
    const open = times.get(date) ?? [];
    return want.time ? open.includes(want.time) : fullDay.every((t) => open.includes(t));
  });
  if (!found) throw new Error(`no free day in the lane for ${JSON.stringify(want)}`);
  return found;
}

/** The coming days (YYYY-MM-DD) of the `weekdays` given that are the lane's: they share them by turns. */
function laneDays<L extends string>(weekdays: number[], lanes: readonly L[], lane: L): string[] {
  const days = comingDays(DAYS_AHEAD).filter((d) => weekdays.includes(d.weekday));
  const index = lanes.indexOf(lane);
  return days.filter((_, i) => i % lanes.length === index).map((d) => d.date);
}

/** A weekday (Tuesday to Friday) of the lane's on which `want` is free (YYYY-MM-DD). */
export function weekdayFor(get: ApiGet, lane: WeekdayLane, want: Want): Promise<string> {
  return firstFree(get, laneDays([2, 3, 4, 5], WEEKDAY_LANES, lane), want, WEEKDAY_TIMES);
}

/** A Sunday of the lane's on which `want` is free (YYYY-MM-DD). */
export function sundayFor(get: ApiGet, lane: SundayLane, want: Want): Promise<string> {
  return firstFree(get, laneDays([0], SUNDAY_LANES, lane), want, WEEKEND_TIMES);
}

/**
 * A Monday of the lane's on which every one of `times` is free (YYYY-MM-DD): the lane's journey
 * decides Monday's hours, so it names the times it needs.
 */
export function mondayFor(
  get: ApiGet,
  lane: MondayLane,
  want: Want & { time?: never },
  times: string[],
): Promise<string> {
  return firstFree(get, laneDays([1], MONDAY_LANES, lane), want, times);
}

/** A date as the dashboard writes it (M/D/YY). */
export function shortDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${month}/${day}/${String(year).slice(2)}`;
}

/** `GET` through the e2e stack's API. */
export const viaStack =
  (stack: { api(path: string): Promise<Response> }): ApiGet =>
  (path) =>
    stack.api(path);
