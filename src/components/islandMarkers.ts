/**
 * What marks an island in the prerendered HTML, shared by the prerender step, the islands'
 * browser entry (which must stay free of React) and the hydration runtime.
 * docs/architecture.md, "Public pages: static HTML with islands".
 */

/** The attribute of an island's root element; its value is the island's name. */
export const ISLAND_ATTRIBUTE = 'data-island';

/** The attribute holding an island's props (JSON), when it has any. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
/** What an island's props can be: plain values that travel in the HTML. */
export type IslandProps = Record<string, string | number | boolean>;

/** Reads an island's props back from its root element. */
export function islandProps(root: Element): IslandProps {
  const json = root.getAttribute(ISLAND_PROPS_ATTRIBUTE);
  return json ? (JSON.parse(json) as IslandProps) : {};
}

/** Every island is a React root of its own: its `useId`s carry its name, on both sides. */
export const islandIdPrefix = (name: string) => `${name}-`;

/**
 * The chunk group of an island's code: the webpackChunkName of its import in
 * src/app/islands/registry.ts. The prerender step reads the island's stylesheets from it.
 */
export const islandChunkGroup = (name: string) => `island-${name}`;
