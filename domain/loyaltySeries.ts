import { dayjs } from './dayjs';
import { dayKey } from './dates';
import { signedPoints } from './loyaltyPoints';

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
