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
