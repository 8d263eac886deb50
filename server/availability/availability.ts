/**
 * The owner's availability rules (GET/PUT /owner/availability), the free times a customer is
 * offered (GET /availability), and the check a quote or a reschedule passes before it holds a
 * time (called inside the write transaction that stores it, so that two requests for the last
 * free slot cannot both pass). The rules themselves are ../../domain/availability.ts.
 */
import {
  addDays,
  DEFAULT_RULES,
  freeTimes,
  freeTimesOn,
  jobDuration,
  jobRules,
  lastBookableDay,
  nearestFree,
  offeredTimes,
  ownerStarts,
  rulesProblem,
  type AvailabilityRules,
  type HeldJob,
  type Job,
  type JobRules,
  type StartTimes,
  type WeekdayName,
  weekdayNames,
} from '../../domain/availability';
import { appointmentText, localNow, type LocalNow } from '../../domain/dates';
import { addonNames, isOfferedAddon } from '../../domain/pricing';
import { readPublishedOffer } from '../offer/offer';
import { bookingRow } from '../bookings/bookingRows';
import { statement, type Db } from '../platform/db';
import { badRequest, HttpError } from '../platform/errors';
import { ANONYMOUS_HOLDS } from '../platform/rules';

/** The widest range GET /availability answers, in days. */
export const MAX_RANGE_DAYS = 62;
/** How many days after the asked one the nearest free times are looked for. */
const NEAREST_SEARCH_DAYS = 14;

/**
 * Rules stored before the owner chose a step (no `stepMinutes`) offered the quote form's fixed
 * lists within each day's hours: a day still at its seeded hours keeps its list, a day whose
 * hours the owner had changed now offers every hour of them (what those hours meant).
 */
/**
 * The seeded hours of those older rules where they differ from today's seed: weekdays then
 * opened at 3 PM (the first start before the 4 PM list), now at 9 AM with the same list.
 */
const PRE_STEP_SEEDED_START: Partial<Record<WeekdayName, string>> = {
  monday: '15:00',
  tuesday: '15:00',
  wednesday: '15:00',
  thursday: '15:00',
  friday: '15:00',
};

function withStartTimes(stored: AvailabilityRules): AvailabilityRules {
  if (typeof stored.stepMinutes === 'number') return stored;
  const week = { ...stored.week };
  for (const name of weekdayNames) {
    const hours = week[name];
    const seeded = DEFAULT_RULES.week[name];
    const seededStarts = [seeded.start, PRE_STEP_SEEDED_START[name] ?? seeded.start];
    week[name] =
      seededStarts.includes(hours.start) && hours.end === seeded.end
        ? { ...hours, times: seeded.times }
        : hours;
  }
  return { ...stored, week, stepMinutes: DEFAULT_RULES.stepMinutes };
}

export function readRules(db: Db): AvailabilityRules {
  const row = statement(db, 'SELECT rules FROM availability_rules WHERE id = 1').get() as
    { rules: string } | undefined;
  if (!row) return DEFAULT_RULES;
  // Rules stored before the add-ons' minutes moved into the offer still hold them: dropped.
  const { addonMinutes: _moved, ...rules } = JSON.parse(row.rules) as AvailabilityRules & {
    addonMinutes?: unknown;
  };
  return withStartTimes(rules as AvailabilityRules);
}

/** The rules a job's length is measured by: the owner's, with the published offer's add-on minutes. */
export function readJobRules(db: Db): JobRules {
  return jobRules(readRules(db), readPublishedOffer(db).offer);
}

