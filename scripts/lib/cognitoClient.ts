/**
 * A minimal client for the Cognito user pool JSON API (`X-Amz-Target` actions) as served by
 * cognito-local and by real Cognito, plus the two small algorithms local tooling needs:
 * RFC 6238 TOTP codes and PKCE pairs. Used by the local stack, its proxy and test helpers.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

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

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 secret: ${secret}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The current 6-digit TOTP code (SHA-1, 30 s) for a base32 secret, as authenticator apps show. */
export function totpCode(secret: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
