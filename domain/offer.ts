/**
 * The business's offer as data (docs/product.md, "The business's offer"): the four vehicle types'
 * prices and descriptions, the add-ons (price, minutes of work, on/off, order), the Premium
 * Package's advertised saving, the plans, the towns of the service area, the contact details,
 * the reviews and the gallery. The owner changes it (`PUT /owner/offer/draft`) and publishes it
 * (`POST /owner/offer/publish`); everything else reads the published one. `DEFAULT_OFFER` is the
 * seeded defaults: the server's first version, and what the prerendered pages are built from.
 */
import type { Offer } from './contract/types';
import { BUSINESS_DEFAULTS } from './business';

export type { Offer } from './contract/types';

/** The seeded defaults' version number (the server stores them as its first version). */
export const SEEDED_OFFER_VERSION = 1;

export const DEFAULT_OFFER: Offer = {
  vehicleTypes: {
    Sedan: { price: 90, description: 'standard 4-door vehicles' },
    SUV: { price: 120, description: 'sport utility vehicles and crossovers' },
    Minivan: { price: 150, description: 'large family vehicles and vans' },
    'Premium Package': { price: 200, description: 'all add-ons included' },
  },
  addons: [
    { name: 'Tire Shine & Wheel Detail', price: 15, minutes: 15, enabled: true },
    { name: 'Pet Hair Removal', price: 25, minutes: 30, enabled: true },
    { name: 'Leather Conditioning', price: 30, minutes: 20, enabled: true },
    { name: 'Vinyl Protection', price: 30, minutes: 15, enabled: true },
    { name: 'Hydrophobic Coating', price: 30, minutes: 30, enabled: true },
    { name: 'Ceramic Wax', price: 50, minutes: 30, enabled: true },
  ],
  // Premium is advertised as $250 with $50 (20%) off.
  premiumSaving: 50,
  plans: {
    weekly: {
      pricePerVisit: 70,
      includes: ['Exterior hand wash and dry', 'Wheels and tires cleaned', 'Interior vacuum'],
    },
    biweekly: {
      pricePerVisit: 80,
      includes: [
        'Exterior hand wash and dry',
        'Wheels and tires cleaned',
        'Interior vacuum and wipe-down',
      ],
    },
    monthly: {
      pricePerVisit: 90,
      includes: [
        'Exterior hand wash and dry',
        'Wheels and tires cleaned',
        'Interior vacuum and wipe-down',
        'Spray sealant',
      ],
    },
  },
  // docs/product.md §2: the eight towns of the service area, in the spec's order.
  towns: [
    'Cary',
    'Apex',
    'Morrisville',
    'Durham',
    'Raleigh',
    'Holly Springs',
    'Garner',
    'Wake Forest',
  ],
  contact: { phone: BUSINESS_DEFAULTS.phone, email: BUSINESS_DEFAULTS.email },
  // docs/product.md §1: three community reviews (the link to more is the business's social page).
  reviews: [
    {
      name: 'Jessica M.',
      town: 'Cary',
      rating: 5,
      text:
        'They showed up right on time and had our SUV looking better than the day we bought it. ' +
        'The pet hair removal alone was worth it: our golden retriever sheds on everything!',
    },
    {
      name: 'David R.',
      town: 'Apex',
      rating: 5,
      text:
        'I booked the Premium Package for the minivan before a beach trip. Ceramic wax, leather ' +
        'conditioning, spotless glass, and all of it done in our driveway while I worked from home.',
    },
    {
      name: 'Priya S.',
      town: 'Morrisville',
      rating: 5,
      text:
        'They detailed my sedan in the office parking lot during a workday. Friendly, careful with ' +
        'the paint, and the price was exactly what the quote said. Already booked my next visit.',
    },
  ],
  // Our own illustrations (assets/images/gallery; web versions made by scripts/build/images.ts).
  gallery: [
    {
      picture: 'gallery/01-foam-bath',
      alt: 'Illustration of a red sedan covered in thick wash foam in a home driveway',
      caption: 'Foam pre-wash before the hand wash',
    },
    {
      picture: 'gallery/02-wheel-detail',
      alt: 'Close-up illustration of a clean alloy wheel with glossy tire shine',
      caption: 'Wheel detail and tire shine',
    },
    {
      picture: 'gallery/03-leather-interior',
      alt: 'Illustration of two tan leather front seats, cleaned and conditioned',
      caption: 'Leather cleaned and conditioned',
    },
    {
      picture: 'gallery/04-ceramic-gloss',
      alt: 'Illustration of a mirror-gloss black hood reflecting the sky after a ceramic wax',
      caption: 'Ceramic wax gloss',
    },
    {
      picture: 'gallery/05-suv-rinse',
      alt: 'Illustration of a white SUV being rinsed with a pressure-wash wand',
      caption: 'Rinse-down on a white SUV',
    },
    {
      picture: 'gallery/06-dashboard',
      alt: 'Illustration of a clean dashboard with steering wheel, gauges and a screen',
      caption: 'Dashboard cleaned and protected',
    },
    {
      picture: 'gallery/07-water-beading',
      alt: 'Illustration of water beading on blue paint after a hydrophobic coating',
      caption: 'Hydrophobic coating at work',
    },
    {
      picture: 'gallery/08-paint-correction',
      alt: 'Illustration of red paint, swirled on the left half and polished to a gloss on the right, with a polisher',
      caption: 'Polishing: before and after',
    },
    {
      picture: 'gallery/09-minivan-driveway',
      alt: 'Illustration of a freshly detailed silver minivan in front of a house at golden hour',
      caption: 'Family minivan, detailed at home',
    },
    {
      picture: 'gallery/10-headlight-restoration',
      alt: 'Illustration of a headlight, yellowed on the left half and clear on the right',
      caption: 'Headlight lenses cleaned and polished',
    },
    {
      picture: 'gallery/11-pet-hair-removal',
      alt: 'Illustration of a vacuum lifting pet hair from a gray back seat, the right half already clean',
      caption: 'Pet hair removal',
    },
    {
      picture: 'gallery/12-sunset-finish',
      alt: 'Illustration of a glossy blue sedan at sunset, reflected in wet pavement',
      caption: 'Showroom shine at sunset',
    },
    {
      picture: 'gallery/13-mobile-van',
      alt: 'Illustration of our white mobile detailing van parked in an office lot with the city behind',
      caption: 'We come to your office too',
    },
    {
      picture: 'gallery/14-glass-cleaning',
      alt: 'Illustration of a squeegee leaving a streak-free window next to a dirty half',
      caption: 'Streak-free glass',
    },
  ],
};

