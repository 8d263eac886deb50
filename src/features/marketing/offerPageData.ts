/**
 * What the public pages show of the business's offer (docs/product.md, "The business's offer"),
 * as a pure function of the offer: the prices by vehicle type, the Premium Package's advertised
 * saving, the add-ons on offer, the plans, the towns, the contact details, the reviews and the
 * gallery. The prerendered pages use `sitePageData` (the offer the site is built with); a page
 * regenerated after a publish gets its data from the same function.
 */
import { createContext, useContext } from 'react';
import {
  offeredAddons,
  premiumAdvertised,
  startingPrice,
  vehicleTypes,
  type VehicleTypeShown,
} from '../../../domain/pricing';
import { townsText, type Offer } from '../../../domain/offer';
import { siteOffer } from '../../config/offer';
import { galleryImagesOf, type GalleryImage } from '../../config/gallery';

export interface OfferPageData {
  vehicleTypes: VehicleTypeShown[];
  premium: ReturnType<typeof premiumAdvertised>;
  addons: { name: string; price: number }[];
  startingPrice: number;
  highestPrice: number;
  plans: { plan: keyof Offer['plans']; pricePerVisit: number; includes: string[] }[];
  towns: string[];
  /** The towns in a sentence: `Cary, Apex, … and Wake Forest`. */
  townsText: string;
  contact: Offer['contact'];
  reviews: Offer['reviews'];
  gallery: GalleryImage[];
}

const planOrder = ['weekly', 'biweekly', 'monthly'] as const;

export function offerPageData(offer: Offer): OfferPageData {
  const types = vehicleTypes(offer);
  return {
    vehicleTypes: types,
    premium: premiumAdvertised(offer),
    addons: offeredAddons(offer).map(({ name, price }) => ({ name, price })),
    startingPrice: startingPrice(offer),
    highestPrice: Math.max(...types.map((type) => type.price)),
    plans: planOrder.map((plan) => ({ plan, ...offer.plans[plan] })),
    towns: [...offer.towns],
    townsText: townsText(offer.towns),
    contact: offer.contact,
    reviews: offer.reviews,
    gallery: galleryImagesOf(offer.gallery),
  };
}

/** The page data of the offer the site is built with. */
export const sitePageData: OfferPageData = offerPageData(siteOffer.offer);

const OfferPageDataContext = createContext<OfferPageData>(sitePageData);

/**
 * Another offer's page data for the pages below it: the owner console's preview of a draft
 * (src/app/OfferServicesPreview.tsx). Without it, a page shows `sitePageData`.
 */
export const OfferPageDataProvider = OfferPageDataContext.Provider;

/** The page data a page shows: the provider's above it, else the site's. */
export const useOfferPageData = (): OfferPageData => useContext(OfferPageDataContext);
