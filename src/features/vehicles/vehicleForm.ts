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
