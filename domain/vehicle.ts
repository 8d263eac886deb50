/**
 * How a vehicle is written, everywhere: the customer's pages, the owner console and the e-mails.
 * A field added to a vehicle is added here, and every screen and e-mail shows it.
 */

/** What is known of a saved vehicle (the contract's `Vehicle` and `VehicleRef`). */
export interface VehicleFacts {
  make: string;
  model: string;
  year?: number | null;
  licensePlate?: string | null;
}

/** `Toyota RAV4 (2019)`: make model (year), as docs/product.md §3 names a vehicle. */
export function vehicleName(vehicle: VehicleFacts): string {
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return vehicle.year ? `${name} (${vehicle.year})` : name;
}

/**
 * A booking's vehicle: a saved one as `Toyota RAV4 (2019) · XYZ-987` (the plate when it has one),
 * a typed one as it was typed; '' when there is none.
 */
export function vehicleText(vehicle: string | VehicleFacts | null | undefined): string {
  if (!vehicle) return '';
  if (typeof vehicle === 'string') return vehicle;
  return [vehicleName(vehicle), vehicle.licensePlate].filter(Boolean).join(' · ');
}

/** My Vehicles' row (docs/product.md §2): `2019 Toyota RAV4 – XYZ-987`, N/A without a plate. */
export function vehicleRow(vehicle: VehicleFacts): string {
  const name = [vehicle.year || '', vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return `${name} – ${vehicle.licensePlate || 'N/A'}`;
}
