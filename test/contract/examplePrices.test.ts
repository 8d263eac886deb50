/**
 * Every example of openapi.yaml that shows a booking's price shows the price the seeded offer
 * charges (domain/pricing.ts's `quoteTotal` of domain/offer.ts's defaults): a mock answers with
 * these examples and a reader takes them for the price list, so a Sedan example at $95 teaches a
 * wrong price. The offer's own example is the seeded offer (its reviews and gallery abridged).
 */
import { loadOpenApi } from '../../domain/contract/openapi';
import { DEFAULT_OFFER, type Offer } from '../../domain/offer';
import { quoteTotal } from '../../domain/pricing';

const seededTotal = (type: string, addons: string[]) => quoteTotal(DEFAULT_OFFER, type, addons);

interface Priced {
  where: string;
  vehicleType: string;
  selectedAddons: string[];
  totalPrice: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object anywhere in the document that carries a type, its add-ons and a total. */
function pricedObjects(value: unknown, where: string, found: Priced[] = []): Priced[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => pricedObjects(item, `${where}[${index}]`, found));
  } else if (isRecord(value)) {
    const { vehicleType, selectedAddons, totalPrice } = value;
    if (
      typeof vehicleType === 'string' &&
      Array.isArray(selectedAddons) &&
      typeof totalPrice === 'number'
    ) {
      found.push({ where, vehicleType, selectedAddons: selectedAddons.map(String), totalPrice });
    }
    for (const [key, child] of Object.entries(value))
      pricedObjects(child, `${where}/${key}`, found);
  }
  return found;
}

const priced = pricedObjects(loadOpenApi(), '#');

it('finds the examples that show a price (requests, bookings, owner pages)', () => {
  expect(priced.length).toBeGreaterThanOrEqual(10);
});

it("shows every booking's total as the price list computes it", () => {
  const wrong = priced
    .filter((p) => p.totalPrice !== seededTotal(p.vehicleType, p.selectedAddons))
    .map(
      (p) =>
        `${p.where}: ${p.vehicleType} with [${p.selectedAddons.join(', ')}] says ${p.totalPrice}, the price list ${seededTotal(p.vehicleType, p.selectedAddons)}`,
    );
  expect(wrong).toEqual([]);
});

it('shows the seeded offer as the offer’s example (its reviews and pictures among the seeded ones)', () => {
  const examples = loadOpenApi().components.examples as Record<string, { value: unknown }>;
  const example = examples.Offer!.value as Offer;
  const { reviews, gallery, ...rest } = example;
  const { reviews: seededReviews, gallery: seededGallery, ...seeded } = DEFAULT_OFFER;
  expect(rest).toEqual(seeded);
  for (const review of reviews) expect(seededReviews.map((r) => r.name)).toContain(review.name);
  for (const picture of gallery) expect(seededGallery).toContainEqual(picture);
});
