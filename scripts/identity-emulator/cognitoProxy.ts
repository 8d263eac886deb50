/**
 * The identity emulator (scripts/identity-emulator/, its entry): the local stack runs it as the
 * sign-in service of `npm start`, the browser suite and the bench; README.md lists every behaviour
 * it adds or changes over cognito-local, with its test.
 *
 * A small HTTP proxy in front of cognito-local that fills the gaps Amplify v6 and the app hit
 * (verified against cognito-local 5.3.0's source and by calling it):
 *
 * - `GetTokensFromRefreshToken` (Amplify >= 6.14 refreshes with it) is unsupported: answered
 *   with `InitiateAuth` REFRESH_TOKEN_AUTH, in the GetTokensFromRefreshToken shape, keeping the
 *   refresh token.
 * - The account-security actions and sign-in steps (authenticator setup, required new password,
 *   GlobalSignOut, ChangePassword): see ./cognitoAccountGaps.ts.
 * - The account's phone (E.164 only, its verification code texted and reported): see
 *   ./cognitoPhone.ts.
 * - Device tracking and remembered devices (NewDeviceMetadata, ConfirmDevice, a refresh refused
 *   without its device's key, DEVICE_SRP_AUTH in place of a second factor, ListDevices,
 *   ForgetDevice…): see ./cognitoDevices.ts.
 * - `ResendConfirmationCode` is unsupported: a new code is issued through `ForgotPassword`
 *   (which stores the code ConfirmSignUp checks) for unconfirmed users.
 * - After an MFA challenge, `RespondToAuthChallenge` issues tokens without recording the refresh
 *   token, so they could never be refreshed: the tokens are re-issued with
 *   `AdminInitiateAuth` (which records it), using the password of the same sign-in.
 * - SMS MFA needs a legacy `MFAOptions` entry that no API can set, so a user who chose SMS gets
 *   an "unsupported" error at sign-in: the proxy runs the SMS_MFA challenge itself (code shown in
 *   the console) and issues the tokens as above.
 * - `GET /logout` (hosted sign-out) is missing: redirects to `logout_uri` when it is one of the
 *   client's registered sign-out URLs (`LogoutURLs`), as Cognito does.
 * - Token lifetimes are the app client's (an hour), except for the accounts of the
 *   `shortLivedTokens` option, whose tokens live seconds (see cognitoClaims.ts).
 * - The hosted sign-in (`/oauth2/authorize`) is the proxy's own page (cognito-local's puts the
 *   query, `state` included, in its HTML unescaped and never asks for a second factor): the
 *   password is checked through the proxy's `InitiateAuth`, an account with MFA is asked for its
 *   code, and only then is the form handed to cognito-local for the authorization code.
 * - Wrong passwords and codes lock the account for a while (cognitoGuard.ts), and the
 *   authenticator is turned off, or replaced by a new secret (`AssociateSoftwareToken` while one
 *   is on), only after a current code (`VerifySoftwareToken`). Cognito itself asks for neither.
 * - Id tokens say `email_verified: true` whenever the attribute is set, even to "false": every
 *   id token handed out is corrected, and access tokens get the `origin_jti` that makes Amplify's
 *   signOut revoke the refresh token (cognitoClaims.ts). A user may not set `email_verified`
 *   with `UpdateUserAttributes`, and a changed e-mail (held back until verified, see the pool's
 *   `AttributesRequireVerificationBeforeUpdate`) gets its verification code.
 * - Where cognito-local answers unlike Cognito in ways the app shows, the answer is corrected:
 *   a wrong password or unknown user at sign-in is NotAuthorizedException "Incorrect username or
 *   password." (cognito-local: InvalidPasswordException "Invalid password"); the pool's password
 *   policy is enforced on SignUp, ConfirmForgotPassword and ChangePassword (cognito-local
 *   accepts any password); a confirmed sign-up has its e-mail marked verified; a wrong code
 *   gets Cognito's wording.
 *
 * It also reports every code cognito-local "sends" (sign-up confirmation, password reset,
 * attribute verification) by reading it from the pool's database file once the action has
 * answered; cognito-local's console output of codes can lag behind by a whole request.
 *
 * It answers CORS itself, for the app's origin only (Cognito answers any origin, but the local
 * proxy also serves the admin actions without credentials), and passes everything else through
 * unchanged.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { accountGaps } from './cognitoAccountGaps';
import { maskPhone, phoneGaps } from './cognitoPhone';
import { deviceGaps } from './cognitoDevices';
import {
  DEFAULT_LOCKOUT,
  HOSTED_FIELDS,
  LOCKED_MESSAGE,
  accountLockout,
  appOrigins,
  codePage,
  signInPage,
  type HostedFields,
  type LockoutOptions,
} from './cognitoGuard';
import { correctTokenAnswer, type ShortLivedTokens, type TokenSigner } from './cognitoClaims';
import { ownerGroupRefusal } from './cognitoOwners';
import { isRecord, jwtClaims, readString, type Json } from './cognitoClient';

export interface CognitoProxyOptions {
  /** Public port (the app's COGNITO_ENDPOINT). */
  port: number;
  host?: string;
  /** cognito-local's own address, e.g. http://127.0.0.1:9230. */
  upstream: string;
  userPoolId: string;
  /** The web app's origin: the only one CORS answers (with its localhost / 127.0.0.1 twin). */
  appOrigin: string;
  /** Further origins serving the same app (CORS answers them too). */
  otherOrigins?: string[];
  /**
   * A key of the run's own: every id and access token handed out is signed with it, and
   * `/<pool>/.well-known/jwks.json` publishes it alone (see cognitoClaims.ts).
   */
  signer?: TokenSigner;
  /** Accounts whose id and access tokens live a short while (see cognitoClaims.ts). */
  shortLivedTokens?: ShortLivedTokens;
  /** Wrong passwords or codes that lock an account, and for how long (default 5, 15 minutes). */
  lockout?: LockoutOptions;
  /** cognito-local's database file of the pool (`.cognito/db/<poolId>.json`). */
  poolFile: string;
  /** A code that was "sent", e.g. ('Confirmation code', 'jordan@example.com', '123456'). */
  onCode: (kind: string, destination: string, code: string) => void;
  /**
   * Each call that succeeded with an access token, with the account's `sub`: what Cognito's
   * CloudTrail records of it (the local stack delivers the authenticator calls to the API as
   * production's EventBridge rule does).
   */
  onAccountCall?: (action: string, sub: string) => void;
  log: (line: string) => void;
}

