/**
 * cognito-local (5.3.0, services/tokenGenerator.js) writes the id token's `email_verified` as
 * `Boolean(attribute)`, so a stored "false" becomes `true`, and the API would take an
 * unverified address as the customer's. The proxy (cognitoProxy.ts) passes every id token it
 * hands out through `correctIdToken`, which re-signs it with cognito-local's own key (shipped
 * in its package, the JWKS the API trusts) when the claim disagrees with the attribute.
 *
 * cognito-local's access tokens also lack `origin_jti`, the claim by which Cognito marks a
 * revocable session: without it Amplify's signOut never calls RevokeToken, so a logout would
 * leave the refresh token working. Access tokens handed out with their refresh token get one,
 * the same for every token of that refresh token (derived from it).
 *
 * With a `TokenSigner` (a key of the run's own), every id and access token handed out is signed
 * with that key instead: an API that trusts only the run's key set (the production start in the
 * browser suite) never sees the emulator's published key. Refresh tokens stay as they are
 * (cognito-local looks them up by value).
 *
 * With `ShortLivedTokens` (a stack option), the id and access tokens of accounts on one e-mail
 * domain live only that many seconds (cognito-local takes a lifetime per app client only, in
 * minutes): journeys that watch a session being refreshed use such an account, and every other
 * account keeps the client's hour.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { createRequire } from 'node:module';
import { decodeJwt, decodeProtectedHeader, exportJWK, SignJWT, type JWK } from 'jose';
import { isRecord, readString, type Json } from './cognitoClient';

let signingKey: KeyObject | undefined;
function cognitoLocalKey(): KeyObject {
  if (!signingKey) {
    const require = createRequire(import.meta.url);
    const file: unknown = require('cognito-local/lib/keys/cognitoLocal.private.json');
    const pem = readString(file, 'pem');
    if (!pem) throw new Error("cognito-local's signing key was not found");
    signingKey = createPrivateKey(pem);
  }
  return signingKey;
}

/** A signing key of one run: tokens are re-signed with it and its key set is published. */
export interface TokenSigner {
  kid: string;
  privateKey: KeyObject;
  /** The public half as a JWK (with kid, alg and use), for the key set. */
  publicJwk: JWK;
}

/** A fresh RSA key for one run (2048 bits, as Cognito's). */
export async function createTokenSigner(): Promise<TokenSigner> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `run-${randomBytes(6).toString('hex')}`;
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/** Accounts whose id and access tokens live a short while (see the header). */
export interface ShortLivedTokens {
  /** Their e-mail domain, e.g. `short-lived.test` (matched case-insensitively). */
  domain: string;
  /** The tokens' lifetime. */
  seconds: number;
}

/** The lifetime for the account of this id token, when it is one of `shortLived`'s. */
function shortLifetime(idToken: string, shortLived?: ShortLivedTokens): number | undefined {
  if (!shortLived) return undefined;
  const email = readString(decodeJwt(idToken), 'email')?.toLowerCase() ?? '';
  return email.endsWith(`@${shortLived.domain.toLowerCase()}`) ? shortLived.seconds : undefined;
}

/** The token expiring `seconds` after it was issued. */
async function shortened(token: string, seconds: number, signer?: TokenSigner): Promise<string> {
  const claims: Json = decodeJwt(token);
  if (typeof claims.iat !== 'number') return token;
  return resign(token, { ...claims, exp: claims.iat + seconds }, signer);
}

/** The user's `email_verified` attribute is the string "true" (Cognito stores attributes as text). */
export const emailVerifiedAttribute = (attributes: unknown): boolean =>
  Array.isArray(attributes) &&
  attributes.some(
    (attribute) =>
      isRecord(attribute) && attribute.Name === 'email_verified' && attribute.Value === 'true',
  );

/**
 * The id token with `email_verified` set to what the user's attributes say; the same token
 * when it already agrees. `attributesOf` looks the user up by the token's username.
 */
