/**
 * docs/product.md §9 and "The business's offer": the vehicle types and the quote's total under an
 * offer (./offer.ts). Prices in whole US dollars. The four vehicle types are the contract's; their
 * prices and descriptions, and the add-ons, are the offer's.
 */
import type { AddonOffer, Offer } from './contract/types';

export const vehicleTypeNames = ['Sedan', 'SUV', 'Minivan', 'Premium Package'] as const;

export type VehicleTypeName = (typeof vehicleTypeNames)[number];

export const PREMIUM_PACKAGE: VehicleTypeName = 'Premium Package';

export interface VehicleTypeShown {
  name: VehicleTypeName;
  price: number;
  description: string;
}

/** The vehicle types in the contract's order, with the offer's prices and descriptions. */
export const vehicleTypes = (offer: Offer): VehicleTypeShown[] =>
  vehicleTypeNames.map((name) => ({ name, ...offer.vehicleTypes[name] }));

/** The Premium Package's advertised list price and saving (its price plus the saving). */
export function premiumAdvertised(offer: Offer): {
  listPrice: number;
  saving: number;
  percentOff: number;
} {
  const price = offer.vehicleTypes[PREMIUM_PACKAGE].price;
  const listPrice = price + offer.premiumSaving;
  const percentOff = listPrice > 0 ? Math.round((offer.premiumSaving / listPrice) * 100) : 0;
  return { listPrice, saving: offer.premiumSaving, percentOff };
}

/** The add-ons on offer (turned on), in the offer's order. */
export const offeredAddons = (offer: Offer): AddonOffer[] =>
  offer.addons.filter((addon) => addon.enabled);

/** The names of the add-ons on offer, in order. */
export const addonNames = (offer: Offer): string[] => offeredAddons(offer).map((a) => a.name);

/** Packages are advertised as starting from the cheapest vehicle type's price. */
export const startingPrice = (offer: Offer): number =>
  Math.min(...vehicleTypeNames.map((name) => offer.vehicleTypes[name].price));

export const isVehicleType = (value: unknown): value is VehicleTypeName =>
  vehicleTypeNames.some((name) => name === value);

/** Whether the offer has this add-on turned on. */
export const isOfferedAddon = (offer: Offer, value: unknown): boolean =>
  offeredAddons(offer).some((a) => a.name === value);

export function basePrice(offer: Offer, type: string): number {
  return isVehicleType(type) ? offer.vehicleTypes[type].price : 0;
}

/** Add-ons on offer in the price list's order, without duplicates or unknown names. */
export function orderedAddons(offer: Offer, selected: readonly string[]): string[] {
  return addonNames(offer).filter((name) => selected.includes(name));
}

/** The add-ons a booking of this type includes: all of those on offer for the Premium Package. */
export function includedAddons(offer: Offer, type: string, selected: readonly string[]): string[] {
  return type === PREMIUM_PACKAGE ? addonNames(offer) : orderedAddons(offer, selected);
}

/**
 * docs/product.md §9: the total is the base price plus the selected add-ons; the Premium Package
 * is a flat price with every add-on; no (or an unknown) vehicle type is 0; an add-on not on offer
 * counts nothing. The wizard shows it, the server checks and stores it, and the contract check
 * expects it.
 */
export function quoteTotal(offer: Offer, type: string | null, selected: readonly string[]): number {
  if (!type) return 0;
  if (type === PREMIUM_PACKAGE) return basePrice(offer, type);
  return orderedAddons(offer, selected).reduce(
    (sum, name) => sum + (offer.addons.find((a) => a.name === name)?.price ?? 0),
    basePrice(offer, type),
  );
}