export interface CognitoProxy {
  url: string;
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A sign-in between its password step and its MFA answer (keyed by challenge Session). */
interface PendingSignIn {
  username: string;
  password: string;
  expires: number;
  sms?: { code: string; userId: string };
}

/** How an action was answered: its status, error type and message, and whether it signed in. */
interface Outcome {
  status: number;
  type?: string;
  message?: string;
  signedIn: boolean;
}

/** A hosted sign-in waiting for the code of its second factor (keyed by its own random id). */
interface HostedSignIn {
  form: URLSearchParams;
  fields: HostedFields;
  username: string;
  challengeName: string;
  session: string;
  expires: number;
}

/** Actions that check a password or a code the caller could be guessing. */
const GUESSABLE = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'VerifySoftwareToken',
  'ChangePassword',
  'VerifyUserAttribute',
]);
const CODE_FIELDS: Record<string, string> = {
  SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE',
  SMS_MFA: 'SMS_MFA_CODE',
};
const CODE_LABELS: Record<string, string> = {
  SOFTWARE_TOKEN_MFA: 'Code from your authenticator app',
  SMS_MFA: 'Code sent to your phone',
};
/** A wrong password or code (not a refusal for another reason, such as a revoked token). */
const isWrongGuess = (outcome: Outcome) =>
  outcome.type === 'CodeMismatchException' ||
  outcome.type === 'EnableSoftwareTokenMFAException' ||
  (outcome.type === 'NotAuthorizedException' &&
    outcome.message === 'Incorrect username or password.');
/** A current authenticator code proves the owner for this long (to turn the authenticator off). */
const TOTP_PROOF_MS = 5 * 60_000;
export const TOTP_OFF_MESSAGE = 'Enter a current code from your authenticator app to turn it off.';
export const TOTP_REPLACE_MESSAGE =
  'Enter a current code from your authenticator app to replace it.';

