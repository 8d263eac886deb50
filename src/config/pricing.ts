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

/** Packages are advertised as starting from this price. */
export const STARTING_PRICE = 90;
