/**
 * Token refresh, shared by every caller: N parallel calls with an expired token cause
 * exactly one refresh (single flight). The refresh itself is the identity module's
 * `refreshSessionTokens` (see there why that mechanism), loaded on demand so the identity
 * library is not in the first page's JavaScript, and so it works on a cold load of
 * /dashboard before any auth screen was visited.
 */
import { getTokens, isTokenExpired, type SessionTokens } from './tokenStore';
import { storeRefreshedTokens } from './session';

export type Refresher = (tokens: SessionTokens) => Promise<Partial<SessionTokens>>;

const identityRefresher: Refresher = (tokens) =>
  import('../identity/cognito').then((m) => m.refreshSessionTokens(tokens));

let inFlight: Promise<boolean> | null = null;
let failureHandler: (() => void) | null = null;

/** Called when a refresh was attempted and failed (the session watch logs out then). */
export function onRefreshFailed(fn: (() => void) | null): void {
  failureHandler = fn;
}

/**
 * Refreshes when the id token (or, without one, the access token) is expired and a refresh
 * token exists; the answer is stored by ./session.ts. Resolves true when usable tokens are stored afterwards.
 */
export function refreshIfNeeded(now: number = Date.now()): Promise<boolean> {
  const tokens = getTokens();
  const current = tokens.idToken || tokens.accessToken;
  if (current && !isTokenExpired(current, now)) return Promise.resolve(true);
  if (!tokens.refreshToken) return Promise.resolve(false);
  if (!inFlight) {
    const run = identityRefresher;
    inFlight = run(tokens)
      .then((fresh) => storeRefreshedTokens(fresh, tokens.refreshToken))
      .catch(() => false)
      .then((ok) => {
        if (!ok) failureHandler?.();
        return ok;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

/** Replaces the tokens now, expired or not (after the API was told older tokens are over). */
export const refreshNow = (): Promise<boolean> => refreshIfNeeded(Number.POSITIVE_INFINITY);