const SESSION_TTL_MS = 5 * 60_000;
const AMZ_JSON = 'application/x-amz-json-1.1';
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) reject(new Error('Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(body: Buffer | string): Json {
  try {
    const parsed: unknown = JSON.parse(body.toString());
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The pool's password policy, with Cognito's messages; undefined when the password conforms. */
export function passwordPolicyViolation(password: string): string | undefined {
  const rules: [boolean, string][] = [
    [password.length >= 8, 'Password not long enough'],
    [/[a-z]/.test(password), 'Password must have lowercase characters'],
    [/[A-Z]/.test(password), 'Password must have uppercase characters'],
    [/[0-9]/.test(password), 'Password must have numeric characters'],
    [/[^A-Za-z0-9\s]/.test(password), 'Password must have symbol characters'],
  ];
  const failed = rules.find(([ok]) => !ok);
  return failed ? `Password did not conform with policy: ${failed[1]}` : undefined;
}

const PASSWORD_FIELDS: Record<string, string> = {
  SignUp: 'Password',
  ConfirmForgotPassword: 'Password',
  ChangePassword: 'ProposedPassword',
};

/** Cognito's own wording for a wrong code, where cognito-local says "Incorrect confirmation code". */
const CODE_MISMATCH: Record<string, string> = {
  ConfirmSignUp: 'Invalid verification code provided, please try again.',
  ConfirmForgotPassword: 'Invalid verification code provided, please try again.',
  VerifyUserAttribute: 'Invalid verification code provided, please try again.',
  RespondToAuthChallenge: 'Invalid code or auth state for the user.',
};

/** Actions after which cognito-local has stored (and "sent") a code on the user. */
const CODE_ACTIONS: Record<string, { kind: string; field: string }> = {
  SignUp: { kind: 'Confirmation code', field: 'ConfirmationCode' },
  ResendConfirmationCode: { kind: 'Confirmation code', field: 'ConfirmationCode' },
  ForgotPassword: { kind: 'Password reset code', field: 'ConfirmationCode' },
  UpdateUserAttributes: { kind: 'Verification code', field: 'AttributeVerificationCode' },
  GetUserAttributeVerificationCode: {
    kind: 'Verification code',
    field: 'AttributeVerificationCode',
  },
};

export function startCognitoProxy(options: CognitoProxyOptions): Promise<CognitoProxy> {
  const upstreamUrl = new URL(options.upstream);
  const pending = new Map<string, PendingSignIn>();

  const remember = (session: string, entry: Omit<PendingSignIn, 'expires'>) => {
    const now = Date.now();
    for (const [key, value] of pending) if (value.expires < now) pending.delete(key);
    pending.set(session, { ...entry, expires: now + SESSION_TTL_MS });
  };
  const recall = (session: unknown) => {
    if (typeof session !== 'string') return undefined;
    const entry = pending.get(session);
    return entry && entry.expires >= Date.now() ? entry : undefined;
  };

  /** One HTTP exchange with `to` (cognito-local, or this proxy itself). */
  function exchange(
    to: URL,
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    body: Buffer,
  ): Promise<Upstream> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          hostname: to.hostname,
          port: to.port,
          method,
          path,
          headers: { ...headers, host: to.host, 'content-length': body.length },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 502,
              headers: incoming.headers,
              body: Buffer.concat(chunks),
            }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  const request = (
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    body: Buffer,
  ): Promise<Upstream> => exchange(upstreamUrl, method, path, headers, body);

  const actionHeaders = (name: string) => ({
    'content-type': AMZ_JSON,
    'x-amz-target': `AWSCognitoIdentityProviderService.${name}`,
  });

  const action = (name: string, payload: Json) =>
    request('POST', '/', actionHeaders(name), Buffer.from(JSON.stringify(payload)));

  /** Corrects the `email_verified` claim of an id token in the answer (see cognitoClaims.ts). */
  const attributesOf = async (username: string) =>
    parseJson(
      (await action('AdminGetUser', { UserPoolId: options.userPoolId, Username: username })).body,
    ).UserAttributes;
  async function correctedBody(body: Buffer): Promise<Buffer> {
    if (!/"(IdToken|id_token)"/.test(body.toString())) return body;
    const json = parseJson(body);
    return Buffer.from(
      JSON.stringify(
        await correctTokenAnswer(json, attributesOf, options.signer, options.shortLivedTokens),
      ),
    );
  }

  /** What each answer said (read after an action to count wrong passwords and codes). */
  const outcomes = new WeakMap<http.ServerResponse, Outcome>();
  const noteOutcome = (res: http.ServerResponse, status: number, body: Buffer) => {
    const json = parseJson(body);
    outcomes.set(res, {
      status,
      type: readString(json, '__type'),
      message: readString(json, 'message'),
      signedIn: isRecord(json.AuthenticationResult),
    });
  };

  async function send(res: http.ServerResponse, upstream: Upstream) {
    const answer = { ...upstream, body: await correctedBody(upstream.body) };
    noteOutcome(res, answer.status, answer.body);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_HEADERS.has(name) || name.startsWith('access-control-'))
        continue;
      res.setHeader(name, value);
    }
    res.writeHead(answer.status, { 'content-length': answer.body.length });
    res.end(answer.body);
  }

  async function sendJson(res: http.ServerResponse, status: number, value: Json) {
    const body = await correctedBody(Buffer.from(JSON.stringify(value)));
    noteOutcome(res, status, body);
    res.writeHead(status, { 'content-type': AMZ_JSON, 'content-length': body.length });
    res.end(body);
  }

  /** The run's key set, as Cognito publishes a pool's. */
  function sendKeySet(res: http.ServerResponse, signer: TokenSigner) {
    const body = JSON.stringify({ keys: [signer.publicJwk] });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  }

  const error = (res: http.ServerResponse, type: string, message: string) =>
    sendJson(res, 400, { __type: type, message });

  const tokenResult = (result: Json, refreshToken?: string): Json => {
    const access = readString(result, 'AccessToken') ?? '';
    const claims = jwtClaims(access);
    const lifetime =
      typeof claims.exp === 'number' && typeof claims.iat === 'number'
        ? claims.exp - claims.iat
        : 3600;
    return {
      AccessToken: access,
      IdToken: readString(result, 'IdToken'),
      RefreshToken: refreshToken ?? readString(result, 'RefreshToken'),
      ExpiresIn: lifetime,
      TokenType: 'Bearer',
    };
  };

  /** Tokens whose refresh token cognito-local records (see the header comment). */
  async function issueTokens(clientId: string, username: string, password: string) {
    const answer = await action('AdminInitiateAuth', {
      UserPoolId: options.userPoolId,
      ClientId: clientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    const result = parseJson(answer.body).AuthenticationResult;
    return answer.status === 200 && isRecord(result) ? tokenResult(result) : undefined;
  }

  const gaps = accountGaps({
    userPoolId: options.userPoolId,
    action: async (name, payload) => {
      const answer = await action(name, payload);
      return { status: answer.status, body: parseJson(answer.body) };
    },
    storedUser,
    issueTokens,
    passwordPolicyViolation,
  });
  /** Marks the proxy's calls to itself that the device layer has already seen. */
  const internalCall = randomUUID();
  const devices = deviceGaps({
    userPoolId: options.userPoolId,
    self: async (name, payload) => {
      const answer = await ownAction(name, payload, { 'x-device-layer': internalCall });
      return { status: answer.status, body: parseJson(answer.body) };
    },
    accountOf: (key) => readString(storedUser(key), 'Username'),
    issueTokens,
  });
  const phone = phoneGaps({
    action: async (name, payload) => {
      const answer = await action(name, payload);
      return { status: answer.status, body: parseJson(answer.body) };
    },
    storedUser,
    onCode: options.onCode,
  });

  const isSmsGap = (answer: Upstream) =>
    answer.status === 500 && /SMS_MFA without/.test(answer.body.toString());

  /** Starts the SMS_MFA challenge cognito-local cannot run; undefined when the user has no phone. */
  async function smsChallenge(username: string, password: string): Promise<Json | undefined> {
    const user = parseJson(
      (await action('AdminGetUser', { UserPoolId: options.userPoolId, Username: username })).body,
    );
    const attributes = Array.isArray(user.UserAttributes) ? user.UserAttributes : [];
    const phone = attributes
      .filter(isRecord)
      .find((attribute) => attribute.Name === 'phone_number')?.Value;
    const userId = readString(user, 'Username');
    if (typeof phone !== 'string' || !userId) return undefined;
    const code = process.env.CODE ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    const session = randomUUID();
    remember(session, { username, password, sms: { code, userId } });
    options.onCode('SMS sign-in code', phone, code);
    return {
      ChallengeName: 'SMS_MFA',
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: maskPhone(phone),
        USER_ID_FOR_SRP: userId,
      },
      Session: session,
    };
  }

  /** The user record in the pool file whose Username, sub or e-mail is `key`. */
  function storedUser(key: string): Json | undefined {
    let pool: Json = {};
    try {
      pool = parseJson(readFileSync(options.poolFile));
    } catch {
      return undefined;
    }
    const users = isRecord(pool.Users) ? Object.values(pool.Users).filter(isRecord) : [];
    const wanted = key.toLowerCase();
    return users.find(
      (user) =>
        String(user.Username).toLowerCase() === wanted ||
        (Array.isArray(user.Attributes) &&
          user.Attributes.filter(isRecord).some(
            (a) =>
              (a.Name === 'sub' || a.Name === 'email') && String(a.Value).toLowerCase() === wanted,
          )),
    );
  }

  /** Reports the code an action made cognito-local store, with where it was "sent". */
  function reportCode(name: string, input: Json, answer: Upstream) {
    const spec = CODE_ACTIONS[name];
    if (!spec || answer.status !== 200) return;
    const output = parseJson(answer.body);
    const list = Array.isArray(output.CodeDeliveryDetailsList)
      ? output.CodeDeliveryDetailsList
      : [];
    const delivery = isRecord(output.CodeDeliveryDetails) ? output.CodeDeliveryDetails : list[0];
    const destination = readString(delivery, 'Destination');
    const key =
      readString(output, 'UserSub') ??
      readString(input, 'Username') ??
      readString(jwtClaims(readString(input, 'AccessToken') ?? ''), 'sub');
    if (!destination || !key) return;
    const code = readString(storedUser(key), spec.field);
    if (code) options.onCode(spec.kind, destination, code);
  }

  async function handleAction(
    name: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
  ) {
    const input = parseJson(body);
    const clientId = readString(input, 'ClientId') ?? '';
    const forward = async (): Promise<Upstream> => {
      const answer = await request(
        'POST',
        '/',
        { 'content-type': AMZ_JSON, 'x-amz-target': req.headers['x-amz-target'] },
        body,
      );
      reportCode(name, input, answer);
      const message = CODE_MISMATCH[name];
      if (!message || readString(parseJson(answer.body), '__type') !== 'CodeMismatchException')
        return answer;
      const fixed = JSON.stringify({ __type: 'CodeMismatchException', message });
      return { ...answer, body: Buffer.from(fixed) };
    };

    const ownersRefusal = ownerGroupRefusal(input);
    if (ownersRefusal) return sendJson(res, 400, ownersRefusal);
    const passwordField = PASSWORD_FIELDS[name];
    const violation = passwordField
      ? passwordPolicyViolation(readString(input, passwordField) ?? '')
      : undefined;
    if (violation) return error(res, 'InvalidPasswordException', violation);
    const gap = await gaps.answer(name, input);
    if (gap) return sendJson(res, gap.status, gap.body);
    const phoneGap = await phone.answer(name, input);
    if (phoneGap) return sendJson(res, phoneGap.status, phoneGap.body);
    const deviceAnswer = devices.deviceAction(name, input);
    if (deviceAnswer) return sendJson(res, deviceAnswer.status, deviceAnswer.body);

    switch (name) {
      case 'GetTokensFromRefreshToken': {
        const refreshToken = readString(input, 'RefreshToken') ?? '';
        const answer = await action('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: clientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
          ClientMetadata: input.ClientMetadata,
        });
        const result = parseJson(answer.body).AuthenticationResult;
        if (answer.status !== 200 || !isRecord(result)) return send(res, answer);
        return sendJson(res, 200, { AuthenticationResult: tokenResult(result, refreshToken) });
      }
      case 'ResendConfirmationCode': {
        const username = readString(input, 'Username') ?? '';
        const user = await action('AdminGetUser', {
          UserPoolId: options.userPoolId,
          Username: username,
        });
        if (user.status !== 200) return send(res, user);
        if (readString(parseJson(user.body), 'UserStatus') !== 'UNCONFIRMED')
          return error(res, 'InvalidParameterException', 'User is already confirmed.');
        const resent = await action('ForgotPassword', { ClientId: clientId, Username: username });
        reportCode(name, input, resent);
        return send(res, resent);
      }
      case 'InitiateAuth': {
        const answer = await forward();
        const params = isRecord(input.AuthParameters) ? input.AuthParameters : {};
        const username = readString(params, 'USERNAME');
        const password = readString(params, 'PASSWORD');
        if (input.AuthFlow !== 'USER_PASSWORD_AUTH' || !username || !password)
          return send(res, answer);
        const type = readString(parseJson(answer.body), '__type');
        if (type === 'InvalidPasswordException' || type === 'NotAuthorizedException')
          return error(res, 'NotAuthorizedException', 'Incorrect username or password.');
        if (isSmsGap(answer)) {
          const challenge = await smsChallenge(username, password);
          return challenge ? sendJson(res, 200, challenge) : send(res, answer);
        }
        const output = parseJson(answer.body);
        const session = readString(output, 'Session');
        if (answer.status === 200 && session) remember(session, { username, password });
        return send(res, answer);
      }
      case 'RespondToAuthChallenge': {
        const signIn = recall(input.Session);
        const responses = isRecord(input.ChallengeResponses) ? input.ChallengeResponses : {};
        if (signIn?.sms && input.ChallengeName === 'SMS_MFA') {
          if (readString(responses, 'SMS_MFA_CODE') !== signIn.sms.code)
            return error(res, 'CodeMismatchException', 'Invalid code or auth state for the user.');
          pending.delete(String(input.Session));
          const tokens = await issueTokens(clientId, signIn.username, signIn.password);
          if (!tokens)
            return error(res, 'NotAuthorizedException', 'Incorrect username or password.');
          return sendJson(res, 200, { ChallengeParameters: {}, AuthenticationResult: tokens });
        }
        const answer = await forward();
        if (!signIn) return send(res, answer);
        if (isSmsGap(answer)) {
          const challenge = await smsChallenge(signIn.username, signIn.password);
          return challenge ? sendJson(res, 200, challenge) : send(res, answer);
        }
        const output = parseJson(answer.body);
        const nextSession = readString(output, 'Session');
        if (answer.status === 200 && nextSession) remember(nextSession, signIn);
        if (answer.status !== 200 || !isRecord(output.AuthenticationResult))
          return send(res, answer);
        pending.delete(String(input.Session));
        const password = readString(responses, 'NEW_PASSWORD') ?? signIn.password;
        const tokens = await issueTokens(clientId, signIn.username, password);
        return tokens
          ? sendJson(res, 200, { ...output, AuthenticationResult: tokens })
          : send(res, answer);
      }
      case 'UpdateUserAttributes': {
        const attributes = Array.isArray(input.UserAttributes)
          ? input.UserAttributes.filter(isRecord)
          : [];
        if (attributes.some((attribute) => attribute.Name === 'email_verified'))
          return error(
            res,
            'InvalidParameterException',
            'user.email_verified: Attribute cannot be updated; verify the e-mail with its code.',
          );
        const answer = await forward();
        const delivered = parseJson(answer.body).CodeDeliveryDetailsList;
        const changesEmail = attributes.some((attribute) => attribute.Name === 'email');
        if (
          answer.status !== 200 ||
          !changesEmail ||
          (Array.isArray(delivered) && delivered.length)
        )
          return send(res, answer);
        // The pool holds a new e-mail back until it is verified, but cognito-local sends no
        // code for it then (Cognito does): ask for one, so the change can be completed.
        const sent = await action('GetUserAttributeVerificationCode', {
          AccessToken: input.AccessToken,
          AttributeName: 'email',
        });
        reportCode('GetUserAttributeVerificationCode', input, sent);
        return sent.status === 200 ? send(res, sent) : send(res, answer);
      }
      case 'ConfirmSignUp': {
        const answer = await forward();
        const username = readString(input, 'Username');
        if (answer.status === 200 && username?.includes('@'))
          await action('AdminUpdateUserAttributes', {
            UserPoolId: options.userPoolId,
            Username: username,
            UserAttributes: [
              { Name: 'email', Value: username },
              { Name: 'email_verified', Value: 'true' },
            ],
          });
        return send(res, answer);
      }
      default:
        return send(res, await forward());
    }
  }

  const lockout = accountLockout(options.lockout ?? DEFAULT_LOCKOUT);
  const allowedOrigins = [options.appOrigin, ...(options.otherOrigins ?? [])].flatMap(appOrigins);
  /** Account → when it last proved a current authenticator code (VerifySoftwareToken). */
  const totpProvedAt = new Map<string, number>();

  /** The account an action is about (its stored Username), when it checks a password or code. */
  function accountOf(name: string, input: Json): string | undefined {
    const params = isRecord(input.AuthParameters) ? input.AuthParameters : {};
    const responses = isRecord(input.ChallengeResponses) ? input.ChallengeResponses : {};
    const accessToken = readString(input, 'AccessToken');
    let key: string | undefined;
    if (name === 'InitiateAuth' && input.AuthFlow === 'USER_PASSWORD_AUTH')
      key = readString(params, 'USERNAME');
    else if (name === 'RespondToAuthChallenge')
      key = readString(responses, 'USERNAME') ?? recall(input.Session)?.username;
    else if (accessToken) key = readString(jwtClaims(accessToken), 'username');
    return key ? (readString(storedUser(key), 'Username') ?? key.toLowerCase()) : undefined;
  }

  const hasAuthenticator = (account: string) => {
    const methods = storedUser(account)?.UserMFASettingList;
    return Array.isArray(methods) && methods.includes('SOFTWARE_TOKEN_MFA');
  };

  /**
   * Turning the authenticator off, or giving the account a new secret while it has one, needs a
   * current code, proved just before (see the header).
   */
  function totpChangeRefused(name: string, input: Json): boolean {
    if (name === 'SetUserMFAPreference') {
      const settings = input.SoftwareTokenMfaSettings;
      if (!isRecord(settings) || settings.Enabled !== false) return false;
    } else if (name !== 'AssociateSoftwareToken' || !readString(input, 'AccessToken')) return false;
    const account = accountOf(name, input);
    if (!account || !hasAuthenticator(account)) return false;
    const proved = totpProvedAt.get(account) ?? 0;
    totpProvedAt.delete(account);
    return proved < Date.now() - TOTP_PROOF_MS;
  }

  /** Tells `onAccountCall` of a call that succeeded with an access token. */
  function recordCall(name: string, input: Json, res: http.ServerResponse) {
    const accessToken = readString(input, 'AccessToken');
    if (!options.onAccountCall || !accessToken || outcomes.get(res)?.status !== 200) return;
    const sub = readString(jwtClaims(accessToken), 'sub');
    if (sub) options.onAccountCall(name, sub);
  }

  /** An action, with the lockout and the authenticator-off check around it. */
  async function guardedAction(
    name: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
  ) {
    const input = parseJson(body);
    if (req.headers['x-device-layer'] !== internalCall) {
      const step = devices.signInStep(name, input);
      if (step) {
        const answer = await step;
        return sendJson(res, answer.status, answer.body);
      }
    }
    const refreshRefused = devices.refreshRefusal(name, input);
    if (refreshRefused) return sendJson(res, refreshRefused.status, refreshRefused.body);
    if (totpChangeRefused(name, input))
      return error(
        res,
        'NotAuthorizedException',
        name === 'AssociateSoftwareToken' ? TOTP_REPLACE_MESSAGE : TOTP_OFF_MESSAGE,
      );
    const account = GUESSABLE.has(name) ? accountOf(name, input) : undefined;
    if (!account) {
      await handleAction(name, req, res, body);
      return recordCall(name, input, res);
    }
    if (lockout.isLocked(account)) return error(res, 'NotAuthorizedException', LOCKED_MESSAGE);
    // A code proves the owner only for an authenticator already on (not while setting one up).
    const provesOwner = name === 'VerifySoftwareToken' && hasAuthenticator(account);
    await handleAction(name, req, res, body);
    recordCall(name, input, res);
    const outcome = outcomes.get(res);
    if (!outcome) return;
    if (isWrongGuess(outcome)) lockout.failed(account);
    else if (outcome.signedIn) lockout.succeeded(account);
    else if (name === 'VerifySoftwareToken' && outcome.status === 200) {
      lockout.succeeded(account);
      if (provesOwner) totpProvedAt.set(account, Date.now());
    }
  }

  /** Calls an action through this proxy itself (so the hosted pages get every check above). */
  function ownAction(
    name: string,
    payload: Json,
    headers: http.OutgoingHttpHeaders = {},
  ): Promise<Upstream> {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const body = Buffer.from(JSON.stringify(payload));
    return exchange(
      new URL(`http://127.0.0.1:${port}`),
      'POST',
      '/',
      { ...actionHeaders(name), ...headers },
      body,
    );
  }

  function sendHtml(res: http.ServerResponse, html: string) {
    const body = Buffer.from(html);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'content-security-policy': `default-src 'none'; form-action 'self' ${allowedOrigins.join(' ')}; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      // Not no-referrer: the browser would then send "Origin: null" with the form (refused).
      'referrer-policy': 'same-origin',
    });
    res.end(body);
  }

  const hostedSignIns = new Map<string, HostedSignIn>();
  const hostedFields = (from: URLSearchParams): HostedFields =>
    Object.fromEntries(
      HOSTED_FIELDS.flatMap((name) => {
        const value = from.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );

  /** Ends a hosted sign-in whose password (and code) were right: cognito-local issues the code. */
  async function finishHostedSignIn(res: http.ServerResponse, form: URLSearchParams, tokens: Json) {
    // The tokens only proved the password and code: their refresh token must not stay usable.
    const refreshToken = readString(tokens.AuthenticationResult, 'RefreshToken');
    if (refreshToken)
      await action('RevokeToken', { ClientId: form.get('client_id'), Token: refreshToken });
    const body = Buffer.from(form.toString());
    const answer = await request(
      'POST',
      '/oauth2/authorize',
      { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    );
    if (answer.status >= 300 && answer.status < 400) return send(res, answer);
    return sendHtml(res, signInPage(hostedFields(form), 'Incorrect username or password.'));
  }

  /** The hosted sign-in's next page after a password or a code was answered. */
  async function hostedNext(
    res: http.ServerResponse,
    form: URLSearchParams,
    answer: Upstream,
    username: string,
  ): Promise<void> {
    const fields = hostedFields(form);
    const output = parseJson(answer.body);
    if (answer.status !== 200) {
      const message = readString(output, 'message');
      return sendHtml(
        res,
        signInPage(
          fields,
          message === LOCKED_MESSAGE ? LOCKED_MESSAGE : 'Incorrect username or password.',
        ),
      );
    }
    if (isRecord(output.AuthenticationResult)) return finishHostedSignIn(res, form, output);
    const challengeName = readString(output, 'ChallengeName') ?? '';
    const session = readString(output, 'Session') ?? '';
    if (challengeName === 'SELECT_MFA_TYPE') {
      const chosen = await ownAction('RespondToAuthChallenge', {
        ClientId: fields.client_id,
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: session,
        ChallengeResponses: { USERNAME: username, ANSWER: 'SOFTWARE_TOKEN_MFA' },
      });
      return hostedNext(res, form, chosen, username);
    }
    const label = CODE_LABELS[challengeName];
    if (!label)
      return sendHtml(
        res,
        signInPage(fields, 'Finish setting up this account by signing in on the website.'),
      );
    const id = randomUUID();
    const now = Date.now();
    for (const [key, value] of hostedSignIns) if (value.expires < now) hostedSignIns.delete(key);
    hostedSignIns.set(id, {
      form,
      fields,
      username,
      challengeName,
      session,
      expires: now + SESSION_TTL_MS,
    });
    return sendHtml(res, codePage(id, label));
  }

  /** The hosted sign-in pages (see the header comment). */
  async function hostedAuthorize(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    body: Buffer,
  ): Promise<void> {
    const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(body.toString());
    const mfaSession = form.get('mfa_session');
    if (mfaSession !== null) {
      const signIn = hostedSignIns.get(mfaSession);
      if (!signIn || signIn.expires < Date.now())
        return sendHtml(res, signInPage({}, 'Your sign-in expired. Start again from the website.'));
      const code = form.get('code') ?? '';
      const answer = await ownAction('RespondToAuthChallenge', {
        ClientId: signIn.fields.client_id,
        ChallengeName: signIn.challengeName,
        Session: signIn.session,
        ChallengeResponses: {
          USERNAME: signIn.username,
          [CODE_FIELDS[signIn.challengeName] ?? 'SOFTWARE_TOKEN_MFA_CODE']: code,
        },
      });
      const output = parseJson(answer.body);
      if (answer.status === 200 && isRecord(output.AuthenticationResult)) {
        hostedSignIns.delete(mfaSession);
        return finishHostedSignIn(res, signIn.form, output);
      }
      if (readString(output, 'message') === LOCKED_MESSAGE) {
        hostedSignIns.delete(mfaSession);
        return sendHtml(res, signInPage(signIn.fields, LOCKED_MESSAGE));
      }
      const label = CODE_LABELS[signIn.challengeName] ?? '';
      return sendHtml(res, codePage(mfaSession, label, 'Invalid code or auth state for the user.'));
    }
    // cognito-local checks the client, the redirect URI and the PKCE fields (JSON 400 if wrong).
    const fields = hostedFields(form);
    const checked = await request(
      'GET',
      `/oauth2/authorize?${new URLSearchParams(fields).toString()}`,
      {},
      Buffer.alloc(0),
    );
    if (checked.status !== 200) return send(res, checked);
    if (req.method === 'GET') return sendHtml(res, signInPage(fields));
    const username = form.get('username') ?? '';
    const password = form.get('password') ?? '';
    if (!username || !password)
      return sendHtml(res, signInPage(fields, 'Incorrect username or password.'));
    const answer = await ownAction('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: fields.client_id,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    return hostedNext(res, form, answer, username);
  }

  /** `GET /logout`: redirects only to a sign-out URL registered for the client, like Cognito. */
  async function hostedLogout(res: http.ServerResponse, url: URL) {
    const to = url.searchParams.get('logout_uri');
    const clientId = url.searchParams.get('client_id');
    const client = clientId
      ? parseJson(
          (
            await action('DescribeUserPoolClient', {
              UserPoolId: options.userPoolId,
              ClientId: clientId,
            })
          ).body,
        ).UserPoolClient
      : undefined;
    const registered =
      isRecord(client) && Array.isArray(client.LogoutURLs) ? client.LogoutURLs : [];
    if (to && registered.includes(to)) {
      res.writeHead(302, { location: to });
      res.end();
      return;
    }
    return sendJson(res, 400, {
      error: 'invalid_request',
      error_description: to
        ? 'logout_uri is not a registered sign-out URL of this client'
        : 'Missing logout_uri',
    });
  }

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    const ownOrigin = `http://${req.headers.host ?? ''}`;
    if (origin && origin !== ownOrigin && !allowedOrigins.includes(origin)) {
      // Another website: no CORS answer, and nothing done on its behalf.
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Requests from this origin are not accepted.');
      return;
    }
    if (origin) res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader(
      'Access-Control-Expose-Headers',
      'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
    );
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://proxy');
    const target = req.headers['x-amz-target'];
    void readBody(req)
      .then(async (body) => {
        if (req.method === 'POST' && url.pathname === '/' && typeof target === 'string') {
          const name = target.split('.').pop() ?? '';
          return guardedAction(name, req, res, body);
        }
        if (req.method === 'GET' && url.pathname === '/logout') return hostedLogout(res, url);
        if (
          options.signer &&
          req.method === 'GET' &&
          url.pathname === `/${options.userPoolId}/.well-known/jwks.json`
        )
          return sendKeySet(res, options.signer);
        if (url.pathname === '/oauth2/authorize' && (req.method === 'GET' || req.method === 'POST'))
          return hostedAuthorize(req, res, url, body);
        const headers = { ...req.headers };
        delete headers.host;
        return send(res, await request(req.method ?? 'GET', req.url ?? '/', headers, body));
      })
      .catch((err: unknown) => {
        options.log(`[cognito] proxy error: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent)
          void sendJson(res, 502, { __type: 'InternalErrorException', message: 'Proxy error' });
        else res.end();
      });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        url: `http://localhost:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
