/**
 * The islands of the public pages (docs/architecture.md, "Public pages: static HTML with
 * islands"): for each name used by an <Island> (src/components/Island.tsx), how its code loads
 * (a chunk of its own named by islandChunkGroup, which the prerender step checks) and when it
 * wakes.
 * Imported by the islands' browser entry, so nothing here may import React.
 */
import { hasStoredSession } from '../../api/session/tokenStore';
import type { IslandModule } from './runtime';

export interface IslandSpec {
  load: () => Promise<IslandModule>;
  /**
   * When its code loads and hydrates: 'near-viewport' when it comes near the viewport (or is
   * touched); 'touch' only when the visitor reaches for it (pointer over it, a tap, the focus).
   */
  wake: 'near-viewport' | 'touch';
  /** At once, on page load, when this holds (the header of a signed-in visitor). */
  wakeAtOnce?: () => boolean;
}

export const islands: Record<string, IslandSpec> = {
  // The menu, the section links and the signed-in links (My Dashboard or, for the owner, Owner console / Logout).
  header: {
    load: () => import(/* webpackChunkName: "island-header" */ './HeaderIsland'),
    wake: 'touch',
    wakeAtOnce: hasStoredSession,
  },
  quote: {
    load: () => import(/* webpackChunkName: "island-quote" */ './quoteIslandModule'),
    wake: 'near-viewport',
  },
  gallery: {
    load: () =>
      import(
        /* webpackChunkName: "island-gallery" */ '../../features/marketing/components/GallerySlideshow'
      ),
    wake: 'near-viewport',
  },
};