export async function correctIdToken(
  token: string,
  attributesOf: (username: string) => Promise<unknown>,
  signer?: TokenSigner,
): Promise<string> {
  const claims: Json = decodeJwt(token);
  const username = readString(claims, 'cognito:username') ?? readString(claims, 'sub');
  if (!username || claims.token_use !== 'id') return token;
  const verified = emailVerifiedAttribute(await attributesOf(username));
  if (claims.email_verified === verified && !signer) return token;
  return resign(token, { ...claims, email_verified: verified }, signer);
}

const resign = (token: string, claims: Json, signer?: TokenSigner) =>
  new SignJWT(claims)
    .setProtectedHeader({
      alg: 'RS256',
      kid: signer?.kid ?? decodeProtectedHeader(token).kid ?? 'CognitoLocal',
      typ: decodeProtectedHeader(token).typ,
    })
    .sign(signer?.privateKey ?? cognitoLocalKey());

/**
 * The access token with an `origin_jti` naming its refresh token's session (see above), when
 * the refresh token comes with it; signed with `signer` when one is given.
 */
export async function withOriginJti(
  accessToken: string,
  refreshToken: string | undefined,
  signer?: TokenSigner,
): Promise<string> {
  const claims: Json = decodeJwt(accessToken);
  if (claims.token_use !== 'access') return accessToken;
  if (typeof claims.origin_jti === 'string' || refreshToken === undefined)
    return signer ? resign(accessToken, claims, signer) : accessToken;
  const hex = createHash('sha256').update(refreshToken).digest('hex');
  const origin = [0, 8, 12, 16, 20].map((at, i, all) => hex.slice(at, all[i + 1] ?? 32)).join('-');
  return resign(accessToken, { ...claims, origin_jti: origin }, signer);
}

/**
 * The same answer with its id token (`AuthenticationResult.IdToken` or `id_token`) corrected,
 * its access token marked revocable when the refresh token comes with it, and both shortened
 * for an account of `shortLived`.
 */
export async function correctTokenAnswer(
  answer: Json,
  attributesOf: (username: string) => Promise<unknown>,
  signer?: TokenSigner,
  shortLived?: ShortLivedTokens,
): Promise<Json> {
  const result = answer.AuthenticationResult;
  const revocable = (access: unknown, refresh: unknown) =>
    typeof access === 'string' && (typeof refresh === 'string' || signer)
      ? withOriginJti(access, typeof refresh === 'string' ? refresh : undefined, signer)
      : access;
  /** The id and access tokens, corrected, and their lifetime when it was shortened. */
  const corrected = async (id: string, access: unknown, refresh: unknown) => {
    const idToken = await correctIdToken(id, attributesOf, signer);
    const accessToken = await revocable(access, refresh);
    const seconds = shortLifetime(idToken, shortLived);
    if (seconds === undefined) return { idToken, accessToken };
    return {
      idToken: await shortened(idToken, seconds, signer),
      accessToken:
        typeof accessToken === 'string'
          ? await shortened(accessToken, seconds, signer)
          : accessToken,
      seconds,
    };
  };
  if (isRecord(result) && typeof result.IdToken === 'string') {
    const { idToken, accessToken, seconds } = await corrected(
      result.IdToken,
      result.AccessToken,
      result.RefreshToken,
    );
    return {
      ...answer,
      AuthenticationResult: {
        ...result,
        IdToken: idToken,
        AccessToken: accessToken,
        ...(seconds === undefined ? {} : { ExpiresIn: seconds }),
      },
    };
  }
  if (typeof answer.id_token === 'string') {
    const { idToken, accessToken, seconds } = await corrected(
      answer.id_token,
      answer.access_token,
      answer.refresh_token,
    );
    return {
      ...answer,
      id_token: idToken,
      access_token: accessToken,
      ...(seconds === undefined ? {} : { expires_in: seconds }),
    };
  }
  return answer;
}
