/**
 * The account-security part of the cognito-local proxy (scripts/identity-emulator/cognitoProxy.ts): what
 * cognito-local 5.3.0 lacks or answers unlike Cognito for the sign-in steps and the account
 * security section (docs/product.md §7 identity provider actions).
 *
 * - Authenticator setup during sign-in (`MFA_SETUP`): Cognito asks for it when the pool
 *   requires MFA and the user has none. The local pool keeps MFA optional for everyone, so the
 *   proxy imitates "required" for members of the group `mfa-required`: after a right password
 *   it answers `MFA_SETUP` (TOTP), runs `AssociateSoftwareToken` / `VerifySoftwareToken` by
 *   challenge Session (cognito-local only accepts an access token; the proxy holds one from
 *   the password step and never hands it out) and finishes with tokens once the app is verified.
 * - Required new password (`NEW_PASSWORD_REQUIRED`): cognito-local asks for the new password
 *   without checking the temporary one, and takes any new password; the proxy checks both.
 * - `GlobalSignOut` (missing): revokes every refresh token of the user (cognito-local's
 *   `RevokeToken`), and from then on the access and refresh tokens issued before it are refused
 *   by every user-pool action, as Cognito does. The refusal is the proxy's own (by user and issue
 *   time): the list of refresh tokens comes from cognito-local's file, which it rewrites in place
 *   after each sign-in, so a read at the wrong moment misses tokens. (The API verifies access
 *   tokens by signature, so they stay valid there until they expire — with Cognito too.)
 * - `ChangePassword` with a wrong current password: Cognito's NotAuthorizedException
 *   "Incorrect username or password." (cognito-local: InvalidPasswordException).
 */
import { randomUUID } from 'node:crypto';
import { callCognito, isRecord, jwtClaims, readString, type Json } from './cognitoClient';

/** Members of this group must set up an authenticator at sign-in (see above). */
export const MFA_REQUIRED_GROUP = 'mfa-required';

/** An answer of the proxy: HTTP status and JSON body. */
export interface GapAnswer {
  status: number;
  body: Json;
}

export interface AccountGapDeps {
  userPoolId: string;
  /** Calls one action on cognito-local. */
  action: (name: string, payload: Json) => Promise<GapAnswer>;
  /** The user record in cognito-local's pool file whose Username, sub or e-mail is `key`. */
  storedUser: (key: string) => Json | undefined;
  /** Tokens whose refresh token cognito-local records (AdminInitiateAuth with the password). */
  issueTokens: (clientId: string, username: string, password: string) => Promise<Json | undefined>;
  /** The pool's password policy; the Cognito message of the first rule broken. */
  passwordPolicyViolation: (password: string) => string | undefined;
}

interface PendingSetup {
  clientId: string;
  username: string;
  password: string;
  /** cognito-local's access token of the password step (kept here, never sent out). */
  accessToken: string;
  verified: boolean;
  expires: number;
}

const SETUP_TTL_MS = 5 * 60_000;

const failure = (type: string, message: string): GapAnswer => ({
  status: 400,
  body: { __type: type, message },
});

const ok = (body: Json): GapAnswer => ({ status: 200, body });

const notAuthorized = () => failure('NotAuthorizedException', 'Incorrect username or password.');

/**
 * Returns the proxy's hook: `answer(action, input)` gives the answer for the actions handled
 * here, or undefined to let the proxy go on as before.
 */
