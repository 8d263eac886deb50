/**
 * The offer the site is built with (docs/product.md, "The business's offer"): the prerendered
 * pages show it and the quote wizard prices with it, sending its version with each quote (the
 * server answers 409 with the new total when a publish has changed it since). At build time it
 * is the seeded defaults (domain/offer.ts); the public pages never fetch the offer to show prices.
 */
import { DEFAULT_OFFER, SEEDED_OFFER_VERSION, type Offer } from '../../domain/offer';

export interface SiteOffer {
  version: number;
  offer: Offer;
}

export const siteOffer: SiteOffer = { version: SEEDED_OFFER_VERSION, offer: DEFAULT_OFFER };
