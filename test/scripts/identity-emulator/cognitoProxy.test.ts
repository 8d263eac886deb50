/**
 * The local identity provider as the app uses it: cognito-local 5.3.0 behind the gap-filling
 * proxy (scripts/identity-emulator/cognitoProxy.ts), started once with startLocalStack on free ports and a
 * fresh state folder. Every call goes through the proxy's public URL, like Amplify's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CognitoApiError,
  callCognito,
  isRecord,
  jwtClaims,
  pkcePair,
  readString,
  totpCode,
  type Json,
} from '../../../scripts/identity-emulator/cognitoClient';
import { cognitoPoolFile } from '../../../scripts/identity-emulator/cognitoLocal';
import { startLocalStack, type LocalStack } from '../../../scripts/local-stack/localStack';
import { freePorts } from '../../../scripts/common/ports';

const PASSWORD = 'Shine-Pass1';
/** The stack's accounts whose tokens live seconds (the option journeys that watch refreshes use). */
const SHORT_LIVED = { domain: 'short-lived.test', seconds: 45 };
const runFile = promisify(execFile);
const lines: string[] = [];
const starting = new AbortController();
let startup: Promise<LocalStack> | undefined;
let stack: LocalStack;
let stateDir: string;
let appOrigin: string;
let userCount = 0;

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'cognito-proxy-test-'));
  const [cognito, api, cognitoInternal, app] = (await freePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  appOrigin = `http://localhost:${app}`;
  startup = startLocalStack({
    stateDir,
    appOrigin,
    ports: { cognito, api, cognitoInternal },
    shortLivedTokens: SHORT_LIVED,
    log: (line) => lines.push(line),
    signal: starting.signal,
  });
  stack = await startup;
}, 90_000);

afterAll(async () => {
  // Also stops a start that is still running (e.g. beforeAll timed out).
  starting.abort();
  await startup?.then(
    (started) => started.stop(),
    () => undefined,
  );
  rmSync(stateDir, { recursive: true, force: true });
}, 30_000);

const cognito = (action: string, body: Json) => callCognito(stack.cognitoUrl, action, body);

/** The error a Cognito call fails with (fails the test when it succeeds). */
async function cognitoError(call: Promise<unknown>): Promise<CognitoApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof CognitoApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

/** The newest code the stack reported for this kind and destination (as `npm start` shows it). */
function reportedCode(kind: string, destination: string): string {
  const prefix = `[cognito] ${kind} for ${destination}: `;
  const line = lines.findLast((l) => l.startsWith(prefix));
  if (!line) throw new Error(`No "${kind}" was reported for ${destination}`);
  const code = line.slice(prefix.length);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn?: unknown;
}

function tokensOf(answer: Json): Tokens {
  const result = answer.AuthenticationResult;
  const idToken = readString(result, 'IdToken');
  const accessToken = readString(result, 'AccessToken');
  if (!idToken || !accessToken) throw new Error(`No tokens in ${JSON.stringify(answer)}`);
  return {
    IdToken: idToken,
    AccessToken: accessToken,
    RefreshToken: readString(result, 'RefreshToken'),
    ExpiresIn: isRecord(result) ? result.ExpiresIn : undefined,
  };
}

const newEmail = (label: string) => `${label}-${++userCount}-${Date.now()}@example.test`;

const passwordLogin = (email: string, password = PASSWORD) =>
  cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });

const refresh = (refreshToken: string) =>
  cognito('GetTokensFromRefreshToken', { ClientId: stack.clientId, RefreshToken: refreshToken });
/** The refresh of a session whose device the pool tracks: its key goes with it (Amplify's). */
const refreshWithDevice = (refreshToken: string, deviceKey: string) =>
  cognito('GetTokensFromRefreshToken', {
    ClientId: stack.clientId,
    RefreshToken: refreshToken,
    DeviceKey: deviceKey,
  });

async function signUp(email: string): Promise<string> {
  const answer = await cognito('SignUp', {
    ClientId: stack.clientId,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Sam Carter' },
    ],
  });
  const sub = readString(answer, 'UserSub');
  if (!sub) throw new Error('SignUp answered without a UserSub');
  return sub;
}

/** A confirmed customer, signed up and confirmed through the proxy; returns its first tokens. */
async function confirmedCustomer(label: string): Promise<{ email: string; tokens: Tokens }> {
  const email = newEmail(label);
  await signUp(email);
  await cognito('ConfirmSignUp', {
    ClientId: stack.clientId,
    Username: email,
    ConfirmationCode: reportedCode('Confirmation code', email),
  });
  return { email, tokens: tokensOf(await passwordLogin(email)) };
}

async function getProfile(token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.apiUrl}/profile/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
}

/** A 6-digit code that is not valid in the current TOTP window (±1 step). */
/** Answers a SOFTWARE_TOKEN_MFA challenge of this sign-in with a code. */
const answerTotp = (session: unknown, email: string) => (code: string) =>
  cognito('RespondToAuthChallenge', {
    ClientId: stack.clientId,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: session,
    ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
  });

function wrongTotp(secret: string): string {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCode(secret, now + shift)));
  let code = 123456;
  while (valid.has(String(code))) code += 1;
  return String(code);
}

