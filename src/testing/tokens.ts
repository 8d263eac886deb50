import { setTokens } from '../api/session/tokenStore';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given claims (the app never verifies signatures; the API does). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.sig`;
}

/** Stores a session that is valid for `validForSec` seconds from now. */
export function signIn(
  options: {
    email?: string;
    validForSec?: number;
    now?: number;
    groups?: string[];
    sub?: string;
  } = {},
) {
  const now = options.now ?? Date.now();
  const exp = Math.floor(now / 1000) + (options.validForSec ?? 3600);
  const email = options.email ?? 'jordan@example.com';
  const groups = options.groups ? { 'cognito:groups': options.groups } : {};
  const sub = options.sub ?? 'user-1';
  const idToken = fakeJwt({ sub, email, exp, token_use: 'id', ...groups });
  const accessToken = fakeJwt({ sub, exp, token_use: 'access', ...groups });
  setTokens({ idToken, accessToken, refreshToken: 'refresh-token-1' });
  return { idToken, accessToken };
}
