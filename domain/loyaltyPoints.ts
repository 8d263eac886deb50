import { dayjs, dayKey } from './dates';
import { loyaltyTiers, PROGRESS_MAX_POINTS, type LoyaltyLevel } from './loyalty';

/** docs/product.md §4: Bronze below 2000, Silver from 2000, Gold from 3500, Platinum from 5000. */
export function levelForPoints(points: number): LoyaltyLevel {
  let level: LoyaltyLevel = 'Bronze';
  for (const tier of loyaltyTiers) if (points >= tier.min) level = tier.name;
  return level;
}

/** The next tier and the points still needed, or null at the top. */
export function nextTier(points: number): { name: LoyaltyLevel; pointsNeeded: number } | null {
  const next = loyaltyTiers.find((tier) => tier.min > points);
  return next ? { name: next.name, pointsNeeded: next.min - points } : null;
}

/** docs/product.md §9: progress is points / 5000, capped at 100 percent (and never below 0). */
export function progressPercent(points: number): number {
  return Math.max(0, Math.min(100, (points / PROGRESS_MAX_POINTS) * 100));
}

/**
 * A redeem counts negative whichever sign it was sent with; any other transaction keeps its own
 * sign, so a negative adjustment subtracts (docs/product.md §4).
 */
export function signedPoints(tx: { type: string; points: number }): number {
  return tx.type === 'redeem' ? -Math.abs(tx.points) : tx.points;
}

export interface CumulativePoint {
  /** Day (YYYY-MM-DD) */
  day: string;
  date: Date;
  total: number;
}

/**
 * The cumulative points line by day (docs/product.md §4): days are calendar days in America/New_York
 * (as the transactions table shows them); transactions without a date are skipped;
 * several on one day collapse into that day's closing total; with a single transaction (or
 * a single day) a zero point is added one day before it. Linear after sorting. `date` is local midnight of
 * the day, so a time axis formatted in the browser shows that same day.
 */
export function cumulativeSeries(
  transactions: readonly { date: string; type: string; points: number }[],
): CumulativePoint[] {
  const dated = transactions
    .map((tx) => ({ tx, time: tx.date ? Date.parse(tx.date) : Number.NaN }))
    .filter((d) => Number.isFinite(d.time))
    .sort((a, b) => a.time - b.time);
  const byDay = new Map<string, number>();
  let total = 0;
  for (const { tx, time } of dated) {
    total += signedPoints(tx);
    byDay.set(dayKey(new Date(time)), total);
  }
  const series = [...byDay].map(([day, value]) => ({
    day,
    date: dayjs(day).toDate(),
    total: value,
  }));
  // One point draws no line: a zero point the day before starts it (docs/product.md §4: a single
  // transaction; equally several on a single day).
  if (series.length === 1 && series[0]) {
    const before = dayjs(series[0].day).subtract(1, 'day');
    series.unshift({ day: before.format('YYYY-MM-DD'), date: before.toDate(), total: 0 });
  }
  return series;
}
