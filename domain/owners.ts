/**
 * Who runs the business: members of this Cognito group, read from the verified token's
 * `cognito:groups` claim (the server's owner operations, the app's owner console, the local
 * identity stack that creates the owner account).
 */
export const OWNERS_GROUP = 'owners';

/**
 * Whether an operation of openapi.yaml is the owner's: its path is under /owner/. The one source
 * of owner-ness: the server lets only the owner call it (server/app.ts), the codegen generates
 * it into the owner console's API (scripts/build/codegen.config.cjs, which stops when the operation's
 * tag `owner` disagrees), the contract check and the app's base query (the access token) follow
 * it; test/server/ownerOperations.test.ts checks them all over every operation.
 */
export const isOwnerPath = (apiPath: string): boolean => apiPath.startsWith('/owner/');

/**
 * The API's refusal (403) of an owner operation while the owner's account has no authenticator
 * app at the identity provider; the owner console recognises it by this text and shows it.
 */
export const OWNER_AUTHENTICATOR_REQUIRED =
  "The owner console needs an authenticator app on the owner's account (two-step sign-in). Set one up in the console, then try again.";
