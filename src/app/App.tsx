import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { EmotionCache } from '@emotion/react';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import type { AppStore } from './appStore';
import { whenIdle } from '../lib/whenIdle';
import { useAppSelector } from '../api/hooks';

const ServiceWorkerUpdates = lazy(
  () => import(/* webpackChunkName: "service-worker" */ './ServiceWorkerUpdates'),
);

/**
 * The service worker and its update prompt (./ServiceWorkerUpdates.tsx), for a signed-in session
 * once the browser is idle, in the production build only.
 */
function SignedInServiceWorker() {
  const signedIn = useAppSelector((state) => state.session.status === 'authenticated');
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!signedIn || !idle || process.env.NODE_ENV !== 'production') return null;
  return (
    <Suspense fallback={null}>
      <ServiceWorkerUpdates />
    </Suspense>
  );
}

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
      <SignedInServiceWorker />
    </AppProviders>
  );
}
