/**
 * Hydrates one island (docs/architecture.md, "Public pages: static HTML with islands"): its
 * component as a React root of its own over the HTML the prerender step wrote for it, inside its
 * module's `Context`. The islands built with MUI that show the account or use the API (header,
 * quote wizard) name the theme, the page's store and router as theirs (./appContext.tsx); the
 * slideshow is plain React with its own stylesheet and needs none. Loaded with the first island
 * that wakes: React only.
 */
import { startTransition, StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandIdPrefix, islandProps } from '../../components/islandMarkers';

/** An island's module: its component, and what must be in place before it renders. */
export interface IslandModule {
  // Each island's own props type; its root element carries the values (islandProps).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  default: ComponentType<any>;
  /** What the component renders in (the theme, the page's store and router: ./appContext.tsx). */
  Context?: ComponentType<{ children: ReactNode }>;
  prepare?: () => void;
}

const NoContext = ({ children }: { children: ReactNode }) => children;

/** Calls `onHydrated` once the island's first render is on the page and its effects ran. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Resolves once the island is hydrated (and able to take the taps held for it). */
export function hydrateIsland(root: Element, name: string, module: IslandModule): Promise<void> {
  module.prepare?.();
  const { default: Component, Context = NoContext } = module;
  const props = islandProps(root);
  // As a transition, React hydrates in slices and keeps the main thread free for the visitor.
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <Hydrated onHydrated={resolve}>
            <Context>
              <Component {...props} />
            </Context>
          </Hydrated>
        </StrictMode>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    });
  });
}
