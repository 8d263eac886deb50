/**
 * The owner account of the local stack, and the rule that keeps the owners group out of
 * anyone's reach at the public identity endpoint. Cognito answers group administration only
 * to IAM-signed calls, never to a user's token; cognito-local answers anybody. So the proxy
 * (cognitoProxy.ts) refuses every action that names the owners group, and the stack itself
 * creates the group and the owner account through cognito-local's own port.
 */
import { OWNERS_GROUP } from '../../domain/owners';
import { callCognito, CognitoApiError, isRecord, readString, type Json } from './cognitoClient';

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

/** Creates the owners group and the owner account in it when missing (cognito-local's own URL). */
export async function ensureOwnerUser(internalUrl: string, userPoolId: string): Promise<void> {
  const { Groups } = await callCognito(internalUrl, 'ListGroups', { UserPoolId: userPoolId });
  const groups = Array.isArray(Groups) ? Groups : [];
  if (!groups.some((group) => readString(group, 'GroupName') === OWNERS_GROUP)) {
    await callCognito(internalUrl, 'CreateGroup', {
      UserPoolId: userPoolId,
      GroupName: OWNERS_GROUP,
      Description: 'The business owner: the owner console at /owner',
    });
  }
  let username: string | undefined;
  try {
    const user = await callCognito(internalUrl, 'AdminGetUser', {
      UserPoolId: userPoolId,
      Username: OWNER_USER.email,
    });
    username = readString(user, 'Username');
  } catch (error) {
    if (!(error instanceof CognitoApiError) || error.type !== 'UserNotFoundException') throw error;
    const created = await callCognito(internalUrl, 'AdminCreateUser', {
      UserPoolId: userPoolId,
      Username: OWNER_USER.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: OWNER_USER.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: OWNER_USER.name },
      ],
    });
    username = isRecord(created.User) ? readString(created.User, 'Username') : undefined;
    await callCognito(internalUrl, 'AdminSetUserPassword', {
      UserPoolId: userPoolId,
      Username: OWNER_USER.email,
      Password: OWNER_USER.password,
      Permanent: true,
    });
  }
  await callCognito(internalUrl, 'AdminAddUserToGroup', {
    UserPoolId: userPoolId,
    Username: username ?? OWNER_USER.email,
    GroupName: OWNERS_GROUP,
  });
}
