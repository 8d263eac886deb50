import type { VehicleInput } from '../../api/generated';
import type { Vehicle } from '../../api/normalize';

/**
 * One text per field of the contract's `VehicleInput`: a field added to openapi.yaml is a compile
 * error here (the empty form, `toVehicleForm`, `toVehicleBody` and the page's `formFields`) until
 * the form handles it.
 */
export type VehicleFormValues = Record<keyof VehicleInput, string>;

export const emptyVehicleForm: VehicleFormValues = {
  make: '',
  model: '',
  year: '',
  licensePlate: '',
};

/** "2020 Honda Civic – ABC1234", with N/A when there is no plate (docs/product.md §2). */
export function vehicleLine(v: Pick<Vehicle, 'year' | 'make' | 'model' | 'licensePlate'>): string {
  const name = [v.year || '', v.make, v.model].filter(Boolean).join(' ');
  return `${name} – ${v.licensePlate || 'N/A'}`;
}

export function toVehicleForm(v: Vehicle): VehicleFormValues {
  return {
    make: v.make,
    model: v.model,
    year: v.year ? String(v.year) : '',
    licensePlate: v.licensePlate,
  };
}

/** No checks on the client (docs/product.md §5): strings trimmed, the year converted to a number. */
export function toVehicleBody(values: VehicleFormValues): Required<VehicleInput> {
  return {
    make: values.make.trim(),
    model: values.model.trim(),
    year: Number(values.year.trim()),
    licensePlate: values.licensePlate.trim(),
  };
}
