/**
 * My Bookings chart data (docs/product.md §2 and §9 charts). Pure and linear in the number of
 * bookings: one pass over each list into a Map keyed by month (America/New_York).
 */
import { monthKey } from '../../domain/dates';
import { dayjs } from '../../domain/dayjs';
import { statusCounts } from './bookingStats';
import { bookingStatuses, type BookingStatus } from './status';

/** docs/product.md §9: the left (count) axis suggests a maximum of 5. */
export const COUNT_AXIS_SUGGESTED_MAX = 5;
/** docs/product.md §9: the right (amount) axis reaches at least this amount, before headroom. */
export const AMOUNT_AXIS_MIN_MAX = 100;
/** docs/product.md §9: headroom above the largest amount. */
export const AMOUNT_AXIS_HEADROOM = 1.1;

interface TrendBooking {
  /** ISO instant of the appointment; '' when unknown (such bookings are not charted). */
  startsAt: string;
  status: BookingStatus;
}

export interface MonthTrend {
  /** YYYY-MM in America/New_York */
  month: string;
  /** e.g. "Mar 2026" */
  label: string;
  /** Website bookings that were completed or cancelled in the month. */
  website: number;
  /** External (scheduling-service) bookings that were completed or cancelled. */
  external: number;
  /** Amount spent on completed website bookings in the month (US dollars). */
  websiteAmount: number;
}

const counted = (status: BookingStatus) => status === 'Completed' || status === 'Cancelled';

function monthOf(startsAt: string): string | null {
  if (!startsAt) return null;
  const time = Date.parse(startsAt);
  return Number.isFinite(time) ? monthKey(new Date(time)) : null;
}

function emptyMonth(month: string): MonthTrend {
  return {
    month,
    label: dayjs(`${month}-01`).format('MMM YYYY'),
    website: 0,
    external: 0,
    websiteAmount: 0,
  };
}

/**
 * Completed plus cancelled bookings per month, website and external, with the website
 * amount spent (completed bookings' totals). Months between the first and the last are
 * included (with zeros) so the trend reads as a timeline. O(bookings + months).
 */
export function monthlyTrends(
  website: readonly (TrendBooking & { totalPrice: number })[],
  external: readonly TrendBooking[],
): MonthTrend[] {
  const byMonth = new Map<string, MonthTrend>();
  const bucket = (month: string) => {
    let entry = byMonth.get(month);
    if (!entry) {
      entry = emptyMonth(month);
      byMonth.set(month, entry);
    }
    return entry;
  };
  for (const b of website) {
    if (!counted(b.status)) continue;
    const month = monthOf(b.startsAt);
    if (!month) continue;
    const entry = bucket(month);
    entry.website += 1;
    if (b.status === 'Completed') entry.websiteAmount += b.totalPrice;
  }
  for (const b of external) {
    if (!counted(b.status)) continue;
    const month = monthOf(b.startsAt);
    if (month) bucket(month).external += 1;
  }
  if (byMonth.size === 0) return [];
  const keys = [...byMonth.keys()].sort();
  const last = keys[keys.length - 1]!;
  const out: MonthTrend[] = [];
  for (let m = dayjs(`${keys[0]}-01`); ; m = m.add(1, 'month')) {
    const key = m.format('YYYY-MM');
    out.push(byMonth.get(key) ?? emptyMonth(key));
    if (key >= last) break;
  }
  return out;
}

/** Left axis: at least the suggested 5, more when a month's stack is taller. */
export function countAxisMax(trends: readonly MonthTrend[]): number {
  let max = COUNT_AXIS_SUGGESTED_MAX;
  for (const t of trends) max = Math.max(max, t.website + t.external);
  return max;
}

/** Right axis: max(largest amount, 100) × 1.1. */
export function amountAxisMax(trends: readonly MonthTrend[]): number {
  let max = AMOUNT_AXIS_MIN_MAX;
  for (const t of trends) max = Math.max(max, t.websiteAmount);
  return max * AMOUNT_AXIS_HEADROOM;
}

export interface StatusBreakdownRow {
  status: BookingStatus;
  website: number;
  external: number;
}

/** Booked, Completed and Cancelled counts, website versus external. Linear. */
export function statusBreakdown(
  website: readonly { status: BookingStatus }[],
  external: readonly { status: BookingStatus }[],
): StatusBreakdownRow[] {
  const w = statusCounts(website);
  const e = statusCounts(external);
  return bookingStatuses.map((status) => ({ status, website: w[status], external: e[status] }));
}