describe('sign-up and sign-in', () => {
  it('signs up, reports the confirmation code, confirms and signs in with USER_PASSWORD_AUTH', async () => {
    const email = newEmail('signup');
    const sub = await signUp(email);
    const code = reportedCode('Confirmation code', email);

    const wrong = code === '000000' ? '111111' : '000000';
    const mismatch = await cognitoError(
      cognito('ConfirmSignUp', {
        ClientId: stack.clientId,
        Username: email,
        ConfirmationCode: wrong,
      }),
    );
    expect(mismatch).toMatchObject({
      type: 'CodeMismatchException',
      message: 'CodeMismatchException: Invalid verification code provided, please try again.',
    });

    const notConfirmed = await cognitoError(passwordLogin(email));
    expect(notConfirmed.type).toBe('UserNotConfirmedException');

    await cognito('ConfirmSignUp', {
      ClientId: stack.clientId,
      Username: email,
      ConfirmationCode: code,
    });
    const user = await cognito('AdminGetUser', { UserPoolId: stack.userPoolId, Username: email });
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]),
    );

    const tokens = tokensOf(await passwordLogin(email));
    expect(tokens.RefreshToken).toEqual(expect.any(String));
    expect(jwtClaims(tokens.IdToken)).toMatchObject({
      sub,
      email,
      token_use: 'id',
      aud: stack.clientId,
      iss: stack.issuer,
    });
    expect(jwtClaims(tokens.AccessToken)).toMatchObject({
      sub,
      token_use: 'access',
      client_id: stack.clientId,
      iss: stack.issuer,
    });
  });

  it('enforces the password policy on sign-up with Cognito’s message', async () => {
    const error = await cognitoError(
      cognito('SignUp', {
        ClientId: stack.clientId,
        Username: newEmail('weak'),
        Password: 'Password123',
      }),
    );
    expect(error).toMatchObject({
      type: 'InvalidPasswordException',
      message:
        'InvalidPasswordException: Password did not conform with policy: Password must have symbol characters',
    });
  });

  it('resends a confirmation code that confirms the account, only while unconfirmed', async () => {
    const email = newEmail('resend');
    await signUp(email);
    await cognito('ResendConfirmationCode', { ClientId: stack.clientId, Username: email });
    const resent = reportedCode('Confirmation code', email);
    const reported = lines.filter((l) => l.startsWith(`[cognito] Confirmation code for ${email}:`));
    expect(reported).toHaveLength(2);

    await cognito('ConfirmSignUp', {
      ClientId: stack.clientId,
      Username: email,
      ConfirmationCode: resent,
    });
    expect(tokensOf(await passwordLogin(email)).IdToken).toEqual(expect.any(String));
    const again = await cognitoError(
      cognito('ResendConfirmationCode', { ClientId: stack.clientId, Username: email }),
    );
    expect(again).toMatchObject({
      type: 'InvalidParameterException',
      message: 'InvalidParameterException: User is already confirmed.',
    });
  });

  it('answers a wrong password or an unknown user with "Incorrect username or password."', async () => {
    const { email } = await confirmedCustomer('wrong-password');
    // One call at a time: a second call started early could reject while the first is awaited,
    // which Jest reports as an unhandled rejection.
    for (const call of [
      () => passwordLogin(email, 'Not-The-Pass1'),
      () => passwordLogin(newEmail('nobody')),
    ]) {
      const error = await cognitoError(call());
      expect(error).toMatchObject({
        type: 'NotAuthorizedException',
        message: 'NotAuthorizedException: Incorrect username or password.',
        status: 400,
      });
    }
  });
});

