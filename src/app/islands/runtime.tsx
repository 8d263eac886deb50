/**
 * Hydrates one island (docs/architecture.md, "Public pages: static HTML with islands"): its
 * component as a React root of its own over the HTML the prerender step wrote for it, with the
 * providers every island shares (one store, one Emotion cache, the theme) and a router for the
 * page's address. Loaded with the first island that wakes.
 */
import { startTransition, StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandIdPrefix, islandProps } from '../../components/islandMarkers';
import { hasStoredSession } from '../../api/session/tokenStore';
import { AppProviders } from '../providers';
import { createAppStore, type AppStore } from '../appStore';
import { createEmotionCache } from '../emotionCache';
import { IslandRouter } from './IslandRouter';

/** An island's module: its component, and what the store needs before it renders. */
export interface IslandModule {
  // Each island's own props type; its root element carries the values (islandProps).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  default: ComponentType<any>;
  prepare?: (store: AppStore) => void;
}

let shared: { store: AppStore; emotionCache: ReturnType<typeof createEmotionCache> } | undefined;

function services() {
  if (shared) return shared;
  shared = { store: createAppStore(), emotionCache: createEmotionCache() };
  const { store } = shared;
  // A signed-in visitor's session is followed here as in the app (expiry, other tabs).
  if (hasStoredSession()) {
    void import(/* webpackChunkName: "session-watch" */ '../../api/session/sessionWatch').then(
      ({ startSessionWatch }) => startSessionWatch(store),
    );
  }
  return shared;
}

/** Calls `onHydrated` once the island's first render is on the page and its effects ran. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Resolves once the island is hydrated (and able to take the taps held for it). */
export function hydrateIsland(root: Element, name: string, module: IslandModule): Promise<void> {
  const { store, emotionCache } = services();
  module.prepare?.(store);
  const Component = module.default;
  const props = islandProps(root);
  // As a transition, React hydrates in slices and keeps the main thread free for the visitor.
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AppProviders store={store} emotionCache={emotionCache} globalStyles={false}>
            <IslandRouter>
              <Hydrated onHydrated={resolve}>
                <Component {...props} />
              </Hydrated>
            </IslandRouter>
          </AppProviders>
        </StrictMode>,
        { identifierPrefix: islandIdPrefix(name) },
      );
    });
  });
}
