/**
 * Hosted sign-in (Google) by authorization code with PKCE (docs/product.md §2 /auth-callback, §6, §7 token
 * endpoint). This file holds what the callback page needs — no identity library in it.
 *
 * Amplify's signInWithRedirect is not used: it always builds https:// URLs for the OAuth
 * domain, which the local stack's http cognito-local cannot serve.
 */
import { env } from '../../config/env';
import type { SessionTokens } from '../session/tokenStore';

/** sessionStorage key of the PKCE verifier and state of the sign-in in progress. */
export const PKCE_STORAGE_KEY = 'oauth-pkce';
export const OAUTH_SCOPES = 'openid email profile';
export const OAUTH_IDENTITY_PROVIDER = 'Google';

export interface PendingHostedLogin {
  codeVerifier: string;
  state: string;
}

/** The hosted sign-in domain (with scheme, no trailing slash), or '' when not configured. */
export function hostedDomain(): string {
  return env.cognitoHostedDomain.replace(/\/+$/, '');
}

export function hostedLoginAvailable(): boolean {
  return hostedDomain() !== '';
}

/** Where the hosted sign-in returns to: this site's /auth-callback. */
export function callbackUrl(): string {
  return `${window.location.origin}/auth-callback`;
}

/** The authorize URL for a sign-in with Google. */
export function authorizeUrl(codeChallenge: string, state: string): string {
  const url = new URL(`${hostedDomain()}/oauth2/authorize`);
  url.search = new URLSearchParams({
    client_id: env.cognitoClientId,
    response_type: 'code',
    scope: OAUTH_SCOPES,
    redirect_uri: callbackUrl(),
    identity_provider: OAUTH_IDENTITY_PROVIDER,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state,
  }).toString();
  return url.toString();
}

export function savePendingLogin(pending: PendingHostedLogin): void {
  try {
    window.sessionStorage.setItem(PKCE_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    /* storage disabled: the exchange will fail and say so */
  }
}

/** Reads and forgets the verifier and state of the sign-in in progress. */
export function takePendingLogin(): PendingHostedLogin | null {
  try {
    const raw = window.sessionStorage.getItem(PKCE_STORAGE_KEY);
    window.sessionStorage.removeItem(PKCE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingHostedLogin>;
    return { codeVerifier: String(parsed.codeVerifier ?? ''), state: String(parsed.state ?? '') };
  } catch {
    return null;
  }
}

export class TokenExchangeError extends Error {}

/**
 * Exchanges an authorization code at `{domain}/oauth2/token` (form-encoded) and returns the
 * tokens. Throws a TokenExchangeError on any failure, or when the answer lacks an id or an
 * access token.
 */
export async function exchangeAuthorizationCode(
  code: string,
  pending: PendingHostedLogin | null,
): Promise<SessionTokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: env.cognitoClientId,
    code,
    redirect_uri: callbackUrl(),
  });
  if (pending?.codeVerifier) body.set('code_verifier', pending.codeVerifier);
  let response: Response;
  try {
    response = await fetch(`${hostedDomain()}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      credentials: 'omit',
    });
  } catch (cause) {
    throw new TokenExchangeError('Token request failed', { cause });
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !answer) {
    throw new TokenExchangeError(`Token endpoint answered ${response.status}`);
  }
  const idToken = typeof answer.id_token === 'string' ? answer.id_token : '';
  const accessToken = typeof answer.access_token === 'string' ? answer.access_token : '';
  const refreshToken = typeof answer.refresh_token === 'string' ? answer.refresh_token : '';
  if (!idToken || !accessToken) throw new TokenExchangeError('Missing id or access token');
  return { idToken, accessToken, refreshToken };
}

/** One exchange per code: a code works once, and React may run the callback effect twice. */
const completions = new Map<string, Promise<SessionTokens>>();

/** localStorage key marking a session that came from the hosted sign-in (see hostedLogoutUrl). */
export const HOSTED_SESSION_KEY = 'oauth-hosted-session';

/**
 * Why a callback cannot be this browser's own sign-in, or '' when it can: a pending sign-in
 * must exist, with a PKCE verifier, and its state must be the callback's (no login CSRF).
 */
export function callbackRefusal(pending: PendingHostedLogin | null, state: string): string {
  if (!pending) return 'No sign-in was started in this browser';
  if (!pending.codeVerifier) return 'The PKCE verifier is missing';
  if (!pending.state || pending.state !== state) return 'State does not match';
  return '';
}

/**
 * /auth-callback: exchanges the code only for the sign-in this browser started (see
 * callbackRefusal) and returns the session's tokens (src/api/session/session.ts stores them).
 * Rejects, without calling the token endpoint, when anything is wrong.
 */
export function completeHostedLogin(code: string, state: string): Promise<SessionTokens> {
  let completion = completions.get(code);
  if (!completion) {
    const pending = takePendingLogin();
    const refusal = callbackRefusal(pending, state);
    completion = refusal
      ? Promise.reject(new TokenExchangeError(refusal))
      : exchangeAuthorizationCode(code, pending).then((tokens) => {
          try {
            window.localStorage.setItem(HOSTED_SESSION_KEY, '1');
          } catch {
            /* storage disabled: logout then only clears this site */
          }
          return tokens;
        });
    completions.set(code, completion);
  }
  return completion;
}

/**
 * The hosted domain's /logout for a session that came from the hosted sign-in (so its
 * cookie session ends too, and the next "Continue with Google" asks again), or null. Reading
 * it forgets the mark.
 */
export function takeHostedLogoutUrl(): string | null {
  let hosted = false;
  try {
    hosted = window.localStorage.getItem(HOSTED_SESSION_KEY) !== null;
    window.localStorage.removeItem(HOSTED_SESSION_KEY);
  } catch {
    return null;
  }
  if (!hosted || !hostedLoginAvailable()) return null;
  const url = new URL(`${hostedDomain()}/logout`);
  url.search = new URLSearchParams({
    client_id: env.cognitoClientId,
    logout_uri: `${window.location.origin}/auth`,
  }).toString();
  return url.toString();
}
