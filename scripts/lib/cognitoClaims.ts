/**
 * cognito-local (5.3.0, services/tokenGenerator.js) writes the id token's `email_verified` as
 * `Boolean(attribute)`, so a stored "false" becomes `true`, and the API would take an
 * unverified address as the customer's. The proxy (cognitoProxy.ts) passes every id token it
 * hands out through `correctIdToken`, which re-signs it with cognito-local's own key (shipped
 * in its package, the JWKS the API trusts) when the claim disagrees with the attribute.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
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
): Promise<string> {
  const claims: Json = decodeJwt(token);
  const username = readString(claims, 'cognito:username') ?? readString(claims, 'sub');
  if (!username || claims.token_use !== 'id') return token;
  const verified = emailVerifiedAttribute(await attributesOf(username));
  if (claims.email_verified === verified) return token;
  const header = decodeProtectedHeader(token);
  return new SignJWT({ ...claims, email_verified: verified })
    .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? 'CognitoLocal', typ: header.typ })
    .sign(cognitoLocalKey());
}

/** The same answer with its id token (`AuthenticationResult.IdToken` or `id_token`) corrected. */
export async function correctTokenAnswer(
  answer: Json,
  attributesOf: (username: string) => Promise<unknown>,
): Promise<Json> {
  const result = answer.AuthenticationResult;
  if (isRecord(result) && typeof result.IdToken === 'string') {
    const IdToken = await correctIdToken(result.IdToken, attributesOf);
    return { ...answer, AuthenticationResult: { ...result, IdToken } };
  }
  if (typeof answer.id_token === 'string') {
    return { ...answer, id_token: await correctIdToken(answer.id_token, attributesOf) };
  }
  return answer;
}
