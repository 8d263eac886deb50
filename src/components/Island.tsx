import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import { ISLAND_ATTRIBUTE } from '../../domain/islandMarkers';
import { ISLAND_PROPS_ATTRIBUTE, type IslandProps } from './islandMarkers';

/**
 * Islands (docs/architecture.md, "Public pages: static HTML with islands"): the interactive
 * parts of the prerendered public pages. Everything else on those pages is HTML that is never
 * hydrated; an island's code loads and hydrates it on its own when it comes near the viewport
 * or is touched (src/app/islands/entry.ts).
 */

/** The prerender step's collector: each island is rendered on its own, as its own root. */
export interface IslandCollector {
  add(name: string, element: ReactElement): void;
}
export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The island's root element takes no box of its own: its content lays out as if it were not there. */
const rootStyle = { display: 'contents' } as const;

interface Props<P extends IslandProps> {
  /** The island's name: its entry in the island list (src/app/islands/registry.ts). */
  name: string;
  /** What the island renders (re-created in the browser from the name and `props`). */
  component: ComponentType<P>;
  /** Plain values only: they travel in the HTML, as JSON. */
  props?: P;
}

/**
 * Marks `component` as an island. In the single-page app it simply renders in place. When
 * prerendering, it leaves an empty root element and hands the component to the collector,
 * which renders it as a separate root into that element (src/app/ssr.tsx), exactly as the
 * browser hydrates it.
 */
export function Island<P extends IslandProps>({ name, component: Component, props }: Props<P>) {
  const collector = useContext(IslandCollectorContext);
  const attributes = {
    [ISLAND_ATTRIBUTE]: name,
    ...(props && { [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }),
    style: rootStyle,
  };
  const element = <Component {...(props ?? ({} as P))} />;
  if (collector) {
    collector.add(name, element);
    return <div {...attributes} />;
  }
  return <div {...attributes}>{element}</div>;
}
