/**
 * Who runs the business: members of this Cognito group, read from the verified token's
 * `cognito:groups` claim (the server's owner operations, the app's owner console, the local
 * identity stack that creates the owner account).
 */
export const OWNERS_GROUP = 'owners';

/** The owner console's operations all live under this path (openapi.yaml, tag `owner`). */
export const isOwnerPath = (apiPath: string): boolean => apiPath.startsWith('/owner/');

/** Whether a token's claims name the owners group. */
export function claimsOwner(claims: Record<string, unknown> | null | undefined): boolean {
  const groups = claims?.['cognito:groups'];
  return Array.isArray(groups) && groups.includes(OWNERS_GROUP);
}
