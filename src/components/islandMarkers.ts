/**
 * What marks an island in the prerendered HTML for the browser: the islands' entry (which must
 * stay free of React) and the hydration runtime. The island attribute and chunk names, which the
 * page renderer reads too, are in domain/islandMarkers.ts.
 * docs/architecture.md, "Public pages: static HTML with islands".
 */

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