/** What the schema cannot say of an offer: a field and why, in the contract's `400` words. */
export interface OfferProblem {
  field: string;
  message: string;
}

const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

function firstRepeat(values: readonly string[]): number {
  const seen = new Set<string>();
  return values.findIndex((value) => {
    const key = sameName(value);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/**
 * Checks what openapi.yaml's schema leaves to the server: no two add-ons with the same name, no
 * town twice (compared without case or extra spaces) and no picture twice in the gallery. Null
 * when the offer holds.
 */
export function offerProblem(offer: Offer): OfferProblem | null {
  const addon = firstRepeat(offer.addons.map((a) => a.name));
  if (addon >= 0) {
    return {
      field: `body/addons/${addon}/name`,
      message: `"${offer.addons[addon]?.name.trim()}" is already the name of another add-on`,
    };
  }
  const town = firstRepeat(offer.towns);
  if (town >= 0) {
    return {
      field: `body/towns/${town}`,
      message: `"${offer.towns[town]?.trim()}" is already in the service area`,
    };
  }
  // The same picture twice (an upload sent again is the same picture): the slideshow shows each once.
  const picture = firstRepeat(offer.gallery.map((p) => p.picture));
  if (picture >= 0) {
    return {
      field: `body/gallery/${picture}/picture`,
      message: `Picture ${picture + 1} is already in the gallery`,
    };
  }
  return null;
}

/** `Cary, Apex, …, Garner and Wake Forest`: the offer's towns in a sentence. */
export function townsText(towns: readonly string[]): string {
  if (towns.length < 2) return towns.join('');
  return `${towns.slice(0, -1).join(', ')} and ${towns.at(-1) ?? ''}`;
}
