/**
 * What a prerendered public page carries of the offer it was rendered with (docs/architecture.md,
 * "Public pages: static HTML with islands"). The server bundle renders the page with the offer
 * the renderer hands it; the page embeds the part its islands read (a JSON data block, never
 * executed), so that an island hydrates, and the quote form prices, with the offer the page
 * shows, without fetching it. The renderer (server/site/pageRenderer.ts) writes both; the site's
 * offer (src/config/offer.ts) reads them.
 */
import { DEFAULT_OFFER, SEEDED_OFFER_VERSION, type Offer } from './offer';

/** An offer and its published version, as a page is rendered with it. */
export interface SiteOffer {
  version: number;
  offer: Offer;
}

/** The offer part a page embeds: what its islands read. */
export interface PageOffer {
  version: number;
  offer: Partial<Offer>;
}

/** The id of the page's JSON data block holding its `PageOffer`. */
export const PAGE_OFFER_ELEMENT_ID = 'site-offer';

/**
 * Where the renderer puts the offer while the server bundle loads (the bundle reads it once,
 * when its modules are evaluated; the renderer loads a fresh copy for each offer).
 */
export const RENDER_OFFER_GLOBAL = '__shineRenderOffer';

/** The seeded defaults, as the site is built with them. */
export const SEEDED_SITE_OFFER: SiteOffer = { version: SEEDED_OFFER_VERSION, offer: DEFAULT_OFFER };

/**
 * What the islands read: the quote form its prices, add-ons, Premium saving, towns and the
 * phone of its messages; the slideshow its pictures, only where a page has it. The reviews,
 * plans and the rest are static HTML. Only what differs from the seeded defaults is carried
 * (the page's code has those): the seeded offer adds a few bytes to a page, a new price list
 * about 0.3 KB.
 */
export function pageOffer(site: SiteOffer, islands: readonly string[]): PageOffer {
  const read: (keyof Offer)[] = ['vehicleTypes', 'addons', 'premiumSaving', 'towns', 'contact'];
  if (islands.includes('gallery')) read.push('gallery');
  const changed = read.filter(
    (field) => JSON.stringify(site.offer[field]) !== JSON.stringify(DEFAULT_OFFER[field]),
  );
  return {
    version: site.version,
    offer: Object.fromEntries(changed.map((field) => [field, site.offer[field]])),
  };
}

/** The page's data block: JSON with `<` escaped, so no text in it can close the element. */
export function pageOfferElement(page: PageOffer): string {
  const json = JSON.stringify(page).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_OFFER_ELEMENT_ID}">${json}</script>`;
}

/** The site's offer from a page's data block: what it lacks is the seeded defaults'. */
export function siteOfferOf(page: PageOffer): SiteOffer {
  return { version: page.version, offer: { ...DEFAULT_OFFER, ...page.offer } };
}
