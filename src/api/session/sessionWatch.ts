/**
 * The session over time (docs/product.md §4): confirming a stored session (refreshing it when expired),
 * the automatic logout 30 s before expiry when no refresh is possible, following a logout or
 * sign-in in another tab, and logging out when a refresh fails outside the auth pages.
 */
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { TOKEN_EXPIRY_MARGIN_MS } from '../../config/timing';
import {
  getTokens,
  hasValidSession,
  ID_TOKEN_KEY,
  LOGOUT_EVENT_KEY,
  tokenExpiresAt,
} from './tokenStore';
import { onRefreshFailed, refreshIfNeeded } from './refresh';
import type { SessionState } from './sessionSlice';
import { confirmStoredSession, sessionRenewed } from './session';
import { logout } from './logout';
import { isOnAuthPage } from './navigation';

export interface SessionStore {
  dispatch: Dispatch<UnknownAction>;
  getState: () => { session: SessionState };
  subscribe: (listener: () => void) => () => void;
}

/**
 * Confirms the stored session: a valid id token, or a successful refresh when it expired and a
 * refresh token exists (shared with every other caller at that moment). Otherwise clears the
 * stored tokens. Updates the session slice either way.
 */
export async function verifySession(dispatch: Dispatch<UnknownAction>): Promise<boolean> {
  if (!hasValidSession()) await refreshIfNeeded();
  return confirmStoredSession(dispatch);
}

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface ActiveWatch {
  store: SessionStore;
  users: number;
  stop: () => void;
}
let active: ActiveWatch | null = null;

function install(store: SessionStore): () => void {
  const { dispatch } = store;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** Fires 30 s before the id token expires (docs/product.md §4, §9). */
  const schedule = () => {
    clearTimer();
    const expiresAt = tokenExpiresAt(getTokens().idToken);
    if (!expiresAt) return;
    const delay = expiresAt - TOKEN_EXPIRY_MARGIN_MS - Date.now();
    timer = setTimeout(() => void onExpiry(), Math.min(Math.max(delay, 0), MAX_TIMER_MS));
  };

  const onExpiry = async () => {
    timer = undefined;
    if (hasValidSession()) {
      schedule(); // refreshed meanwhile (an API call, another tab)
      return;
    }
    if (getTokens().refreshToken) {
      // A failed refresh logs out through onRefreshFailed below.
      if (await refreshIfNeeded()) {
        sessionRenewed(dispatch);
        schedule();
      }
      return;
    }
    if (store.getState().session.status !== 'anonymous' || getTokens().idToken) logout(dispatch);
  };

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea && event.storageArea !== window.localStorage) return;
    if (event.key === LOGOUT_EVENT_KEY && event.newValue) {
      logout(dispatch, { broadcast: false });
    } else if (event.key === ID_TOKEN_KEY && event.newValue && hasValidSession()) {
      // Signed in or refreshed in another tab.
      sessionRenewed(dispatch);
      schedule();
    }
  };

  let previous = store.getState().session;
  const unsubscribe = store.subscribe(() => {
    const session = store.getState().session;
    if (session === previous) return;
    previous = session;
    if (session.status === 'authenticated') schedule();
    else clearTimer();
  });

  window.addEventListener('storage', onStorage);
  onRefreshFailed(() => {
    if (!isOnAuthPage()) logout(dispatch);
  });

  if (store.getState().session.status === 'unknown') void verifySession(dispatch);
  else if (store.getState().session.status === 'authenticated') schedule();

  return () => {
    clearTimer();
    unsubscribe();
    window.removeEventListener('storage', onStorage);
    onRefreshFailed(null);
  };
}

/**
 * Starts watching the session for the whole app (call once at start, e.g. in App). Safe to
 * call from several places: one watch runs per store. Returns a function that stops it.
 */
export function startSessionWatch(store: SessionStore): () => void {
  if (!active || active.store !== store) {
    active?.stop();
    active = { store, users: 0, stop: install(store) };
  }
  const watch = active;
  watch.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watch.users -= 1;
    if (watch.users === 0 && active === watch) {
      watch.stop();
      active = null;
    }
  };
}

/** Runs the session watch while the calling component is mounted (the route guard uses it). */
export function useSessionWatch(): void {
  const store = useStore<{ session: SessionState }>();
  useEffect(() => startSessionWatch(store), [store]);
}
