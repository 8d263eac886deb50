/**
 * Session tokens (docs/product.md §3): idToken, accessToken and refreshToken, kept in both local and
 * session storage; a user record is kept locally. Logout writes a shared event key so other
 * tabs clear their session too (docs/product.md §4). Anyone may read them; only ./session.ts
 * writes them (eslint.config.js enforces it).
 */
import { TOKEN_EXPIRY_MARGIN_MS } from '../../config/timing';

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}
export interface SessionUser {
  sub: string;
  email: string;
}

const KEYS = {
  idToken: 'idToken',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;
const USER_KEY = 'user';
/** Storage key of the id token (other tabs watch it to follow a sign-in or refresh). */
export const ID_TOKEN_KEY = KEYS.idToken;
/** Written on logout; other tabs listen for it (the `storage` event). */
export const LOGOUT_EVENT_KEY = 'logout-event';
/** Stored loyalty level, shown in the sidebar (docs/product.md §2). */
export const LOYALTY_LEVEL_KEY = 'loyaltyLevel';
/** The quote wizard's draft (personal details, this device only): removed with the session. */
export const QUOTE_DRAFT_KEY = 'quoteDraft.v1';
/**
 * The last answers an account saw (src/api/savedAnswers.ts), under this prefix and the
 * account's sub: removed with the session, and never read by another account.
 */
export const SAVED_ANSWERS_PREFIX = 'savedAnswers.v1:';

function stores(): Storage[] {
  if (typeof window === 'undefined') return [];
  const out: Storage[] = [];
  try {
    out.push(window.localStorage);
  } catch {
    /* storage disabled */
  }
  try {
    out.push(window.sessionStorage);
  } catch {
    /* storage disabled */
  }
  return out;
}

function readKey(key: string): string {
  for (const s of stores()) {
    const v = s.getItem(key);
    if (v) return v;
  }
  return '';
}

export function getTokens(): SessionTokens {
  return {
    idToken: readKey(KEYS.idToken),
    accessToken: readKey(KEYS.accessToken),
    refreshToken: readKey(KEYS.refreshToken),
  };
}

/** True when a valid, non-expired id token is stored ("logged in", docs/product.md §4). */
export function hasValidSession(now: number = Date.now()): boolean {
  const { idToken } = getTokens();
  return idToken !== '' && !isTokenExpired(idToken, now);
}

/** True when a session is stored (a token to use, or one to refresh it with). */
export function hasStoredSession(): boolean {
  const { idToken, refreshToken } = getTokens();
  return idToken !== '' || refreshToken !== '';
}

export function setTokens(tokens: Partial<SessionTokens>): void {
  for (const s of stores()) {
    for (const name of Object.keys(KEYS) as (keyof SessionTokens)[]) {
      const value = tokens[name];
      if (value) s.setItem(KEYS[name], value);
    }
  }
  const claims = decodeJwt(tokens.idToken ?? '');
  if (claims) setUser({ sub: String(claims.sub ?? ''), email: String(claims.email ?? '') });
}

/** Removes only the id token (a 401/403 from the API, docs/product.md §4 and §8). */
export function clearIdToken(): void {
  for (const s of stores()) s.removeItem(KEYS.idToken);
}

/** Removes every token and the user record from both stores. */
export function clearTokens(): void {
  for (const s of stores()) {
    for (const key of Object.values(KEYS)) s.removeItem(key);
    s.removeItem(USER_KEY);
    s.removeItem(LOYALTY_LEVEL_KEY);
    s.removeItem(QUOTE_DRAFT_KEY);
  }
  removeSavedAnswers();
}

/** Removes every account's saved answers, or all but those of the account `keepSub`. */
export function removeSavedAnswers(keepSub?: string): void {
  for (const s of stores()) {
    const keys = Array.from({ length: s.length }, (_, i) => s.key(i) ?? '');
    for (const key of keys) {
      if (key.startsWith(SAVED_ANSWERS_PREFIX) && key !== SAVED_ANSWERS_PREFIX + keepSub) {
        s.removeItem(key);
      }
    }
  }
}

/**
 * Empties local and session storage altogether (docs/product.md §2: the auth page finding an
 * expired stored token), not only the session's keys; with `keep`, all but the keys it names.
 */
export function clearStorages(keep?: (key: string) => boolean): void {
  for (const s of stores()) {
    if (!keep) {
      s.clear();
      continue;
    }
    const keys = Array.from({ length: s.length }, (_, i) => s.key(i) ?? '');
    for (const key of keys) if (!keep(key)) s.removeItem(key);
  }
}

export function getUser(): SessionUser | null {
  try {
    const raw = window.localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    return { sub: String(parsed.sub ?? ''), email: String(parsed.email ?? '') };
  } catch {
    return null;
  }
}

function setUser(user: SessionUser): void {
  try {
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    /* storage disabled */
  }
}

/** Tells other tabs that this one logged out. */
export function broadcastLogout(now: number = Date.now()): void {
  try {
    window.localStorage.setItem(LOGOUT_EVENT_KEY, String(now));
  } catch {
    /* storage disabled */
  }
}

/** The payload of a JWT, or null when it is not one. Does not verify anything. */
export function decodeJwt(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Milliseconds since epoch at which the token expires, or 0 when unknown. */
export function tokenExpiresAt(token: string): number {
  const exp = decodeJwt(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : 0;
}

/** True when the token is missing, unreadable, or expires within the margin (docs/product.md §9: 30 s). */
export function isTokenExpired(
  token: string,
  now: number = Date.now(),
  marginMs = TOKEN_EXPIRY_MARGIN_MS,
): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === 0 || expiresAt - marginMs <= now;
}

/** The token to send: the id token preferred, else the access token (docs/product.md §6). */
export function bearerToken(tokens: SessionTokens = getTokens()): string {
  return tokens.idToken || tokens.accessToken;
}
