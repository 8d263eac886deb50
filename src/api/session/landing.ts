import { OWNERS_GROUP } from '../../../domain/owners';
import { decodeJwt, getTokens } from './tokenStore';

/**
 * True when the stored id token names the owners group in `cognito:groups`. Read without
 * verifying anything: it only decides where the app routes; the API checks the signed token
 * on every owner operation.
 */
export function isOwnerSession(idToken: string = getTokens().idToken): boolean {
  const groups = decodeJwt(idToken)?.['cognito:groups'];
  return Array.isArray(groups) && groups.includes(OWNERS_GROUP);
}

/** Where a signed-in user lands: the owner console for the owner, the dashboard for customers. */
export const landingPath = (): '/owner' | '/dashboard' =>
  isOwnerSession() ? '/owner' : '/dashboard';
