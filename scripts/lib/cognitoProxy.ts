/**
 * A small HTTP proxy in front of cognito-local that fills the gaps Amplify v6 and the app hit
 * (verified against cognito-local 5.3.0's source and by calling it):
 *
 * - `GetTokensFromRefreshToken` (Amplify >= 6.14 refreshes with it) is unsupported: answered
 *   with `InitiateAuth` REFRESH_TOKEN_AUTH, in the GetTokensFromRefreshToken shape, keeping the
 *   refresh token.
 * - The account-security actions and sign-in steps (authenticator setup, required new password,
 *   GlobalSignOut, ChangePassword): see ./cognitoAccountGaps.ts.
 * - `ResendConfirmationCode` is unsupported: a new code is issued through `ForgotPassword`
 *   (which stores the code ConfirmSignUp checks) for unconfirmed users.
 * - After an MFA challenge, `RespondToAuthChallenge` issues tokens without recording the refresh
 *   token, so they could never be refreshed: the tokens are re-issued with
 *   `AdminInitiateAuth` (which records it), using the password of the same sign-in.
 * - SMS MFA needs a legacy `MFAOptions` entry that no API can set, so a user who chose SMS gets
 *   an "unsupported" error at sign-in: the proxy runs the SMS_MFA challenge itself (code shown in
 *   the console) and issues the tokens as above.
 * - `GET /logout` (hosted sign-out) is missing: redirects to `logout_uri`.
 * - Id tokens say `email_verified: true` whenever the attribute is set, even to "false": every
 *   id token handed out is corrected (cognitoClaims.ts). A user may not set `email_verified`
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
 * It answers CORS itself (any origin, like Cognito) and passes everything else through unchanged.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { accountGaps } from './cognitoAccountGaps';
import { correctTokenAnswer } from './cognitoClaims';
import { ownerGroupRefusal } from './cognitoOwners';
import { isRecord, jwtClaims, readString, type Json } from './cognitoClient';

export interface CognitoProxyOptions {
  /** Public port (the app's COGNITO_ENDPOINT). */
  port: number;
  host?: string;
  /** cognito-local's own address, e.g. http://127.0.0.1:9230. */
  upstream: string;
  userPoolId: string;
  /** cognito-local's database file of the pool (`.cognito/db/<poolId>.json`). */
  poolFile: string;
  /** A code that was "sent", e.g. ('Confirmation code', 'jordan@example.com', '123456'). */
  onCode: (kind: string, destination: string, code: string) => void;
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

const maskPhone = (phone: string) =>
  `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`;

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

  function request(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    body: Buffer,
  ): Promise<Upstream> {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          hostname: upstreamUrl.hostname,
          port: upstreamUrl.port,
          method,
          path,
          headers: { ...headers, host: upstreamUrl.host, 'content-length': body.length },
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

  const action = (name: string, payload: Json) =>
    request(
      'POST',
      '/',
      { 'content-type': AMZ_JSON, 'x-amz-target': `AWSCognitoIdentityProviderService.${name}` },
      Buffer.from(JSON.stringify(payload)),
    );

  /** Corrects the `email_verified` claim of an id token in the answer (see cognitoClaims.ts). */
  const attributesOf = async (username: string) =>
    parseJson(
      (await action('AdminGetUser', { UserPoolId: options.userPoolId, Username: username })).body,
    ).UserAttributes;
  async function correctedBody(body: Buffer): Promise<Buffer> {
    if (!/"(IdToken|id_token)"/.test(body.toString())) return body;
    const json = parseJson(body);
    return Buffer.from(JSON.stringify(await correctTokenAnswer(json, attributesOf)));
  }

  async function send(res: http.ServerResponse, upstream: Upstream) {
    const answer = { ...upstream, body: await correctedBody(upstream.body) };
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
    res.writeHead(status, { 'content-type': AMZ_JSON, 'content-length': body.length });
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

  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
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
    readBody(req)
      .then(async (body) => {
        if (req.method === 'POST' && url.pathname === '/' && typeof target === 'string') {
          const name = target.split('.').pop() ?? '';
          return handleAction(name, req, res, body);
        }
        if (req.method === 'GET' && url.pathname === '/logout') {
          const to = url.searchParams.get('logout_uri');
          if (to && /^https?:\/\//.test(to)) {
            res.writeHead(302, { location: to });
            res.end();
          } else
            sendJson(res, 400, {
              error: 'invalid_request',
              error_description: 'Missing logout_uri',
            });
          return;
        }
        const headers = { ...req.headers };
        delete headers.host;
        return send(res, await request(req.method ?? 'GET', req.url ?? '/', headers, body));
      })
      .catch((err: unknown) => {
        options.log(`[cognito] proxy error: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent)
          sendJson(res, 502, { __type: 'InternalErrorException', message: 'Proxy error' });
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
