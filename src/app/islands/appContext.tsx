/**
 * What the islands that show the visitor's account or send to the API share (the header, the
 * quote wizard): one store for the page, and a router for the page's address. Islands that
 * need neither (the gallery's slideshow) do not import this, so their code has no store,
 * Redux or router in it.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { hasStoredSession } from '../../api/session/tokenStore';
import { createAppStore, type AppStore } from '../appStore';
import { IslandRouter } from './IslandRouter';

let store: AppStore | undefined;

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

/** Wraps an island in the page's store and router. */
export function InAppContext({ children }: { children: ReactNode }) {
  return (
    <Provider store={islandStore()}>
      <IslandRouter>{children}</IslandRouter>
    </Provider>
  );
}
