/**
 * The normalisers' types are checked against the contract (./normalize.ts): these lines are
 * compiled by `npm run typecheck` (tsconfig.web-test.json), and each `@ts-expect-error` fails the
 * typecheck if the error it expects is gone, i.e. if a forgotten field would compile.
 */
import { normalizeVehicle, type Covers, type Normalized, type Vehicle } from './normalize';

/** A schema as openapi.yaml would declare it, with a field the app has not caught up with. */
interface SchemaWithNewField {
  vehicleId: string;
  make: string;
  color?: string | null;
}

describe('the normalisers follow every field of the contract', () => {
  it('a field of the schema left out of a normalised object is a compile error', () => {
    // @ts-expect-error Property 'color' is missing: an optional schema field is required here.
    const forgotten: Normalized<SchemaWithNewField> = { vehicleId: 'v1', make: 'Honda' };
    const complete: Normalized<SchemaWithNewField> = { vehicleId: 'v1', make: 'Honda', color: '' };
    expect(forgotten.make).toBe(complete.make);
  });

  it('a schema field neither in the app type nor named as left out is a compile error', () => {
    // @ts-expect-error 'color' is in the schema, not in the app type, not left out.
    const uncovered: Covers<{ vehicleId: string; make: string }, SchemaWithNewField> = true;
    const leftOut: Covers<{ vehicleId: string; make: string }, SchemaWithNewField, 'color'> = true;
    expect(uncovered).toBe(leftOut);
  });

  it("the app's Vehicle has every field of the contract's Vehicle, filled", () => {
    const vehicle: Vehicle = normalizeVehicle({ id: 'v1', make: 'Honda', model: 'Fit' });
    expect(Object.keys(vehicle).sort()).toEqual(
      ['licensePlate', 'make', 'model', 'vehicleId', 'year'].sort(),
    );
    expect(vehicle.licensePlate).toBe('');
  });
});
