import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getTokens, getUser, isTokenExpired, type SessionUser } from './tokenStore';

/** Client session state (docs/product.md §4 "Auth guard: unknown, then authorized or not"). */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

/** The state a page load starts in, read from storage. */
export function initialSessionState(now: number = Date.now()): SessionState {
  const { idToken, refreshToken } = getTokens();
  if (idToken && !isTokenExpired(idToken, now)) return { status: 'authenticated', user: getUser() };
  if (refreshToken) return { status: 'unknown', user: getUser() };
  return { status: 'anonymous', user: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser | null>) {
      state.status = 'authenticated';
      state.user = action.payload;
    },
    sessionChecked(
      state,
      action: PayloadAction<{ authenticated: boolean; user: SessionUser | null }>,
    ) {
      state.status = action.payload.authenticated ? 'authenticated' : 'anonymous';
      state.user = action.payload.authenticated ? action.payload.user : null;
    },
    /** The API refused the token (401/403), or it expired without a refresh. */
    sessionExpired(state) {
      state.status = 'anonymous';
      state.user = null;
    },
    loggedOut(state) {
      state.status = 'anonymous';
      state.user = null;
    },
  },
});

export const { signedIn, sessionChecked, sessionExpired, loggedOut } = sessionSlice.actions;
