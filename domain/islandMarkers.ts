/**
 * What marks an island in the prerendered HTML, shared by the page renderer
 * (server/site/pageRenderer.ts, which the build's prerender step and the server use), the
 * islands' browser entry and the server rendering. docs/architecture.md, "Public pages: static
 * HTML with islands". What only the browser reads is in src/components/islandMarkers.ts.
 */

/** The attribute of an island's root element; its value is the island's name. */
export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * The chunk group of an island's code: the webpackChunkName of its import in
 * src/app/islands/registry.ts. The renderer reads the island's stylesheets from it.
 */
export const islandChunkGroup = (name: string) => `island-${name}`;
