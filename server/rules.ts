/**
 * The business rules of the reference server, built on the app's own constants
 * (src/config) so prices and rewards have one source.
 */
import { addons, PREMIUM_PACKAGE, vehicleTypes } from '../src/config/pricing';
import { rewardHints } from '../src/config/loyalty';

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
/** Signed picture URLs work for this long. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
export const DEFAULT_SERVICE_NAME = 'Detailing Service';

/** docs/product.md §9: base price plus add-ons; Premium Package is a flat price with every add-on. */
export function quoteTotal(vehicleType: string, selectedAddons: readonly string[]): number {
  const base = vehicleTypes.find((type) => type.name === vehicleType)?.price ?? 0;
  if (vehicleType === PREMIUM_PACKAGE) return base;
  return selectedAddons.reduce(
    (sum, name) => sum + (addons.find((addon) => addon.name === name)?.price ?? 0),
    base,
  );
}

/** The add-ons a booking of this type includes: all of them for the Premium Package. */
export function includedAddons(vehicleType: string, selectedAddons: readonly string[]): string[] {
  return vehicleType === PREMIUM_PACKAGE ? addons.map((addon) => addon.name) : [...selectedAddons];
}

/** Points earned when a booking is completed. */
export function pointsForCompletedBooking(totalPrice: number, vehicleType: string): number {
  return (
    Math.floor(totalPrice) * POINTS_PER_DOLLAR +
    (vehicleType === PREMIUM_PACKAGE ? PREMIUM_BONUS : 0)
  );
}
