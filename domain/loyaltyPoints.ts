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
