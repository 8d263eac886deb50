/**
 * The offer the site shows (docs/product.md, "The business's offer"): the prerendered pages show
 * it and the quote wizard prices with it, sending its version with each quote (the server
 * answers 409 with the new total when a publish has changed it since). It is read once, when the
 * site's code starts:
 * - in a prerendered page, from the page's data block (the published offer the server rendered
 *   the page with, domain/pageOffer.ts): the islands hydrate with what the page shows;
 * - in the server bundle, from what the renderer hands it (server/site/pageRenderer.ts);
 * - elsewhere (the app's other routes, the tests), the seeded defaults (domain/offer.ts).
 * The public pages never fetch the offer to show prices.
 */
import {
  PAGE_OFFER_ELEMENT_ID,
  RENDER_OFFER_GLOBAL,
  SEEDED_SITE_OFFER,
  siteOfferOf,
  type PageOffer,
  type SiteOffer,
} from '../../domain/pageOffer';

export type { SiteOffer } from '../../domain/pageOffer';

function renderedOffer(): SiteOffer | undefined {
  const handed = (globalThis as { [RENDER_OFFER_GLOBAL]?: SiteOffer })[RENDER_OFFER_GLOBAL];
  if (handed) return handed;
  const block =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_OFFER_ELEMENT_ID);
  if (!block?.textContent) return undefined;
  try {
    return siteOfferOf(JSON.parse(block.textContent) as PageOffer);
  } catch {
    return undefined;
  }
}

export const siteOffer: SiteOffer = renderedOffer() ?? SEEDED_SITE_OFFER;
