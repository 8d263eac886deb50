/**
 * Bearer tokens: Cognito user-pool id or access tokens, verified with jose against the
 * pool's JWKS (signature, issuer, client, expiry, token_use, a lifetime no longer than the
 * configured maximum).
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { DEFAULT_MAX_TOKEN_LIFETIME } from './config';
import { HttpError, unauthorized } from './errors';
import { emulatorKeyUsed } from './productionConfig';
import { textNumber } from '../../domain/texts';

export interface TokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  /** The longest lifetime (exp - iat, seconds) accepted; defaults to DEFAULT_MAX_TOKEN_LIFETIME. */
  maxLifetimeSeconds?: number;
  /** Accept the identity emulator's published key (only the local configuration does). */
  acceptEmulatorKey?: boolean;
}

export interface VerifiedToken {
  sub: string;
  /** The token's `iat` (seconds since the epoch). */
  issuedAt: number;
  tokenUse: 'id' | 'access';
  /**
   * The id token's `email`, only when its `email_verified` claim is true (the boolean or the
   * string "true"). Access tokens never prove an address (their `username` is not one).
   */
  email?: string;
  /** An id token that names an e-mail the identity provider has not verified. */
  emailUnverified?: boolean;
  /**
   * The id token's `phone_number` (E.164), only when its `phone_number_verified` claim is true
   * and it is a US number: the account phone the identity provider confirmed with a code, which
   * texts may go to (server/mail/textOutbox.ts). Never a number the client sent.
   */
  phone?: string;
  /** The token's `cognito:groups` (verified with the token); empty when it has none. */
  groups: string[];
}

/** Cognito sends `email_verified` as a boolean, some pools and proxies as a string. */
export const isVerifiedClaim = (value: unknown): boolean => value === true || value === 'true';

export type TokenVerifier = (authorization: string | undefined) => Promise<VerifiedToken>;

/** A token signed with the identity emulator's published key outside the local configuration. */
class EmulatorKeyRefused extends Error {}

function reasonFor(error: unknown): HttpError {
  if (error instanceof EmulatorKeyRefused) {
    return unauthorized(
      "Token is signed with the identity emulator's key, which is not accepted here",
    );
  }
  if (error instanceof errors.JWTExpired) return unauthorized('Token expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return unauthorized(
      error.claim === 'iss' ? 'Token issuer is not accepted' : `Token ${error.claim} is not valid`,
    );
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return new HttpError(503, 'The identity provider keys are unavailable');
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return unauthorized('Token signature is not valid');
  }
  if (error instanceof errors.JOSEError) return unauthorized('Token is malformed');
  // Anything else is the key set being unreachable (fetch failed).
  return new HttpError(503, 'The identity provider keys are unavailable');
}

function audiences(payload: JWTPayload): string[] {
  if (Array.isArray(payload.aud)) return payload.aud;
  return typeof payload.aud === 'string' ? [payload.aud] : [];
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other value. */
export const bearerOf = (authorization: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const remote = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  // Each key is checked once: the set hands out the same key object for a key id until it is
  // fetched again (a new object, checked again).
  const emulatorKeys = new WeakMap<object, boolean>();
  const keys: typeof remote = options.acceptEmulatorKey
    ? remote
    : Object.assign(async (...args: Parameters<typeof remote>) => {
        const key = await remote(...args);
        let used = emulatorKeys.get(key);
        if (used === undefined) emulatorKeys.set(key, (used = await emulatorKeyUsed(key)));
        if (used) throw new EmulatorKeyRefused();
        return key;
      }, remote);
  return async (authorization) => {
    if (!authorization) throw unauthorized('Missing bearer token');
    const bearer = bearerOf(authorization);
    if (!bearer) throw unauthorized('The Authorization header must be "Bearer <token>"');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(bearer, keys, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw reasonFor(error);
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub === '') throw unauthorized('Token has no subject');
    const tokenUse = payload.token_use;
    if (tokenUse !== 'id' && tokenUse !== 'access') {
      throw unauthorized('Token use must be id or access');
    }
    const forThisClient =
      tokenUse === 'id'
        ? audiences(payload).includes(options.clientId)
        : payload.client_id === options.clientId;
    if (!forThisClient) throw unauthorized('Token was issued for another client');
    const issuedAt = Number(payload.iat);
    const maxLifetime = options.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME;
    if (Number(payload.exp) - issuedAt > maxLifetime)
      throw unauthorized(`Token lifetime is longer than ${maxLifetime} seconds`);
    const rawGroups = payload['cognito:groups'];
    const groups = Array.isArray(rawGroups)
      ? rawGroups.filter((group): group is string => typeof group === 'string')
      : [];
    if (tokenUse === 'access') return { sub, issuedAt, tokenUse, groups };
    const phone =
      typeof payload.phone_number === 'string' && isVerifiedClaim(payload.phone_number_verified)
        ? (textNumber(payload.phone_number) ?? undefined)
        : undefined;
    const idClaims = { sub, issuedAt, tokenUse, groups, ...(phone ? { phone } : {}) } as const;
    const email = typeof payload.email === 'string' ? payload.email.trim() : '';
    if (!email) return idClaims;
    return isVerifiedClaim(payload.email_verified)
      ? { ...idClaims, email }
      : { ...idClaims, emailUnverified: true };
  };
}