describe('sessions', () => {
  it('GetTokensFromRefreshToken returns fresh tokens the API accepts and keeps the refresh token', async () => {
    const { tokens } = await confirmedCustomer('refresh');
    const refreshToken = tokens.RefreshToken ?? '';
    const fresh = tokensOf(await refresh(refreshToken));

    expect(fresh.RefreshToken).toBe(refreshToken);
    expect(fresh.ExpiresIn).toBe(3600);
    expect(fresh.IdToken).not.toBe(tokens.IdToken);
    expect(fresh.AccessToken).not.toBe(tokens.AccessToken);
    const before = jwtClaims(tokens.AccessToken);
    const after = jwtClaims(fresh.AccessToken);
    expect(after.sub).toBe(before.sub);
    expect(after.jti).not.toBe(before.jti);
    expect(Number(after.exp)).toBeGreaterThanOrEqual(Number(before.exp));
    expect(jwtClaims(fresh.IdToken)).toMatchObject({ token_use: 'id', sub: before.sub });
    expect((await getProfile(fresh.AccessToken)).status).toBe(200);
    expect((await getProfile(fresh.IdToken)).status).toBe(200);

    const unknown = await cognitoError(refresh('not-a-refresh-token'));
    expect(unknown.type).toBe('NotAuthorizedException');
  });

  it('gives the accounts of the short-lived option tokens of seconds, at sign-in and refresh alike', async () => {
    const email = `short-${++userCount}-${Date.now()}@${SHORT_LIVED.domain}`;
    await signUp(email);
    await cognito('ConfirmSignUp', {
      ClientId: stack.clientId,
      Username: email,
      ConfirmationCode: reportedCode('Confirmation code', email),
    });
    const lifetime = (token: string) => {
      const claims = jwtClaims(token);
      return Number(claims.exp) - Number(claims.iat);
    };
    const signedIn = tokensOf(await passwordLogin(email));
    const refreshed = tokensOf(await refresh(signedIn.RefreshToken ?? ''));
    for (const tokens of [signedIn, refreshed]) {
      expect(tokens.ExpiresIn).toBe(SHORT_LIVED.seconds);
      expect(lifetime(tokens.IdToken)).toBe(SHORT_LIVED.seconds);
      expect(lifetime(tokens.AccessToken)).toBe(SHORT_LIVED.seconds);
      expect((await getProfile(tokens.IdToken)).status).toBe(200);
    }
    // Everyone else keeps the client's hour.
    const { tokens } = await confirmedCustomer('not-short');
    expect(lifetime(tokens.IdToken)).toBe(3600);
    expect(lifetime(tokens.AccessToken)).toBe(3600);
  });

  it('GlobalSignOut revokes every refresh token of the account and the access tokens issued before it', async () => {
    const { email, tokens: first } = await confirmedCustomer('signout');
    const second = tokensOf(await passwordLogin(email));
    expect(await cognito('GlobalSignOut', { AccessToken: first.AccessToken })).toEqual({});

    for (const tokens of [first, second]) {
      expect((await cognitoError(refresh(tokens.RefreshToken ?? ''))).type).toBe(
        'NotAuthorizedException',
      );
      expect(
        await cognitoError(cognito('GetUser', { AccessToken: tokens.AccessToken })),
      ).toMatchObject({
        type: 'NotAuthorizedException',
        message: 'NotAuthorizedException: Access Token has been revoked',
      });
    }
    // A sign-in after it (token times are in whole seconds) is a new, working session.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = tokensOf(await passwordLogin(email));
    expect(await cognito('GetUser', { AccessToken: after.AccessToken })).toMatchObject({
      Username: expect.any(String),
    });
    expect(tokensOf(await refresh(after.RefreshToken ?? '')).IdToken).toEqual(expect.any(String));
  });

  it('GlobalSignOut revokes the refresh tokens even while cognito-local is rewriting its pool file', async () => {
    const { email, tokens: first } = await confirmedCustomer('signout-midwrite');
    const second = tokensOf(await passwordLogin(email));
    // cognito-local writes its file in place (truncate, then write): a reader in between sees
    // an empty file, or one without the newest token. Its own state stays in memory.
    const poolFile = cognitoPoolFile(path.join(stateDir, 'cognito'));
    const saved = readFileSync(poolFile);
    writeFileSync(poolFile, '');
    try {
      expect(await cognito('GlobalSignOut', { AccessToken: first.AccessToken })).toEqual({});
    } finally {
      writeFileSync(poolFile, saved);
    }
    for (const tokens of [first, second])
      expect((await cognitoError(refresh(tokens.RefreshToken ?? ''))).type).toBe(
        'NotAuthorizedException',
      );
  });

  it('marks sessions revocable (origin_jti), so a logout’s RevokeToken ends that refresh token only', async () => {
    const { email, tokens } = await confirmedCustomer('logout-revoke');
    const other = tokensOf(await passwordLogin(email));
    const origin = jwtClaims(tokens.AccessToken).origin_jti;
    expect(origin).toEqual(expect.any(String));
    const refreshed = tokensOf(await refresh(tokens.RefreshToken ?? ''));
    expect(jwtClaims(refreshed.AccessToken).origin_jti).toBe(origin);
    expect(jwtClaims(other.AccessToken).origin_jti).not.toBe(origin);
    expect((await getProfile(refreshed.AccessToken)).status).toBe(200);

    // What Amplify's signOut sends for a revocable session.
    expect(
      await cognito('RevokeToken', { ClientId: stack.clientId, Token: tokens.RefreshToken }),
    ).toEqual({});
    expect((await cognitoError(refresh(tokens.RefreshToken ?? ''))).type).toBe(
      'NotAuthorizedException',
    );
    expect(tokensOf(await refresh(other.RefreshToken ?? '')).IdToken).toEqual(expect.any(String));
  });

  it('ChangePassword checks the current password and the policy, then only the new one signs in', async () => {
    const { email, tokens } = await confirmedCustomer('change-password');
    const change = (previous: string, proposed: string) =>
      cognito('ChangePassword', {
        AccessToken: tokens.AccessToken,
        PreviousPassword: previous,
        ProposedPassword: proposed,
      });
    expect(await cognitoError(change('Not-The-Pass1', 'Newer-Pass2'))).toMatchObject({
      type: 'NotAuthorizedException',
      message: 'NotAuthorizedException: Incorrect username or password.',
    });
    expect((await cognitoError(change(PASSWORD, 'newerpass'))).type).toBe(
      'InvalidPasswordException',
    );
    expect(await change(PASSWORD, 'Newer-Pass2')).toEqual({});
    expect((await cognitoError(passwordLogin(email))).type).toBe('NotAuthorizedException');
    expect(tokensOf(await passwordLogin(email, 'Newer-Pass2')).IdToken).toEqual(expect.any(String));
  });

  it('answers a CORS preflight from the app’s origin and marks the answers for it', async () => {
    const requestHeaders = 'content-type,x-amz-target,x-amz-user-agent,cache-control';
    const preflight = await fetch(`${stack.cognitoUrl}/`, {
      method: 'OPTIONS',
      headers: {
        origin: appOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': requestHeaders,
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(requestHeaders);

    const answer = await fetch(`${stack.cognitoUrl}/`, {
      method: 'POST',
      headers: {
        origin: appOrigin,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.clientId,
        AuthParameters: { USERNAME: newEmail('cors'), PASSWORD },
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(answer.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
  });
});

describe('multi-factor sign-in', () => {
  it('sets up TOTP and signs in with an authenticator code; the tokens can be refreshed', async () => {
    const { email, tokens } = await confirmedCustomer('totp');
    const associated = await cognito('AssociateSoftwareToken', { AccessToken: tokens.AccessToken });
    const secret = readString(associated, 'SecretCode') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const verified = await cognito('VerifySoftwareToken', {
      AccessToken: tokens.AccessToken,
      UserCode: totpCode(secret),
      FriendlyDeviceName: 'Phone',
    });
    expect(verified.Status).toBe('SUCCESS');
    await cognito('SetUserMFAPreference', {
      AccessToken: tokens.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });

    const challenge = await passwordLogin(email);
    expect(challenge).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    expect(challenge.AuthenticationResult).toBeUndefined();
    const respond = answerTotp(challenge.Session, email);

    const mismatch = await cognitoError(respond(wrongTotp(secret)));
    expect(mismatch).toMatchObject({
      type: 'CodeMismatchException',
      message: 'CodeMismatchException: Invalid code or auth state for the user.',
    });
    const signedIn = tokensOf(await respond(totpCode(secret)));
    expect(jwtClaims(signedIn.IdToken).email).toBe(email);
    // cognito-local does not record this refresh token; the proxy re-issues the tokens so it does.
    const refreshed = tokensOf(await refresh(signedIn.RefreshToken ?? ''));
    expect(jwtClaims(refreshed.AccessToken).sub).toBe(jwtClaims(signedIn.AccessToken).sub);
  });

  it('runs the SMS_MFA challenge with a reported code; the tokens can be refreshed', async () => {
    const { email, tokens } = await confirmedCustomer('sms');
    const phone = '+19195550123';
    await cognito('AdminUpdateUserAttributes', {
      UserPoolId: stack.userPoolId,
      Username: email,
      UserAttributes: [{ Name: 'phone_number', Value: phone }],
    });
    await cognito('SetUserMFAPreference', {
      AccessToken: tokens.AccessToken,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    });

    const challenge = await passwordLogin(email);
    expect(challenge).toMatchObject({
      ChallengeName: 'SMS_MFA',
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: '+*******0123',
      },
    });
    const code = reportedCode('SMS sign-in code', phone);
    const respond = (answer: string) =>
      cognito('RespondToAuthChallenge', {
        ClientId: stack.clientId,
        ChallengeName: 'SMS_MFA',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: answer },
      });

    const mismatch = await cognitoError(respond(code === '000000' ? '111111' : '000000'));
    expect(mismatch).toMatchObject({
      type: 'CodeMismatchException',
      message: 'CodeMismatchException: Invalid code or auth state for the user.',
    });
    const signedIn = tokensOf(await respond(code));
    expect(jwtClaims(signedIn.IdToken).email).toBe(email);
    const refreshed = tokensOf(await refresh(signedIn.RefreshToken ?? ''));
    expect(jwtClaims(refreshed.IdToken).email).toBe(email);
    // A used session is gone: the same code cannot sign in twice.
    expect((await cognitoError(respond(code))).type).toBe('CodeMismatchException');
    // cognito-local's own refusal of SMS MFA is expected and not shown to the developer.
    expect(lines.filter((l) => /SMS_MFA without/.test(l))).toEqual([]);
  });
});

describe('hosted sign-in (authorization code with PKCE)', () => {
  const redirectUri = () => `${appOrigin}/auth-callback`;

  function authorizeUrl(challenge: string, state: string): string {
    const url = new URL('/oauth2/authorize', stack.cognitoUrl);
    url.search = new URLSearchParams({
      client_id: stack.clientId,
      redirect_uri: redirectUri(),
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    }).toString();
    return url.toString();
  }

  const postForm = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  /** The hidden fields of the sign-in form, plus the credentials. */
  function formFields(html: string, username: string, password: string): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const match of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g))
      fields[match[1] ?? ''] = match[2] ?? '';
    return { ...fields, username, password };
  }

  it('shows the form, redirects with a code and exchanges it with the code verifier', async () => {
    const { email } = await confirmedCustomer('hosted');
    const { verifier, challenge } = pkcePair();

    const page = await fetch(authorizeUrl(challenge, 'state-123'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<form method="POST" action="/oauth2/authorize">');
    expect(html).toContain('name="password"');

    const authorize = new URL('/oauth2/authorize', stack.cognitoUrl).toString();
    const refused = await postForm(authorize, formFields(html, email, 'Not-The-Pass1'));
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('Incorrect username or password.');

    const redirect = await postForm(authorize, formFields(html, email, PASSWORD));
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri());
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const exchange = (codeVerifier: string) =>
      postForm(new URL('/oauth2/token', stack.cognitoUrl).toString(), {
        grant_type: 'authorization_code',
        client_id: stack.clientId,
        redirect_uri: redirectUri(),
        code,
        code_verifier: codeVerifier,
      });
    const wrongVerifier = await exchange(pkcePair().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    // A code is single-use, even after a failed exchange: sign in again for a new one.
    const again = await postForm(authorize, formFields(html, email, PASSWORD));
    const secondCode = new URL(again.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokenResponse = await postForm(new URL('/oauth2/token', stack.cognitoUrl).toString(), {
      grant_type: 'authorization_code',
      client_id: stack.clientId,
      redirect_uri: redirectUri(),
      code: secondCode,
      code_verifier: verifier,
    });
    expect(tokenResponse.status).toBe(200);
    const tokens: unknown = await tokenResponse.json();
    const idToken = readString(tokens, 'id_token') ?? '';
    expect(jwtClaims(idToken)).toMatchObject({ email, token_use: 'id', iss: stack.issuer });
    expect(readString(tokens, 'refresh_token')).toEqual(expect.any(String));
    expect((await getProfile(readString(tokens, 'access_token') ?? '')).status).toBe(200);
  });

  it('escapes every value it puts in the page (state included) and keeps it for the redirect', async () => {
    const { email } = await confirmedCustomer('hosted-escape');
    const { challenge } = pkcePair();
    const state = '"><script>alert(1)</script><x a=\'';
    const page = await fetch(authorizeUrl(challenge, state));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x a=&#39;"');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");

    const unescape = (value: string) =>
      value
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    const fields = Object.fromEntries(
      Object.entries(formFields(html, email, 'Not-The-Pass1')).map(([k, v]) => [k, unescape(v)]),
    );
    const authorize = new URL('/oauth2/authorize', stack.cognitoUrl).toString();
    const refused = await postForm(authorize, fields);
    expect(await refused.text()).not.toContain('<script>');
    const redirect = await postForm(authorize, { ...fields, password: PASSWORD });
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.headers.get('location') ?? '').searchParams.get('state')).toBe(state);
  });

  it('asks an account with an authenticator for its code before redirecting', async () => {
    const { email, tokens } = await confirmedCustomer('hosted-mfa');
    const secret = await withAuthenticator(tokens.AccessToken);
    const { challenge } = pkcePair();
    const html = await (await fetch(authorizeUrl(challenge, 'state-mfa'))).text();
    const authorize = new URL('/oauth2/authorize', stack.cognitoUrl).toString();

    const step = await postForm(authorize, formFields(html, email, PASSWORD));
    expect(step.status).toBe(200);
    const codeHtml = await step.text();
    expect(codeHtml).toContain('Code from your authenticator app');
    const session = /name="mfa_session" value="([^"]+)"/.exec(codeHtml)?.[1] ?? '';
    expect(session).not.toBe('');

    const wrong = await postForm(authorize, { mfa_session: session, code: wrongTotp(secret) });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('Invalid code or auth state for the user.');
    const right = await postForm(authorize, { mfa_session: session, code: totpCode(secret) });
    expect(right.status).toBe(302);
    const location = new URL(right.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe('state-mfa');
    expect(location.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('signs out of the hosted pages by redirecting to logout_uri', async () => {
    const logoutUri = `${appOrigin}/`;
    const url = new URL('/logout', stack.cognitoUrl);
    url.search = new URLSearchParams({
      client_id: stack.clientId,
      logout_uri: logoutUri,
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(logoutUri);

    const missing = await fetch(new URL('/logout', stack.cognitoUrl), { redirect: 'manual' });
    expect(missing.status).toBe(400);

    url.searchParams.set('logout_uri', 'https://attacker.example/');
    const elsewhere = await fetch(url, { redirect: 'manual' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
  });
});

/** Sets up and turns on an authenticator for the account; returns its secret. */
async function withAuthenticator(accessToken: string): Promise<string> {
  const associated = await cognito('AssociateSoftwareToken', { AccessToken: accessToken });
  const secret = readString(associated, 'SecretCode') ?? '';
  await cognito('VerifySoftwareToken', {
    AccessToken: accessToken,
    UserCode: totpCode(secret),
    FriendlyDeviceName: 'Phone',
  });
  await cognito('SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return secret;
}

describe('safe to run while browsing other websites', () => {
  it('answers CORS only for the app’s origin and does nothing for another website', async () => {
    const preflight = await fetch(`${stack.cognitoUrl}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const listUsers = await fetch(`${stack.cognitoUrl}/`, {
      method: 'POST',
      headers: {
        origin: 'https://attacker.example',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
      },
      body: JSON.stringify({ UserPoolId: stack.userPoolId }),
    });
    expect(listUsers.status).toBe(403);
    expect(listUsers.headers.get('access-control-allow-origin')).toBeNull();
    expect(await listUsers.text()).not.toContain('Username');
  });

  it('locks an account after 5 wrong passwords: even the right one is refused for a while', async () => {
    const { email } = await confirmedCustomer('lockout');
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(await cognitoError(passwordLogin(email, 'Wrong-Pass1'))).toMatchObject({
        type: 'NotAuthorizedException',
        message: 'NotAuthorizedException: Incorrect username or password.',
      });
    expect(await cognitoError(passwordLogin(email))).toMatchObject({
      type: 'NotAuthorizedException',
      message: 'NotAuthorizedException: Password attempts exceeded',
    });
  });

  it('locks an account after 5 wrong authenticator codes', async () => {
    const { email, tokens } = await confirmedCustomer('lockout-totp');
    const secret = await withAuthenticator(tokens.AccessToken);
    const challenge = await passwordLogin(email);
    const respond = answerTotp(challenge.Session, email);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await cognitoError(respond(wrongTotp(secret)))).type).toBe('CodeMismatchException');
    expect(await cognitoError(respond(totpCode(secret)))).toMatchObject({
      message: 'NotAuthorizedException: Password attempts exceeded',
    });
  });

  it('turns the authenticator off only after a current code', async () => {
    const { tokens } = await confirmedCustomer('totp-off');
    const secret = await withAuthenticator(tokens.AccessToken);
    const turnOff = () =>
      cognito('SetUserMFAPreference', {
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      });
    expect(await cognitoError(turnOff())).toMatchObject({
      type: 'NotAuthorizedException',
      message:
        'NotAuthorizedException: Enter a current code from your authenticator app to turn it off.',
    });
    expect(
      (
        await cognitoError(
          cognito('VerifySoftwareToken', {
            AccessToken: tokens.AccessToken,
            UserCode: wrongTotp(secret),
          }),
        )
      ).type,
    ).toBe('CodeMismatchException');
    expect((await cognitoError(turnOff())).type).toBe('NotAuthorizedException');
    await cognito('VerifySoftwareToken', {
      AccessToken: tokens.AccessToken,
      UserCode: totpCode(secret),
    });
    expect(await turnOff()).toEqual({});
    const settings = await cognito('GetUser', { AccessToken: tokens.AccessToken });
    expect(settings.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');
  });

  it('replaces the authenticator (a new secret) only after a current code from the old one', async () => {
    const { tokens } = await confirmedCustomer('totp-replace');
    const secret = await withAuthenticator(tokens.AccessToken);
    const replace = () => cognito('AssociateSoftwareToken', { AccessToken: tokens.AccessToken });
    expect(await cognitoError(replace())).toMatchObject({
      type: 'NotAuthorizedException',
      message:
        'NotAuthorizedException: Enter a current code from your authenticator app to replace it.',
    });
    await cognito('VerifySoftwareToken', {
      AccessToken: tokens.AccessToken,
      UserCode: totpCode(secret),
    });
    expect(typeof (await replace()).SecretCode).toBe('string');
  });

  it('hands the API Cognito’s record of each authenticator call, signed, as production’s rule does', async () => {
    const { tokens } = await confirmedCustomer('totp-record');
    const delivered = (action: string) =>
      lines.filter((line) => line === `[identity events] ${action} delivered to the API: 204`);
    const before = {
      verify: delivered('VerifySoftwareToken').length,
      settings: delivered('SetUserMFAPreference').length,
    };
    await withAuthenticator(tokens.AccessToken);
    const deadline = Date.now() + 10_000;
    const counts = () => ({
      verify: delivered('VerifySoftwareToken').length,
      settings: delivered('SetUserMFAPreference').length,
    });
    const taken = { verify: before.verify + 1, settings: before.settings + 1 };
    while (Date.now() < deadline && JSON.stringify(counts()) !== JSON.stringify(taken))
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Both calls reached the API and were taken (204): topic, signature and event shape hold.
    expect(counts()).toEqual(taken);
  });
});

describe('sign-in steps cognito-local lacks', () => {
  const respond = (challenge: Json, email: string, name: string, responses: Json) =>
    cognito('RespondToAuthChallenge', {
      ClientId: stack.clientId,
      ChallengeName: name,
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: email, ...responses },
    });

  it('a required new password: checks the temporary password and the policy, then signs in', async () => {
    const email = newEmail('new-password');
    await cognito('AdminCreateUser', {
      UserPoolId: stack.userPoolId,
      Username: email,
      TemporaryPassword: 'Temp-Pass1',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect((await cognitoError(passwordLogin(email, 'Wrong-Temp1'))).type).toBe(
      'NotAuthorizedException',
    );
    const challenge = await passwordLogin(email, 'Temp-Pass1');
    expect(challenge).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });

    const weak = await cognitoError(
      respond(challenge, email, 'NEW_PASSWORD_REQUIRED', { NEW_PASSWORD: 'password' }),
    );
    expect(weak).toMatchObject({
      type: 'InvalidPasswordException',
      message: expect.stringContaining('Password did not conform with policy'),
    });
    const signedIn = tokensOf(
      await respond(challenge, email, 'NEW_PASSWORD_REQUIRED', { NEW_PASSWORD: PASSWORD }),
    );
    expect(jwtClaims(signedIn.IdToken).email).toBe(email);
    expect(tokensOf(await refresh(signedIn.RefreshToken ?? '')).IdToken).toEqual(
      expect.any(String),
    );
    expect(tokensOf(await passwordLogin(email)).IdToken).toEqual(expect.any(String));
  });

  it('sets up an authenticator during sign-in for a member of mfa-required', async () => {
    const { email } = await confirmedCustomer('mfa-setup');
    await cognito('AdminAddUserToGroup', {
      UserPoolId: stack.userPoolId,
      Username: (await cognito('AdminGetUser', { UserPoolId: stack.userPoolId, Username: email }))
        .Username,
      GroupName: 'mfa-required',
    });
    const challenge = await passwordLogin(email);
    expect(challenge).toMatchObject({
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
    });
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect((await cognitoError(respond(challenge, email, 'MFA_SETUP', {}))).type).toBe(
      'NotAuthorizedException',
    );

    const associated = await cognito('AssociateSoftwareToken', { Session: challenge.Session });
    const secret = readString(associated, 'SecretCode') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const verify = (code: string) =>
      cognito('VerifySoftwareToken', { Session: associated.Session, UserCode: code });
    expect(await cognitoError(verify(wrongTotp(secret)))).toMatchObject({
      type: 'EnableSoftwareTokenMFAException',
    });
    expect(await verify(totpCode(secret))).toMatchObject({ Status: 'SUCCESS' });
    const signedIn = tokensOf(await respond(associated, email, 'MFA_SETUP', {}));
    expect(jwtClaims(signedIn.IdToken).email).toBe(email);
    expect(tokensOf(await refresh(signedIn.RefreshToken ?? '')).IdToken).toEqual(
      expect.any(String),
    );

    const next = await passwordLogin(email);
    expect(next).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    expect(
      tokensOf(
        await respond(next, email, 'SOFTWARE_TOKEN_MFA', {
          SOFTWARE_TOKEN_MFA_CODE: totpCode(secret),
        }),
      ).IdToken,
    ).toEqual(expect.any(String));
  });

  it('lets a user with SMS and an authenticator choose, then runs the chosen challenge', async () => {
    const { email, tokens } = await confirmedCustomer('choose');
    const phone = '+19195550177';
    await cognito('AdminUpdateUserAttributes', {
      UserPoolId: stack.userPoolId,
      Username: email,
      UserAttributes: [{ Name: 'phone_number', Value: phone }],
    });
    const { SecretCode } = await cognito('AssociateSoftwareToken', {
      AccessToken: tokens.AccessToken,
    });
    const secret = String(SecretCode);
    await cognito('VerifySoftwareToken', {
      AccessToken: tokens.AccessToken,
      UserCode: totpCode(secret),
    });
    await cognito('SetUserMFAPreference', {
      AccessToken: tokens.AccessToken,
      SMSMfaSettings: { Enabled: true },
      SoftwareTokenMfaSettings: { Enabled: true },
    });

    const choice = await passwordLogin(email);
    expect(choice).toMatchObject({
      ChallengeName: 'SELECT_MFA_TYPE',
      ChallengeParameters: { MFAS_CAN_CHOOSE: '["SMS_MFA","SOFTWARE_TOKEN_MFA"]' },
    });
    const sms = await respond(choice, email, 'SELECT_MFA_TYPE', { ANSWER: 'SMS_MFA' });
    expect(sms).toMatchObject({ ChallengeName: 'SMS_MFA' });
    const code = reportedCode('SMS sign-in code', phone);
    expect(tokensOf(await respond(sms, email, 'SMS_MFA', { SMS_MFA_CODE: code })).IdToken).toEqual(
      expect.any(String),
    );

    const again = await passwordLogin(email);
    const totp = await respond(again, email, 'SELECT_MFA_TYPE', { ANSWER: 'SOFTWARE_TOKEN_MFA' });
    expect(totp).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    const signedIn = tokensOf(
      await respond(totp, email, 'SOFTWARE_TOKEN_MFA', {
        SOFTWARE_TOKEN_MFA_CODE: totpCode(secret),
      }),
    );
    expect(tokensOf(await refresh(signedIn.RefreshToken ?? '')).IdToken).toEqual(
      expect.any(String),
    );
  });
});

describe('the account’s phone (what cognito-local lacks)', () => {
  const attributesOf = async (accessToken: string) => {
    const user = await cognito('GetUser', { AccessToken: accessToken });
    const list = Array.isArray(user.UserAttributes) ? user.UserAttributes.filter(isRecord) : [];
    return Object.fromEntries(list.map((a) => [String(a.Name), String(a.Value)]));
  };

  it('refuses a phone number that is not E.164 with Cognito’s message', async () => {
    const { tokens } = await confirmedCustomer('phone-format');
    for (const value of ['919-555-0101', '+1 919 555 0101', '19195550101', '+0123456789']) {
      const refused = await cognitoError(
        cognito('UpdateUserAttributes', {
          AccessToken: tokens.AccessToken,
          UserAttributes: [{ Name: 'phone_number', Value: value }],
        }),
      );
      expect(refused).toMatchObject({
        type: 'InvalidParameterException',
        message: 'InvalidParameterException: Invalid phone number format.',
      });
    }
    expect((await attributesOf(tokens.AccessToken)).phone_number).toBeUndefined();
  });

  it('stores a new phone unverified, texts a code to it on request, and verifies it with that code', async () => {
    const { email, tokens } = await confirmedCustomer('phone');
    const phone = '+19195550101';
    const before = lines.length;
    const updated = await cognito('UpdateUserAttributes', {
      AccessToken: tokens.AccessToken,
      UserAttributes: [{ Name: 'phone_number', Value: phone }],
    });
    // As Cognito with only the e-mail auto-verified: no code is sent for a phone by the update
    // (cognito-local "e-mails" one to the account's address).
    expect(updated).toEqual({ CodeDeliveryDetailsList: [] });
    expect(lines.slice(before).filter((l) => l.includes(email))).toEqual([]);
    expect(await attributesOf(tokens.AccessToken)).toMatchObject({
      phone_number: phone,
      phone_number_verified: 'false',
    });

    const sent = await cognito('GetUserAttributeVerificationCode', {
      AccessToken: tokens.AccessToken,
      AttributeName: 'phone_number',
    });
    expect(sent).toEqual({
      CodeDeliveryDetails: {
        AttributeName: 'phone_number',
        DeliveryMedium: 'SMS',
        Destination: '+*******0101',
      },
    });
    const code = reportedCode('Phone verification code', phone);
    const verify = (answer: string) =>
      cognito('VerifyUserAttribute', {
        AccessToken: tokens.AccessToken,
        AttributeName: 'phone_number',
        Code: answer,
      });
    const mismatch = await cognitoError(verify(code === '000000' ? '111111' : '000000'));
    expect(mismatch.type).toBe('CodeMismatchException');
    await verify(code);
    expect(await attributesOf(tokens.AccessToken)).toMatchObject({
      phone_number: phone,
      phone_number_verified: 'true',
    });
    // The e-mail stays as it was.
    expect(await attributesOf(tokens.AccessToken)).toMatchObject({
      email,
      email_verified: 'true',
    });

    await cognito('SetUserMFAPreference', {
      AccessToken: tokens.AccessToken,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(await passwordLogin(email)).toMatchObject({ ChallengeName: 'SMS_MFA' });
    expect(reportedCode('SMS sign-in code', phone)).toMatch(/^\d{6}$/);
  });

  it('sends no phone code to an account without a phone', async () => {
    const { tokens } = await confirmedCustomer('no-phone');
    const refused = await cognitoError(
      cognito('GetUserAttributeVerificationCode', {
        AccessToken: tokens.AccessToken,
        AttributeName: 'phone_number',
      }),
    );
    expect(refused.type).toBe('InvalidParameterException');
  });
});

/** Amplify v6's own device steps, run in a plain Node process (./amplifyDevice.mjs). */
async function amplifyDevice(op: 'confirm' | 'prove', input: Json): Promise<Json> {
  const { stdout } = await runFile(
    process.execPath,
    [path.join(__dirname, 'amplifyDevice.mjs'), op, JSON.stringify(input)],
    { timeout: 60_000 },
  );
  const output = JSON.parse(stdout) as unknown;
  if (!isRecord(output)) throw new Error(`amplifyDevice answered ${stdout}`);
  if (typeof output.error === 'string') throw new CognitoApiError(output.error, '', 400);
  return output;
}

describe('remembered devices (what cognito-local lacks)', () => {
  /** An account with an authenticator; returns its secret. */
  async function withAuthenticator(label: string) {
    const { email, tokens } = await confirmedCustomer(label);
    const { SecretCode } = await cognito('AssociateSoftwareToken', {
      AccessToken: tokens.AccessToken,
    });
    const secret = String(SecretCode);
    await cognito('VerifySoftwareToken', {
      AccessToken: tokens.AccessToken,
      UserCode: totpCode(secret),
    });
    await cognito('SetUserMFAPreference', {
      AccessToken: tokens.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    return { email, secret };
  }

  const loginWithDevice = (email: string, deviceKey: string, password = PASSWORD) =>
    cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password, DEVICE_KEY: deviceKey },
    });

  /** Confirms the new device of a sign-in's answer as Amplify does. */
  async function confirmNewDevice(answer: Json) {
    const metadata = isRecord(answer.AuthenticationResult)
      ? answer.AuthenticationResult.NewDeviceMetadata
      : undefined;
    const deviceKey = readString(metadata, 'DeviceKey') ?? '';
    const groupKey = readString(metadata, 'DeviceGroupKey') ?? '';
    expect(deviceKey).not.toBe('');
    const made = await amplifyDevice('confirm', {
      poolName: stack.userPoolId.split('_')[1] ?? '',
      groupKey,
      deviceKey,
    });
    const tokens = tokensOf(answer);
    const confirmed = await cognito('ConfirmDevice', {
      AccessToken: tokens.AccessToken,
      DeviceKey: deviceKey,
      DeviceName: 'Test browser',
      DeviceSecretVerifierConfig: { Salt: made.salt, PasswordVerifier: made.verifier },
    });
    expect(confirmed).toEqual({ UserConfirmationNecessary: true });
    return { deviceKey, groupKey, password: String(made.password), tokens };
  }

  /** Signs in with the authenticator code and confirms the new device as Amplify does. */
  async function newDevice(email: string, secret: string) {
    const challenge = await passwordLogin(email);
    const device = await confirmNewDevice(
      await answerTotp(challenge.Session, email)(totpCode(secret)),
    );
    return { ...device, accessToken: device.tokens.AccessToken };
  }

  /** DEVICE_SRP_AUTH then DEVICE_PASSWORD_VERIFIER, as Amplify answers them. */
  const proveDevice = (
    email: string,
    session: unknown,
    device: { deviceKey: string; groupKey: string; password: string },
  ) =>
    amplifyDevice('prove', {
      url: stack.cognitoUrl,
      clientId: stack.clientId,
      username: email,
      session,
      deviceKey: device.deviceKey,
      groupKey: device.groupKey,
      password: device.password,
    });

  it('a remembered device signs in without a second factor; forgotten, it is asked again', async () => {
    const { email, secret } = await withAuthenticator('device');
    const device = await newDevice(email, secret);

    // Confirmed but not remembered: the code is still asked for.
    const notYet = await loginWithDevice(email, device.deviceKey);
    expect(notYet.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    await cognito('UpdateDeviceStatus', {
      AccessToken: device.accessToken,
      DeviceKey: device.deviceKey,
      DeviceRememberedStatus: 'remembered',
    });
    const listed = await cognito('ListDevices', { AccessToken: device.accessToken, Limit: 60 });
    expect(listed.Devices).toEqual([
      expect.objectContaining({
        DeviceKey: device.deviceKey,
        DeviceAttributes: expect.arrayContaining([
          { Name: 'device_name', Value: 'Test browser' },
          { Name: 'dev:device_remembered_status', Value: 'remembered' },
        ]),
      }),
    ]);

    // A wrong password is refused as always.
    const wrong = await cognitoError(loginWithDevice(email, device.deviceKey, 'Wrong-Pass1'));
    expect(wrong.type).toBe('NotAuthorizedException');

    const challenge = await loginWithDevice(email, device.deviceKey);
    expect(challenge.ChallengeName).toBe('DEVICE_SRP_AUTH');
    // Only the device password proves the device.
    const impostor = await cognitoError(
      proveDevice(email, challenge.Session, { ...device, password: 'not-the-device-password' }),
    );
    expect(impostor.type).toBe('NotAuthorizedException');
    const again = await loginWithDevice(email, device.deviceKey);
    const signedIn = tokensOf(await proveDevice(email, again.Session, device));
    expect(jwtClaims(signedIn.IdToken).email).toBe(email);
    expect(
      tokensOf(await refreshWithDevice(signedIn.RefreshToken ?? '', device.deviceKey)).IdToken,
    ).toEqual(expect.any(String));

    await cognito('ForgetDevice', { AccessToken: device.accessToken, DeviceKey: device.deviceKey });
    expect(await cognito('ListDevices', { AccessToken: device.accessToken })).toEqual({
      Devices: [],
    });
    expect((await loginWithDevice(email, device.deviceKey)).ChallengeName).toBe(
      'SOFTWARE_TOKEN_MFA',
    );
  }, 60_000);

  /** A password sign-in (no second factor) whose new device is confirmed, as Amplify does. */
  async function passwordSessionWithDevice(label: string) {
    const { email } = await confirmedCustomer(label);
    const { deviceKey, tokens } = await confirmNewDevice(await passwordLogin(email));
    return { email, deviceKey, tokens, refreshToken: tokens.RefreshToken ?? '' };
  }

  const refreshTokenAuth = (refreshToken: string, deviceKey?: string) =>
    cognito('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack.clientId,
      AuthParameters: {
        REFRESH_TOKEN: refreshToken,
        ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}),
      },
    });

  /** Cognito's answer to a refresh its device tracking refuses. */
  const invalidRefreshToken = {
    type: 'NotAuthorizedException',
    message: 'NotAuthorizedException: Invalid Refresh Token',
    status: 400,
  };

  it('once the device of a sign-in is confirmed, its refresh token works only with that device’s key', async () => {
    const session = await passwordSessionWithDevice('device-refresh');
    const other = await passwordSessionWithDevice('device-refresh-other');

    // Without the key, or with another device's key: refused, by either refresh call.
    for (const refused of [
      refresh(session.refreshToken),
      refreshWithDevice(session.refreshToken, other.deviceKey),
      refreshWithDevice(session.refreshToken, 'us-east-1_not-a-device'),
      refreshTokenAuth(session.refreshToken),
      refreshTokenAuth(session.refreshToken, other.deviceKey),
    ])
      expect(await cognitoError(refused)).toMatchObject(invalidRefreshToken);

    // With its key: fresh tokens, again and again.
    for (let round = 0; round < 2; round += 1) {
      const fresh = tokensOf(await refreshWithDevice(session.refreshToken, session.deviceKey));
      expect(fresh.RefreshToken).toBe(session.refreshToken);
      expect(jwtClaims(fresh.IdToken).email).toBe(session.email);
      expect((await getProfile(fresh.IdToken)).status).toBe(200);
    }
    const initiated = tokensOf(await refreshTokenAuth(session.refreshToken, session.deviceKey));
    expect(jwtClaims(initiated.IdToken).email).toBe(session.email);

    // A refresh token of a sign-in whose device was never confirmed (the hosted sign-in's, or
    // an API client's that does not track devices) still needs no key.
    const { tokens } = await confirmedCustomer('device-unconfirmed');
    expect(tokensOf(await refresh(tokens.RefreshToken ?? '')).IdToken).toEqual(expect.any(String));
  }, 60_000);

  it('a forgotten device’s refresh tokens stop working, with its key or without', async () => {
    const session = await passwordSessionWithDevice('device-forgotten');
    await cognito('ForgetDevice', {
      AccessToken: session.tokens.AccessToken,
      DeviceKey: session.deviceKey,
    });
    for (const refused of [
      refreshWithDevice(session.refreshToken, session.deviceKey),
      refresh(session.refreshToken),
      refreshTokenAuth(session.refreshToken, session.deviceKey),
    ])
      expect(await cognitoError(refused)).toMatchObject(invalidRefreshToken);
    // A sign-in naming the forgotten key is given a new device.
    const next = await loginWithDevice(session.email, session.deviceKey);
    const metadata = isRecord(next.AuthenticationResult)
      ? next.AuthenticationResult.NewDeviceMetadata
      : undefined;
    expect(readString(metadata, 'DeviceKey')).toMatch(/^us-east-1_/);
    expect(readString(metadata, 'DeviceKey')).not.toBe(session.deviceKey);
  }, 60_000);

  it('another account can neither see nor forget the device, nor sign in with its key', async () => {
    const { email, secret } = await withAuthenticator('device-owner');
    const device = await newDevice(email, secret);
    await cognito('UpdateDeviceStatus', {
      AccessToken: device.accessToken,
      DeviceKey: device.deviceKey,
      DeviceRememberedStatus: 'remembered',
    });
    const other = await withAuthenticator('device-other');
    const otherChallenge = await passwordLogin(other.email);
    const otherTokens = tokensOf(
      await answerTotp(otherChallenge.Session, other.email)(totpCode(other.secret)),
    );
    expect(await cognito('ListDevices', { AccessToken: otherTokens.AccessToken })).toEqual({
      Devices: [],
    });
    const refused = await cognitoError(
      cognito('ForgetDevice', {
        AccessToken: otherTokens.AccessToken,
        DeviceKey: device.deviceKey,
      }),
    );
    expect(refused.type).toBe('ResourceNotFoundException');
    expect((await loginWithDevice(other.email, device.deviceKey)).ChallengeName).toBe(
      'SOFTWARE_TOKEN_MFA',
    );
  }, 60_000);
});
