import { levelForPoints, nextTier, progressPercent } from './loyaltyPoints';

describe('loyalty levels (docs/product.md §4, §9)', () => {
  it.each([
    [0, 'Bronze'],
    [1999, 'Bronze'],
    [2000, 'Silver'],
    [3499, 'Silver'],
    [3500, 'Gold'],
    [4999, 'Gold'],
    [5000, 'Platinum'],
    [12000, 'Platinum'],
  ])('%d points is %s', (points, level) => {
    expect(levelForPoints(points)).toBe(level);
  });

  it('names the next tier and the points still needed, none at the top', () => {
    expect(nextTier(1999)).toEqual({ name: 'Silver', pointsNeeded: 1 });
    expect(nextTier(3500)).toEqual({ name: 'Platinum', pointsNeeded: 1500 });
    expect(nextTier(5000)).toBeNull();
  });

  it('progress is points / 5000, capped at 100 %', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(2500)).toBe(50);
    expect(progressPercent(7000)).toBe(100);
    expect(progressPercent(-10)).toBe(0);
  });
});