/** Stores the rules whole (the schema has checked their shape); 400 naming what is wrong. */
export function replaceRules(
  db: Db,
  rules: AvailabilityRules,
  now = new Date(),
): AvailabilityRules {
  const problem = rulesProblem(rules);
  if (problem) throw badRequest(problem);
  statement(
    db,
    `INSERT INTO availability_rules (id, rules, updated_at) VALUES (1, @rules, @at)
     ON CONFLICT (id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
  ).run({ rules: JSON.stringify(rules), at: now.toISOString() });
  return readRules(db);
}

interface HeldRow {
  date: string;
  time: string;
  vehicle_type: string;
  selected_addons: string;
}

/**
 * What holds a time at `now`: a Booked booking with a time whose hold has not lapsed (a
 * visitor's request the owner has not confirmed holds until `hold_until`; docs/product.md §5).
 */
const HOLDS = `status = 'Booked' AND time != '' AND (hold_until IS NULL OR hold_until > @now)`;

/**
 * The bookings holding a time from `from` to `to` at `now`, by date; `except` leaves one
 * booking out.
 */
function heldByDate(
  db: Db,
  from: string,
  to: string,
  now: Date,
  except = '',
): Map<string, HeldJob[]> {
  const rows = statement(
    db,
    `SELECT date, time, vehicle_type, selected_addons FROM bookings
     WHERE ${HOLDS} AND date BETWEEN @from AND @to AND booking_id != @except`,
  ).all({ from, to, except, now: now.toISOString() }) as HeldRow[];
  const byDate = new Map<string, HeldJob[]>();
  for (const row of rows) {
    const job: HeldJob = {
      date: row.date,
      time: row.time,
      vehicleType: row.vehicle_type,
      addOns: JSON.parse(row.selected_addons) as string[],
    };
    const list = byDate.get(row.date);
    if (list) list.push(job);
    else byDate.set(row.date, [job]);
  }
  return byDate;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * `addOns=Pet Hair Removal,Ceramic Wax` as names; 400 naming the parameter for one the published
 * offer does not have turned on.
 */
export function parseAddOns(db: Db, text: string | undefined): string[] {
  const { offer } = readPublishedOffer(db);
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.find((name) => !isOfferedAddon(offer, name));
  if (unknown !== undefined) {
    throw badRequest(`query/addOns: "${unknown}" is not one of ${addonNames(offer).join(', ')}`);
  }
  return names;
}

/** The asked range of dates; 400 naming `query/to` when it is backwards or too long. */
function checkedRange(query: { from: string; to: string }): { from: string; to: string } {
  const { from, to } = query;
  const days = dayCount(from, to);
  if (days < 1) throw badRequest('query/to must not be earlier than query/from');
  if (days > MAX_RANGE_DAYS) {
    throw badRequest(`query/to must be at most ${MAX_RANGE_DAYS - 1} days after query/from`);
  }
  return { from, to };
}

/**
 * GET /availability: each date's free start times for the job; with `except`, the id of a
 * booking being moved (the caller has checked it is the customer's own), as if that booking
 * held no time.
 */
export function availableTimes(
  db: Db,
  query: { from: string; to: string; vehicleType: string; addOns?: string },
  now = new Date(),
  except = '',
): { date: string; times: string[] }[] {
  const { from, to } = checkedRange(query);
  const job = { vehicleType: query.vehicleType, addOns: parseAddOns(db, query.addOns) };
  const rules = readJobRules(db);
  const held = heldByDate(db, from, to, now, except);
  return freeTimes(rules, { from, to }, localNow(now), job, held);
}

/**
 * GET /owner/bookings/{id}/availability: each date's free start times on the owner's grid
 * (`ownerStarts`) for the booking's job, its own time not counted as held (404 for no booking).
 */
export function ownerBookingTimes(
  db: Db,
  bookingId: string,
  query: { from: string; to: string },
  now = new Date(),
): { date: string; times: string[] }[] {
  const row = bookingRow(db, bookingId);
  const { from, to } = checkedRange(query);
  const job = {
    vehicleType: row.vehicle_type,
    addOns: JSON.parse(row.selected_addons) as string[],
  };
  const held = heldByDate(db, from, to, now, bookingId);
  return freeTimes(readJobRules(db), { from, to }, localNow(now), job, held, ownerStarts);
}

/** Whose times a check is about: the start times offered, and the words of a refusal. */
interface Chooser {
  starts: StartTimes;
  refusal: (appointment: string) => string;
}

/** A customer's quote or reschedule: the times the rules offer. */
const CUSTOMER: Chooser = {
  starts: offeredTimes,
  refusal: (appointment) => `${appointment} is no longer free; please choose another time`,
};

/** The owner's schedule: every quarter hour of the working day, listed times or not. */
export const OWNER: Chooser = {
  starts: ownerStarts,
  refusal: (appointment) => `${appointment} is not one of your free times`,
};

/**
 * Refuses (409 with the nearest free times) a time that does not fit the rules and the held
 * bookings, among the `chooser`'s start times; `except` is the booking being moved. Run it in
 * the transaction that then holds the time.
 */
export function assertFree(
  db: Db,
  asked: Job & { date: string; time: string },
  now = new Date(),
  except = '',
  chooser: Chooser = CUSTOMER,
): void {
  const rules = readJobRules(db);
  const clock: LocalNow = localNow(now);
  const today = clock.date;
  const held = heldByDate(db, asked.date, asked.date, now, except).get(asked.date) ?? [];
  const free = freeTimesOn(rules, asked.date, clock, asked, held, chooser.starts);
  if (free.includes(asked.time)) return;
  // The day before the asked one (when not past) to two weeks after it, within the horizon.
  const from = later(today, addDays(asked.date, -1));
  const to = earlier(lastBookableDay(rules, today), addDays(asked.date, NEAREST_SEARCH_DAYS));
  const days =
    from <= to
      ? freeTimes(
          rules,
          { from, to },
          clock,
          asked,
          heldByDate(db, from, to, now, except),
          chooser.starts,
        )
      : [];
  throw new HttpError(
    409,
    chooser.refusal(appointmentText(asked)),
    {},
    {
      nearest: nearestFree(asked, days),
    },
  );
}

/**
 * A booking that keeps its date and time but becomes a longer job (another vehicle type): 409
 * with the nearest free times when the longer job no longer fits there (the next job, the
 * working day's end). A job that is no longer than before always keeps its own time, even when
 * the owner's hours have changed since.
 */
export function assertLongerJobFits(
  db: Db,
  before: Job,
  asked: Job & { date: string; time: string },
  now: Date,
  bookingId: string,
): void {
  const rules = readJobRules(db);
  if (jobDuration(rules, asked) <= jobDuration(rules, before)) return;
  assertFree(db, asked, now, bookingId, {
    starts: (rules, date) => (date === asked.date ? [asked.time] : offeredTimes(rules, date)),
    refusal: CUSTOMER.refusal,
  });
}

/** How many visitors' requests hold a time at `now`, matching `condition` (named parameters). */
function visitorHolds(
  db: Db,
  condition: string,
  params: Record<string, string>,
  now: Date,
): number {
  const row = statement(
    db,
    `SELECT COUNT(*) AS n FROM bookings
     WHERE ${HOLDS} AND hold_until IS NOT NULL AND ${condition}`,
  ).get({ ...params, now: now.toISOString() }) as { n: number };
  return row.n;
}

/** The bound on all visitors' holds a server set for its database (VISITOR_HOLDS_TOTAL), if not the default. */
const visitorHoldsTotals = new WeakMap<Db, number>();

export function setVisitorHoldsTotal(db: Db, total: number): void {
  visitorHoldsTotals.set(db, total);
}

/**
 * Until when a visitor's new request for `date` (sent by `emailLower`, without signing in) holds
 * its time: `ANONYMOUS_HOLDS.lapseHours` from `now` while that address, that day and all
 * visitors together are within their bounds (docs/product.md §5, "Holds"); otherwise `now`
 * itself, which holds nothing. Run it in the transaction that stores the request.
 */
export function visitorHoldUntil(db: Db, date: string, emailLower: string, now: Date): string {
  const { perEmail, dayShare, lapseHours } = ANONYMOUS_HOLDS;
  const total = visitorHoldsTotals.get(db) ?? ANONYMOUS_HOLDS.total;
  const dayLimit = Math.max(1, Math.floor(readRules(db).maxJobsPerDay * dayShare));
  const within =
    visitorHolds(db, 'email_lower = @email', { email: emailLower }, now) < perEmail &&
    visitorHolds(db, 'date = @date', { date }, now) < dayLimit &&
    visitorHolds(db, '1 = 1', {}, now) < total;
  return within
    ? new Date(now.getTime() + lapseHours * 3_600_000).toISOString()
    : now.toISOString();
}
