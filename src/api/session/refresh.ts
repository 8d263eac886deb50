/**
 * Token refresh, shared by every caller: N parallel calls with an expired token cause
 * exactly one refresh (single flight). The identity feature registers how to refresh
 * (the identity library is loaded lazily, so it is not part of the first page's bundle).
 */
import { getTokens, isTokenExpired, setTokens, type SessionTokens } from './tokenStore';

export type Refresher = (refreshToken: string) => Promise<Partial<SessionTokens>>;

let refresher: Refresher | null = null;
let inFlight: Promise<boolean> | null = null;

export function registerRefresher(fn: Refresher | null): void {
  refresher = fn;
}

/**
 * Refreshes when the id token (or, without one, the access token) is expired and a refresh
 * token exists. Keeps the old refresh token when the answer has none (spec §4).
 * Resolves true when usable tokens are stored afterwards.
 */
export function refreshIfNeeded(now: number = Date.now()): Promise<boolean> {
  const tokens = getTokens();
  const current = tokens.idToken || tokens.accessToken;
  if (current && !isTokenExpired(current, now)) return Promise.resolve(true);
  if (!tokens.refreshToken || !refresher) return Promise.resolve(false);
  if (!inFlight) {
    const run = refresher;
    inFlight = run(tokens.refreshToken)
      .then((fresh) => {
        if (!fresh.idToken && !fresh.accessToken) return false;
        setTokens({ ...fresh, refreshToken: fresh.refreshToken || tokens.refreshToken });
        return true;
      })
      .catch(() => false)
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}
