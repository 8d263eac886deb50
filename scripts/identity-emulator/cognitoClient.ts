/**
 * A minimal client for the Cognito user pool JSON API (`X-Amz-Target` actions) as served by
 * cognito-local and by real Cognito, plus what local tooling needs besides: TOTP codes
 * (otpauth) and PKCE pairs. Used by the local stack, its proxy and test helpers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** An error answer of the Cognito API (`__type` becomes `type`). */
export class CognitoApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(`${type}: ${message}`);
    this.name = 'CognitoApiError';
  }
}

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readString(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[key];
  return typeof found === 'string' ? found : undefined;
}

/** Calls one action, e.g. `callCognito(url, 'InitiateAuth', {...})`; throws CognitoApiError. */
export async function callCognito(baseUrl: string, action: string, body: Json): Promise<Json> {
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new CognitoApiError('InvalidResponse', text.slice(0, 200), response.status);
  }
  if (!response.ok) {
    const rawType = readString(parsed, '__type') ?? 'UnknownError';
    throw new CognitoApiError(
      rawType.split('#').pop() ?? rawType,
      readString(parsed, 'message') ?? text,
      response.status,
    );
  }
  return isRecord(parsed) ? parsed : {};
}

/**
 * The user with this e-mail address, created when missing as a confirmed user with a verified
 * e-mail: AdminCreateUser (welcome message suppressed) and a permanent password, so no
 * confirmation code is needed. Answers the user's `Username` and `UserAttributes`.
 */
export async function ensureConfirmedUser(
  baseUrl: string,
  userPoolId: string,
  user: { email: string; name: string; password: string },
): Promise<Json> {
  try {
    return await callCognito(baseUrl, 'AdminGetUser', {
      UserPoolId: userPoolId,
      Username: user.email,
    });
  } catch (error) {
    if (!(error instanceof CognitoApiError) || error.type !== 'UserNotFoundException') throw error;
  }
  const created = await callCognito(baseUrl, 'AdminCreateUser', {
    UserPoolId: userPoolId,
    Username: user.email,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: user.name },
    ],
  });
  await callCognito(baseUrl, 'AdminSetUserPassword', {
    UserPoolId: userPoolId,
    Username: user.email,
    Password: user.password,
    Permanent: true,
  });
  const made = isRecord(created.User) ? created.User : {};
  return { Username: made.Username, UserAttributes: made.Attributes };
}

/** The payload of a JWT, not verified (for reading claims of tokens we were just given). */
export function jwtClaims(token: string): Json {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The current 6-digit TOTP code (SHA-1, 30 s) for a base32 secret, as authenticator apps show. */
export function totpCode(secret: string, at: number = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

/**
 * Signs in with USER_PASSWORD_AUTH and answers the authenticator's challenge with the current
 * code of `totpSecret` when the account has one; returns the AuthenticationResult (IdToken,
 * AccessToken, RefreshToken). Throws when the pool asks for anything else.
 */
export async function signInWithPassword(
  baseUrl: string,
  clientId: string,
  login: { email: string; password: string; totpSecret?: string },
): Promise<Json> {
  let answer = await callCognito(baseUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: login.email, PASSWORD: login.password },
  });
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && login.totpSecret) {
    answer = await callCognito(baseUrl, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: answer.Session,
      ChallengeResponses: {
        USERNAME: login.email,
        SOFTWARE_TOKEN_MFA_CODE: totpCode(login.totpSecret),
      },
    });
  }
  if (!isRecord(answer.AuthenticationResult)) {
    throw new Error(`No tokens for ${login.email}: ${JSON.stringify(answer)}`);
  }
  return answer.AuthenticationResult;
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
