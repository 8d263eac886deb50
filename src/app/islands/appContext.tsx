/**
 * What the islands that show the visitor's account or send to the API share (the header, the
 * quote wizard): the theme with one Emotion cache for the page (it adopts the critical CSS in
 * the head), one store, and a router for the page's address. The gallery's slideshow needs none
 * of it and does not import this, so its code has no MUI, Emotion, Redux or router in it.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { hasStoredSession } from '../../api/session/tokenStore';
import { createAppStore, type AppStore } from '../appStore';
import { createEmotionCache } from '../emotionCache';
import { ThemeProviders } from '../themeProviders';
import { IslandRouter } from './IslandRouter';

let store: AppStore | undefined;
let emotionCache: ReturnType<typeof createEmotionCache> | undefined;

/** The page's store, made by the first island that needs it. */
export function islandStore(): AppStore {
  if (store) return store;
  store = createAppStore();
  // A signed-in visitor's session is followed here as in the app (expiry, other tabs).
  if (hasStoredSession()) {
    const created = store;
    void import(/* webpackChunkName: "session-watch" */ '../../api/session/sessionWatch').then(
      ({ startSessionWatch }) => startSessionWatch(created),
    );
  }
  return store;
}

/** Wraps an island in the theme, the page's store and router. */
export function InAppContext({ children }: { children: ReactNode }) {
  emotionCache ??= createEmotionCache();
  return (
    // The page's HTML already has the theme's global styles.
    <ThemeProviders emotionCache={emotionCache} globalStyles={false}>
      <Provider store={islandStore()}>
        <IslandRouter>{children}</IslandRouter>
      </Provider>
    </ThemeProviders>
  );
}
