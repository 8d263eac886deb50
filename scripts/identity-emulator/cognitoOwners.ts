/**
 * The owner account of the local stack, and the rule that keeps the owners group out of
 * anyone's reach at the public identity endpoint. Cognito answers group administration only
 * to IAM-signed calls, never to a user's token; cognito-local answers anybody. So the proxy
 * (cognitoProxy.ts) refuses every action that names the owners group, and the stack itself
 * creates the group and the owner account through cognito-local's own port.
 *
 * The owner signs in with two factors (the API refuses owner operations otherwise): the
 * account gets an authenticator app at its creation, and its secret (base32) is handed back
 * for `npm start` to print, so a person can add it to an app and a script can compute codes.
 */
import { OWNERS_GROUP } from '../../domain/owners';
import { readFileSync } from 'node:fs';
import {
  callCognito,
  ensureConfirmedUser,
  isRecord,
  readString,
  signInWithPassword,
  totpCode,
  type Json,
} from './cognitoClient';

export const OWNER_USER = {
  email: 'owner@triangleshine.test',
  password: 'OwnerPass123!',
  name: 'Marcus Reed',
} as const;

/** The refusal the proxy sends for a change of the owners group, or undefined. */
export function ownerGroupRefusal(input: Json): { __type: string; message: string } | undefined {
  if (readString(input, 'GroupName') !== OWNERS_GROUP) return undefined;
  return {
    __type: 'NotAuthorizedException',
    message: `The ${OWNERS_GROUP} group is administered only by the business, not through this endpoint.`,
  };
}

/** The owner's authenticator secret as cognito-local keeps it in its pool file, if any. */
function storedSecret(poolFile: string, username: string): string | undefined {
  try {
    const pool: unknown = JSON.parse(readFileSync(poolFile, 'utf8'));
    const users = isRecord(pool) && isRecord(pool.Users) ? pool.Users : {};
    const user = users[username];
    if (!isRecord(user) || !Array.isArray(user.UserMFASettingList)) return undefined;
    if (!user.UserMFASettingList.includes('SOFTWARE_TOKEN_MFA')) return undefined;
    const config = user.SoftwareTokenMfaConfiguration;
    return readString(config, 'Secret');
  } catch {
    return undefined;
  }
}

/**
 * Gives the owner account an authenticator app when it has none (signing in with its password
 * at cognito-local, as the Security page would); answers its secret, or undefined when the
 * owner's password no longer is OWNER_USER's (then the owner sets one up on Account Security).
 */
async function ensureOwnerAuthenticator(
  internalUrl: string,
  clientId: string,
  poolFile: string,
  username: string,
): Promise<string | undefined> {
  const kept = storedSecret(poolFile, username);
  if (kept) return kept;
  let accessToken: string | undefined;
  try {
    const tokens = await signInWithPassword(internalUrl, clientId, OWNER_USER);
    accessToken = readString(tokens, 'AccessToken');
  } catch {
    return undefined;
  }
  const associated = await callCognito(internalUrl, 'AssociateSoftwareToken', {
    AccessToken: accessToken,
  });
  const secret = readString(associated, 'SecretCode');
  if (!secret) throw new Error('cognito-local gave the owner no authenticator secret');
  await callCognito(internalUrl, 'VerifySoftwareToken', {
    AccessToken: accessToken,
    UserCode: totpCode(secret),
    FriendlyDeviceName: 'Owner (npm start)',
  });
  await callCognito(internalUrl, 'SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return secret;
}

/**
 * Creates the owners group and the owner account in it when missing (cognito-local's own URL),
 * with an authenticator app; answers the app's secret (base32) when it is known.
 */
export async function ensureOwnerUser(
  internalUrl: string,
  pool: { userPoolId: string; clientId: string; poolFile: string },
): Promise<{ totpSecret?: string }> {
  const { userPoolId } = pool;
  const { Groups } = await callCognito(internalUrl, 'ListGroups', { UserPoolId: userPoolId });
  const groups = Array.isArray(Groups) ? Groups : [];
  if (!groups.some((group) => readString(group, 'GroupName') === OWNERS_GROUP)) {
    await callCognito(internalUrl, 'CreateGroup', {
      UserPoolId: userPoolId,
      GroupName: OWNERS_GROUP,
      Description: 'The business owner: the owner console at /owner',
    });
  }
  const username = readString(
    await ensureConfirmedUser(internalUrl, userPoolId, OWNER_USER),
    'Username',
  );
  await callCognito(internalUrl, 'AdminAddUserToGroup', {
    UserPoolId: userPoolId,
    Username: username ?? OWNER_USER.email,
    GroupName: OWNERS_GROUP,
  });
  const totpSecret = await ensureOwnerAuthenticator(
    internalUrl,
    pool.clientId,
    pool.poolFile,
    username ?? OWNER_USER.email,
  );
  return totpSecret ? { totpSecret } : {};
}
