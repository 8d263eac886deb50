import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { EmotionCache } from '@emotion/react';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import type { AppStore } from './appStore';
import { whenIdle } from '../lib/whenIdle';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';

/**
 * Watches the session for the whole app (expiry, refresh, other tabs' logout). It brings the
 * API layer, so it starts once the page is interactive and the browser idle, not before.
 */
function useSessionWatch(store: AppStore) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import(/* webpackChunkName: "session-watch" */ '../api/session/sessionWatch').then(
        ({ startSessionWatch }) => {
          if (!cancelled) stop = startSessionWatch(store);
        },
      );
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [store]);
}

/** The whole app in the browser: providers around the router and routes. */
export function App({ store, emotionCache }: { store: AppStore; emotionCache: EmotionCache }) {
  useSessionWatch(store);
  return (
    <AppProviders store={store} emotionCache={emotionCache}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ServiceWorkerUpdates />
    </AppProviders>
  );
}