export function accountGaps(deps: AccountGapDeps) {
  const setups = new Map<string, PendingSetup>();
  /** Username → seconds since the epoch of its last GlobalSignOut. */
  const signedOutAt = new Map<string, number>();

  const findSetup = (session: unknown) => {
    const now = Date.now();
    for (const [key, value] of setups) if (value.expires < now) setups.delete(key);
    return typeof session === 'string' ? setups.get(session) : undefined;
  };

  /**
   * True when the token (access or refresh: cognito-local's refresh tokens are JWTs too) was
   * issued before its user's last global sign-out.
   */
  const revoked = (token: string) => {
    const claims = jwtClaims(token);
    const username = readString(claims, 'username') ?? readString(claims, 'cognito:username');
    const at = username ? signedOutAt.get(username) : undefined;
    return at !== undefined && typeof claims.iat === 'number' && claims.iat <= at;
  };

  async function mustSetUpMfa(username: string): Promise<boolean> {
    const user = deps.storedUser(username);
    const id = readString(user, 'Username');
    if (!user || !id) return false;
    const methods = Array.isArray(user.UserMFASettingList) ? user.UserMFASettingList : [];
    if (methods.length > 0) return false;
    const groups = await deps.action('AdminListGroupsForUser', {
      UserPoolId: deps.userPoolId,
      Username: id,
    });
    const list = Array.isArray(groups.body.Groups) ? groups.body.Groups : [];
    return list.some((group) => readString(group, 'GroupName') === MFA_REQUIRED_GROUP);
  }

  async function initiateAuth(input: Json): Promise<GapAnswer | undefined> {
    const params = isRecord(input.AuthParameters) ? input.AuthParameters : {};
    const username = readString(params, 'USERNAME');
    const password = readString(params, 'PASSWORD');
    const clientId = readString(input, 'ClientId') ?? '';
    if (input.AuthFlow !== 'USER_PASSWORD_AUTH' || !username || !password) return undefined;
    const user = deps.storedUser(username);
    if (readString(user, 'UserStatus') === 'FORCE_CHANGE_PASSWORD')
      return readString(user, 'Password') === password ? undefined : notAuthorized();
    if (!(await mustSetUpMfa(username))) return undefined;
    const signedIn = await deps.action('InitiateAuth', input);
    const result = signedIn.body.AuthenticationResult;
    if (signedIn.status !== 200 || !isRecord(result)) return undefined; // the proxy answers it
    const accessToken = readString(result, 'AccessToken') ?? '';
    const refreshToken = readString(result, 'RefreshToken');
    // Not a sign-in yet: that refresh token must not stay usable.
    if (refreshToken) await deps.action('RevokeToken', { ClientId: clientId, Token: refreshToken });
    const session = randomUUID();
    setups.set(session, {
      clientId,
      username,
      password,
      accessToken,
      verified: false,
      expires: Date.now() + SETUP_TTL_MS,
    });
    return ok({
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: {
        MFAS_CAN_SETUP: JSON.stringify(['SOFTWARE_TOKEN_MFA']),
        USER_ID_FOR_SRP: readString(user, 'Username') ?? username,
      },
      Session: session,
    });
  }

  async function respondToChallenge(input: Json): Promise<GapAnswer | undefined> {
    const responses = isRecord(input.ChallengeResponses) ? input.ChallengeResponses : {};
    if (input.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      const violation = deps.passwordPolicyViolation(readString(responses, 'NEW_PASSWORD') ?? '');
      return violation ? failure('InvalidPasswordException', violation) : undefined;
    }
    if (input.ChallengeName !== 'MFA_SETUP') return undefined;
    const setup = findSetup(input.Session);
    if (!setup?.verified)
      return failure('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    setups.delete(String(input.Session));
    await deps.action('SetUserMFAPreference', {
      AccessToken: setup.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    const tokens = await deps.issueTokens(setup.clientId, setup.username, setup.password);
    return tokens ? ok({ ChallengeParameters: {}, AuthenticationResult: tokens }) : notAuthorized();
  }

  /** AssociateSoftwareToken / VerifySoftwareToken by the Session of an MFA_SETUP sign-in. */
  async function setupBySession(name: string, input: Json): Promise<GapAnswer | undefined> {
    if (readString(input, 'AccessToken')) return undefined;
    const setup = findSetup(input.Session);
    if (!setup)
      return failure('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const session = String(input.Session);
    if (name === 'AssociateSoftwareToken') {
      const answer = await deps.action(name, { AccessToken: setup.accessToken });
      if (answer.status !== 200) return answer;
      return ok({ SecretCode: answer.body.SecretCode, Session: session });
    }
    const answer = await deps.action(name, {
      AccessToken: setup.accessToken,
      UserCode: input.UserCode,
      FriendlyDeviceName: input.FriendlyDeviceName,
    });
    if (readString(answer.body, '__type') === 'CodeMismatchException')
      return failure(
        'EnableSoftwareTokenMFAException',
        'Code mismatch and fail enable Software Token MFA',
      );
    if (answer.status !== 200) return answer;
    setup.verified = true;
    return ok({ Status: 'SUCCESS', Session: session });
  }

  async function globalSignOut(accessToken: string): Promise<GapAnswer> {
    const user = await deps.action('GetUser', { AccessToken: accessToken });
    if (user.status !== 200) return user;
    const claims = jwtClaims(accessToken);
    const username = readString(user.body, 'Username') ?? '';
    signedOutAt.set(username, Math.floor(Date.now() / 1000));
    const stored = deps.storedUser(username);
    const tokens = Array.isArray(stored?.RefreshTokens) ? stored.RefreshTokens : [];
    for (const token of tokens)
      if (typeof token === 'string')
        await deps.action('RevokeToken', { ClientId: claims.client_id, Token: token });
    return ok({});
  }

  async function answer(name: string, input: Json): Promise<GapAnswer | undefined> {
    const accessToken = readString(input, 'AccessToken');
    if (accessToken && revoked(accessToken))
      return failure('NotAuthorizedException', 'Access Token has been revoked');
    const params = isRecord(input.AuthParameters) ? input.AuthParameters : {};
    const refreshToken = readString(input, 'RefreshToken') ?? readString(params, 'REFRESH_TOKEN');
    if (refreshToken && revoked(refreshToken))
      return failure('NotAuthorizedException', 'Refresh Token has been revoked');
    switch (name) {
      case 'InitiateAuth':
        return initiateAuth(input);
      case 'RespondToAuthChallenge':
        return respondToChallenge(input);
      case 'AssociateSoftwareToken':
      case 'VerifySoftwareToken':
        return setupBySession(name, input);
      case 'GlobalSignOut':
        return accessToken
          ? globalSignOut(accessToken)
          : failure('InvalidParameterException', 'Missing required parameter AccessToken');
      case 'ChangePassword': {
        const changed = await deps.action(name, input);
        return readString(changed.body, '__type') === 'InvalidPasswordException'
          ? notAuthorized()
          : changed;
      }
      default:
        return undefined;
    }
  }

  return { answer };
}

/**
 * Creates the group `mfa-required` in the local pool when missing (cognito-local's CreateGroup
 * would empty an existing group). Run by the local stack at every start.
 */
export async function ensureMfaRequiredGroup(cognitoUrl: string, userPoolId: string) {
  const { Groups } = await callCognito(cognitoUrl, 'ListGroups', { UserPoolId: userPoolId });
  const groups = Array.isArray(Groups) ? Groups : [];
  if (groups.some((group) => readString(group, 'GroupName') === MFA_REQUIRED_GROUP)) return;
  await callCognito(cognitoUrl, 'CreateGroup', {
    UserPoolId: userPoolId,
    GroupName: MFA_REQUIRED_GROUP,
    Description:
      'Must set up an authenticator app at sign-in (the local stand-in for a pool with MFA required)',
  });
}
