import type { LoyaltyTransaction } from './contract/types';
import { PREMIUM_PACKAGE } from './pricing';

/** docs/product.md §4 and §9: loyalty tiers and rewards. */
export const loyaltyTiers = [
  { name: 'Bronze', min: 0 },
  { name: 'Silver', min: 2000 },
  { name: 'Gold', min: 3500 },
  { name: 'Platinum', min: 5000 },
] as const;
export type LoyaltyLevel = (typeof loyaltyTiers)[number]['name'];
export const PROGRESS_MAX_POINTS = 5000;
export const POINT_VALUE_USD = 0.1;
export const REDEEMABLE_FROM = 2000;
export const AUTO_REDEEM_AT = 5000;
export const rewardHints = [
  { label: 'Premium Wash', points: 200 },
  { label: 'Refer a Friend', points: 300 },
  { label: 'Join a Subscription Plan', points: 500 },
] as const;
export const TOP_LEVEL_MESSAGE = "You're already at the top!";

function rewardPoints(label: (typeof rewardHints)[number]['label']): number {
  const hint = rewardHints.find((item) => item.label === label);
  if (!hint) throw new Error(`No reward hint ${label}`);
  return hint.points;
}

/** Written once, on the customer's first authenticated request. */
export const SIGNUP_BONUS = 100;
/** Extra points when a Premium Package booking is completed ("Premium Wash +200"). */
export const PREMIUM_BONUS = rewardPoints('Premium Wash');
/** Points when a customer starts a plan for the first time ("Join a Subscription Plan +500"). */
export const FIRST_SUBSCRIPTION_BONUS = rewardPoints('Join a Subscription Plan');
/** Each completed booking earns this many points per whole dollar of its total. */
export const POINTS_PER_DOLLAR = 1;
/** Points earned when a booking is completed. */
export function pointsForCompletedBooking(totalPrice: number, vehicleType: string): number {
  return (
    Math.floor(totalPrice) * POINTS_PER_DOLLAR +
    (vehicleType === PREMIUM_PACKAGE ? PREMIUM_BONUS : 0)
  );
}

/**
 * What a points transaction is called, on the customer's Loyalty page and in the owner console:
 * one name per type of the contract's `LoyaltyTransaction` (a new type is a compile error here).
 */
export const transactionTypeLabels: Readonly<Record<LoyaltyTransaction['type'], string>> = {
  earn: 'Earned',
  redeem: 'Redeemed',
  signup_bonus: 'Signup bonus',
  adjustment: 'Adjustment',
};

/** A transaction's type in words; one this code does not know yet in its own (`Referral bonus`). */
export function transactionTypeLabel(type: string): string {
  const known = (transactionTypeLabels as Readonly<Record<string, string>>)[type];
  if (known) return known;
  const text = type.replace(/_/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Other';
}
