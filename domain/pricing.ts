/** docs/product.md §9: vehicle types, base prices and add-ons. Prices in whole US dollars. */
export const vehicleTypes = [
  { name: 'Sedan', price: 90, description: 'standard 4-door vehicles' },
  { name: 'SUV', price: 120, description: 'sport utility vehicles and crossovers' },
  { name: 'Minivan', price: 150, description: 'large family vehicles and vans' },
  { name: 'Premium Package', price: 200, description: 'all add-ons included' },
] as const;

export type VehicleTypeName = (typeof vehicleTypes)[number]['name'];

export const PREMIUM_PACKAGE: VehicleTypeName = 'Premium Package';
/** Premium is advertised as $250 with $50 (20%) off. */
export const premiumAdvertised = { listPrice: 250, saving: 50, percentOff: 20 } as const;

export const addons = [
  { name: 'Tire Shine & Wheel Detail', price: 15 },
  { name: 'Pet Hair Removal', price: 25 },
  { name: 'Leather Conditioning', price: 30 },
  { name: 'Vinyl Protection', price: 30 },
  { name: 'Hydrophobic Coating', price: 30 },
  { name: 'Ceramic Wax', price: 50 },
] as const;

export type AddonName = (typeof addons)[number]['name'];

/** Packages are advertised as starting from the cheapest vehicle type's price. */
export const STARTING_PRICE = Math.min(...vehicleTypes.map((type) => type.price));

export const addonNames: readonly AddonName[] = addons.map((a) => a.name);

export const isVehicleType = (value: unknown): value is VehicleTypeName =>
  vehicleTypes.some((v) => v.name === value);
export const isAddon = (value: unknown): value is AddonName => addons.some((a) => a.name === value);

export function basePrice(type: string): number {
  return vehicleTypes.find((v) => v.name === type)?.price ?? 0;
}

/** Add-ons in the order the price list shows them, without duplicates or unknown names. */
export function orderedAddons(selected: readonly string[]): AddonName[] {
  return addonNames.filter((name) => selected.includes(name));
}

/** The add-ons a booking of this type includes: all of them for the Premium Package. */
export function includedAddons(type: string, selected: readonly string[]): AddonName[] {
  return type === PREMIUM_PACKAGE ? [...addonNames] : orderedAddons(selected);
}

/**
 * docs/product.md §9: the total is the base price plus the selected add-ons; the Premium Package
 * is a flat price with every add-on; no (or an unknown) vehicle type is 0. The wizard shows it,
 * the server stores it, and the contract check expects it.
 */
export function quoteTotal(type: string | null, selected: readonly string[]): number {
  if (!type) return 0;
  if (type === PREMIUM_PACKAGE) return basePrice(type);
  return orderedAddons(selected).reduce(
    (sum, name) => sum + (addons.find((a) => a.name === name)?.price ?? 0),
    basePrice(type),
  );
}
