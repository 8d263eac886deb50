import { signedPoints } from './loyaltyPoints';
import { cumulativeSeries } from './loyaltySeries';

const tx = (date: string, type: string, points: number) => ({ date, type, points });
const days = (series: ReturnType<typeof cumulativeSeries>) => series.map((p) => [p.day, p.total]);

describe('cumulativeSeries (docs/product.md §4)', () => {
  it('adds earned points day by day, counts a redeem negative, and sorts by date', () => {
    const series = cumulativeSeries([
      tx('2026-03-10T15:00:00Z', 'redeem', 300),
      tx('2026-03-01T15:00:00Z', 'signup_bonus', 100),
      tx('2026-03-05T15:00:00Z', 'earn', 500),
    ]);
    expect(days(series)).toEqual([
      ['2026-03-01', 100],
      ['2026-03-05', 600],
      ['2026-03-10', 300],
    ]);
    expect(signedPoints({ type: 'redeem', points: 300 })).toBe(-300);
    expect(signedPoints({ type: 'redeem', points: -300 })).toBe(-300);
    expect(signedPoints({ type: 'adjustment', points: -40 })).toBe(-40);
  });

  it('collapses a day into its closing total (a single day also starts from zero)', () => {
    const series = cumulativeSeries([
      tx('2026-03-05T13:00:00Z', 'earn', 200),
      tx('2026-03-05T18:00:00Z', 'redeem', 50),
    ]);
    expect(days(series)).toEqual([
      ['2026-03-04', 0],
      ['2026-03-05', 150],
    ]);
  });

  it('adds a zero point one day before a single transaction', () => {
    expect(days(cumulativeSeries([tx('2026-03-05T15:00:00Z', 'earn', 150)]))).toEqual([
      ['2026-03-04', 0],
      ['2026-03-05', 150],
    ]);
  });

  it('counts days in New York, like the transactions table (late evening is not tomorrow)', () => {
    expect(days(cumulativeSeries([tx('2026-03-01T03:30:00Z', 'earn', 100)]))).toEqual([
      ['2026-02-27', 0],
      ['2026-02-28', 100],
    ]);
  });

  it('skips transactions without a date, and is empty without any', () => {
    const undatedFirst = [
      tx('', 'earn', 100),
      tx('2026-03-05T15:00:00Z', 'earn', 50),
      tx('2026-03-06T15:00:00Z', 'earn', 50),
    ];
    expect(days(cumulativeSeries(undatedFirst))).toEqual([
      ['2026-03-05', 50],
      ['2026-03-06', 100],
    ]);
    expect(cumulativeSeries([])).toEqual([]);
    expect(cumulativeSeries([tx('', 'earn', 100)])).toEqual([]);
  });

  it('dates each point at local midnight of its day (what a time axis shows)', () => {
    const [point] = cumulativeSeries([
      tx('2026-03-05T15:00:00Z', 'earn', 1),
      tx('2026-03-06T15:00:00Z', 'earn', 1),
    ]);
    expect(point!.date.getFullYear()).toBe(2026);
    expect(point!.date.getMonth()).toBe(2);
    expect(point!.date.getDate()).toBe(5);
    expect(point!.date.getHours()).toBe(0);
  });
});
