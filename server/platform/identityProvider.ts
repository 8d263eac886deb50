/**
 * Calls to the identity provider's user-pool API (Cognito's JSON protocol, `X-Amz-Target`
 * actions) at its endpoint: the issuer's origin, for Cognito (`https://cognito-idp.<region>.
 * amazonaws.com`) and for the local emulator's proxy alike. Only the actions a user authorises
 * with their own access token are called, so the API needs no cloud credentials.
 */

/** The endpoint of the user pool whose tokens carry `issuer`. */
export const identityEndpoint = (issuer: string): string => `${new URL(issuer).origin}/`;

/** An answer of the provider: HTTP status, the error's type (no namespace) and message. */
export interface IdentityAnswer {
  ok: boolean;
  status: number;
  /** The error's `__type` without its namespace, e.g. NotAuthorizedException; '' on success. */
  type: string;
  message: string;
  body: Record<string, unknown>;
}

/** The provider could not be reached (network, timeout). */
class IdentityUnreachable extends Error {}

/**
 * Sends one action; rejects with IdentityUnreachable when no whole answer (headers and body)
 * arrives within `timeoutMs`.
 */
export async function identityAction(
  endpoint: string,
  action: string,
  payload: Record<string, unknown>,
  timeoutMs = 10_000,
): Promise<IdentityAnswer> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new IdentityUnreachable('The identity provider could not be reached');
  }
  // The time limit covers the body too: one that stops coming is no answer, not an empty one.
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new IdentityUnreachable('The identity provider could not be reached');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  const body =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  const rawType = typeof body.__type === 'string' ? body.__type : '';
  return {
    ok: response.ok,
    status: response.status,
    type: response.ok ? '' : (rawType.split('#').pop() ?? ''),
    message: typeof body.message === 'string' ? body.message : '',
    body,
  };
}
