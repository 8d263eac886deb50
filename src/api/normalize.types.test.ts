/**
 * The normalisers' types are checked against the contract (./normalize.ts): these lines are
 * compiled by `npm run typecheck` (tsconfig.web-test.json), and each `@ts-expect-error` fails the
 * typecheck if the error it expects is gone, i.e. if a forgotten field would compile.
 */
import {
  emptyLoyalty,
  normalizeExternalBooking,
  normalizeLoyalty,
  normalizeLoyaltyTransaction,
  normalizeProfile,
  normalizeServicePic,
  normalizeSubscription,
  normalizeVehicle,
  normalizeWebsiteBooking,
  type Covers,
  type Normalized,
  type Vehicle,
} from './normalize';
import type * as Contract from './generated';

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

  it('every normaliser answers every field of its schema, none missing or null', () => {
    // Each line is `true` only while the normaliser's type has every field of its schema (the
    // booking's contact fields and the scheduling service's raw start are left out on purpose).
    const covered: [
      Covers<ReturnType<typeof normalizeProfile>, Contract.Profile>,
      Covers<ReturnType<typeof normalizeProfile>['serviceAddress'], Contract.Address>,
      Covers<ReturnType<typeof normalizeProfile>['emailPreferences'], Contract.EmailPreferences>,
      Covers<ReturnType<typeof normalizeVehicle>, Contract.Vehicle>,
      Covers<
        ReturnType<typeof normalizeWebsiteBooking>,
        Contract.Booking,
        'name' | 'phone' | 'message' | 'serviceAddress'
      >,
      Covers<ReturnType<typeof normalizeExternalBooking>, Contract.CalendlyBooking, 'startTime'>,
      Covers<ReturnType<typeof normalizeServicePic>, Contract.ServicePic>,
      Covers<ReturnType<typeof normalizeSubscription>, Contract.Subscription>,
      Covers<ReturnType<typeof normalizeLoyaltyTransaction>, Contract.LoyaltyTransaction>,
      Covers<ReturnType<typeof normalizeLoyalty>, Contract.Loyalty>,
    ] = [true, true, true, true, true, true, true, true, true, true];
    expect(covered.every(Boolean)).toBe(true);

    // And at run time: from an empty answer, every field is there and none is null.
    const fromNothing = [
      normalizeProfile({}),
      normalizeProfile({}).serviceAddress,
      normalizeVehicle({}),
      normalizeWebsiteBooking({}),
      normalizeExternalBooking({}),
      normalizeServicePic({}),
      normalizeSubscription({}),
      normalizeLoyaltyTransaction({}, 0),
      normalizeLoyalty({}),
      emptyLoyalty,
    ];
    for (const value of fromNothing) {
      const missing = Object.entries(value).filter(([, field]) => field == null);
      expect(missing).toEqual([]);
    }
  });
});
