/**
 * The one owner of the session: the only module that writes the stored tokens (./tokenStore)
 * and sets the session's status (./sessionSlice). The identity adapters (src/api/identity)
 * return tokens; whoever receives them hands them here. ESLint (eslint.config.js) refuses the
 * token writers and the status actions anywhere else in src/.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  broadcastLogout,
  clearIdToken,
  clearStorages,
  clearTokens,
  getTokens,
  getUser,
  hasValidSession,
  removeSavedAnswers,
  setTokens,
  type SessionTokens,
  type SessionUser,
} from './tokenStore';
import { loggedOut, sessionChecked, sessionExpired, signedIn } from './sessionSlice';
import { isDeviceStorageKey } from '../identity/deviceStorage';

type AppDispatch = Dispatch<UnknownAction>;

/** A finished sign-in (password or hosted): stores its tokens and marks the session signed in. */
export function startSession(dispatch: AppDispatch, tokens: SessionTokens): SessionUser | null {
  setTokens(tokens);
  const user = getUser();
  dispatch(signedIn(user));
  return user;
}

/**
 * Stores the answer of a token refresh, keeping the old refresh token when the answer has none
 * (docs/product.md §4). Tokens can be cleared (a logout) while the refresh runs: then they are
 * not brought back. True when usable tokens are stored.
 */
export function storeRefreshedTokens(fresh: Partial<SessionTokens>, refreshToken: string): boolean {
  if (!fresh.idToken && !fresh.accessToken) return false;
  if (!getTokens().refreshToken) return false;
  setTokens({ ...fresh, refreshToken: fresh.refreshToken || refreshToken });
  return true;
}

/** Tokens were renewed (a refresh, or a sign-in in another tab): the session is signed in. */
export function sessionRenewed(dispatch: AppDispatch): void {
  dispatch(signedIn(getUser()));
}

/**
 * Settles the session after a check of the stored tokens: signed in with a valid id token;
 * otherwise the stored tokens are cleared and the session is signed out.
 */
export function confirmStoredSession(dispatch: AppDispatch): boolean {
  if (hasValidSession()) {
    dispatch(sessionChecked({ authenticated: true, user: getUser() }));
    return true;
  }
  clearTokens();
  dispatch(sessionChecked({ authenticated: false, user: null }));
  return false;
}

/**
 * The auth page's check on load: true when a valid session is stored; otherwise, when expired
 * leftovers are found, local and session storage are cleared all but this browser's device at
 * the user pool (docs/product.md §2: it is not the session, and a remembered device must stay
 * remembered), and the session is marked signed out.
 */
export function settleStoredSession(dispatch: AppDispatch): boolean {
  if (hasValidSession()) return true;
  const { idToken, accessToken, refreshToken } = getTokens();
  if (idToken || accessToken || refreshToken) clearStorages(isDeviceStorageKey);
  dispatch(sessionChecked({ authenticated: false, user: null }));
  return false;
}

/**
 * The API refused the token (401/403): the id token and the answers saved on this device are
 * dropped and the session is over.
 */
export function expireSession(dispatch: AppDispatch): void {
  clearIdToken();
  removeSavedAnswers();
  dispatch(sessionExpired());
}

/**
 * Ends the session in this browser: clears the stored session in both storages, tells other
 * tabs unless `broadcast` is false, and marks the session signed out. Returns the tokens it had
 * (to sign out at the identity provider with).
 */
export function endSession(dispatch: AppDispatch, broadcast: boolean): SessionTokens {
  const tokens = getTokens();
  clearTokens();
  if (broadcast) broadcastLogout();
  dispatch(loggedOut());
  return tokens;
}

/** Forgets everything this site kept in the browser (after the account was deleted). */
export function forgetBrowserData(): void {
  clearStorages();
}
