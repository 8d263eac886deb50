/**
 * A small fake Cognito user pool for MSW: it answers the Cognito JSON protocol (POST with an
 * `X-Amz-Target` header, as Amplify sends it) and the hosted sign-in token endpoint
 * (`POST {domain}/oauth2/token`, form-encoded), with unsigned JWTs from `fakeJwt`.
 *
 * Use it with `server.use(...fake.handlers)` after pointing the app's configuration at
 * `identityTestEnv` (see the auth tests: `jest.mock('../../config/env', ...)`).
 * This file must not import src/config/env (the tests mock that module with its help).
 */
import { createHash, randomUUID } from 'node:crypto';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { fakeJwt } from './tokens';

/** Configuration the identity tests run with (merged over the real `env`). */
export const identityTestEnv = {
  authFlow: 'USER_PASSWORD_AUTH',
  cognitoEndpoint: 'http://cognito.test',
  cognitoHostedDomain: 'http://auth.test',
} as const;

/** The confirmation / MFA / reset code the fake pool accepts. */
export const VALID_CODE = '123456';
/** The authenticator secret the fake pool hands out. */
export const FAKE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export type FakeMfa = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';
/** What a sign-in with the right password asks for next. */
export type FakeSignInState =
  /** The enabled second factor's code, or the choice between them when there are several. */
  | 'ready'
  /** NEW_PASSWORD_REQUIRED (an account an administrator created). */
  | 'new-password'
  /** MFA_SETUP with these methods to set up (a pool that requires MFA). */
  | { setup: ('SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP')[] };
export interface FakeUser {
  email: string;
  password: string;
  confirmed: boolean;
  /** Enabled second factors (addUser's `mfa`, then SetUserMFAPreference). */
  mfaEnabled: Set<FakeMfa>;
  state: FakeSignInState;
  phone?: string;
  /** Whether the phone was confirmed with its code (phone_number_verified). */
  phoneVerified: boolean;
  /** The code the last GetUserAttributeVerificationCode for the phone "texted". */
  phoneCode?: string;
  sub: string;
  /** Access tokens issued at or before this time (seconds) are revoked (GlobalSignOut). */
  signedOutAt?: number;
}
/** A device the pool tracks (device tracking on, remembered when the user agrees). */
export interface FakeDevice {
  email: string;
  name?: string;
  /** ConfirmDevice was called (Amplify does so right after the sign-in). */
  confirmed: boolean;
  remembered: boolean;
  lastSignIn: number;
}
interface CognitoFailure {
  status: number;
  type: string;
  message: string;
}
interface AuthorizationCode {
  email: string;
  codeChallenge: string;
  redirectUri: string;
  clientId: string;
}
export interface RecordedCall {
  target: string;
  body: Record<string, unknown>;
}

const JSON_HEADERS = { 'Content-Type': 'application/x-amz-json-1.1' };

function cognitoError(failure: CognitoFailure) {
  return HttpResponse.json(
    { __type: failure.type, message: failure.message },
    { status: failure.status, headers: { ...JSON_HEADERS, 'x-amzn-errortype': failure.type } },
  );
}

const SECOND_FACTORS = new Set(['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP', 'SELECT_MFA_TYPE']);

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export function createFakeCognito(
  options: { endpoint?: string; hostedDomain?: string; tokenTtlSec?: number } = {},
) {
  const endpoint = options.endpoint ?? identityTestEnv.cognitoEndpoint;
  const hostedDomain = options.hostedDomain ?? identityTestEnv.cognitoHostedDomain;
  let tokenTtlSec = options.tokenTtlSec ?? 3600;
  const users = new Map<string, FakeUser>();
  const refreshTokens = new Map<string, string>();
  const sessions = new Map<string, string>();
  /** Sessions of an MFA_SETUP whose authenticator was verified. */
  const verifiedSetups = new Set<string>();
  /** Users who associated an authenticator with their access token, not verified yet. */
  const pendingTotp = new Set<string>();
  const authCodes = new Map<string, AuthorizationCode>();
  const failures = new Map<string, CognitoFailure>();
  /** Tracked devices by device key. */
  const devices = new Map<string, FakeDevice>();
  /** Refresh token → the device its sign-in was given or named (device tracking). */
  const refreshDevices = new Map<string, string>();
  /** Keys of forgotten devices: their refresh tokens are refused. */
  const forgotten = new Set<string>();
  /** Every Cognito JSON call, in order. */
  const calls: RecordedCall[] = [];
  /** Every token endpoint request body, in order. */
  const tokenRequests: URLSearchParams[] = [];
  let counter = 0;

  function mintTokens(user: FakeUser, withRefresh: boolean) {
    counter += 1;
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + tokenTtlSec;
    const idToken = fakeJwt({
      sub: user.sub,
      email: user.email,
      'cognito:username': user.sub,
      token_use: 'id',
      iat,
      exp,
      n: counter,
    });
    const accessToken = fakeJwt({
      sub: user.sub,
      username: user.sub,
      token_use: 'access',
      iat,
      exp,
      n: counter,
    });
    const refreshToken = withRefresh ? `refresh-${user.sub}-${counter}` : '';
    if (refreshToken) refreshTokens.set(refreshToken, user.email);
    return { idToken, accessToken, refreshToken, expiresIn: tokenTtlSec };
  }

  function authenticationResult(user: FakeUser) {
    const t = mintTokens(user, true);
    return {
      AuthenticationResult: {
        IdToken: t.idToken,
        AccessToken: t.accessToken,
        RefreshToken: t.refreshToken,
        ExpiresIn: t.expiresIn,
        TokenType: 'Bearer',
      },
    };
  }

  /**
   * A password sign-in's tokens: a device the sign-in did not name (`DEVICE_KEY`) is a new one,
   * announced with NewDeviceMetadata; a named device of the user gets its last sign-in noted.
   * The refresh token belongs to that device: once it is confirmed, a refresh must name it.
   */
  function signedIn(user: FakeUser, deviceKey: string) {
    const result = authenticationResult(user);
    const named = devices.get(deviceKey);
    if (named?.email === user.email) {
      named.lastSignIn = Date.now();
      refreshDevices.set(result.AuthenticationResult.RefreshToken, deviceKey);
      return result;
    }
    const key = `us-east-1_device-${(counter += 1)}`;
    refreshDevices.set(result.AuthenticationResult.RefreshToken, key);
    devices.set(key, {
      email: user.email,
      confirmed: false,
      remembered: false,
      lastSignIn: Date.now(),
    });
    const NewDeviceMetadata = { DeviceKey: key, DeviceGroupKey: `-group-${counter}` };
    return { AuthenticationResult: { ...result.AuthenticationResult, NewDeviceMetadata } };
  }

  const notAuthorized: CognitoFailure = {
    status: 400,
    type: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  };
  const newSession = (user: FakeUser) => {
    const session = `session-${user.sub}-${(counter += 1)}`;
    sessions.set(session, user.email);
    return session;
  };

  /** The challenge a right password (or a chosen method) leads to, else the tokens. */
  function challengeFor(user: FakeUser, method?: FakeMfa) {
    const base = { USER_ID_FOR_SRP: user.sub };
    if (user.state === 'new-password')
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: newSession(user),
        ChallengeParameters: { ...base, requiredAttributes: '[]', userAttributes: '{}' },
      };
    if (typeof user.state === 'object')
      return {
        ChallengeName: 'MFA_SETUP',
        Session: newSession(user),
        ChallengeParameters: { ...base, MFAS_CAN_SETUP: JSON.stringify(user.state.setup) },
      };
    const enabled = [...user.mfaEnabled];
    const chosen = method ?? (enabled.length === 1 ? enabled[0] : undefined);
    if (enabled.length > 1 && !chosen)
      return {
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: newSession(user),
        ChallengeParameters: { ...base, MFAS_CAN_CHOOSE: JSON.stringify(enabled) },
      };
    if (!chosen) return authenticationResult(user);
    const delivery =
      chosen === 'SMS_MFA'
        ? { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+*******0142' }
        : chosen === 'EMAIL_OTP'
          ? { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: 'j***@e***' }
          : {};
    return {
      ChallengeName: chosen,
      Session: newSession(user),
      ChallengeParameters: { ...base, ...delivery },
    };
  }

  /** The user of a (fake) access token, or the failure Cognito answers. */
  function userOfAccessToken(token: unknown): FakeUser | CognitoFailure {
    let claims: Record<string, unknown> = {};
    try {
      claims = record(JSON.parse(atob(str(token).split('.')[1] ?? '')));
    } catch {
      /* not a token */
    }
    const user = [...users.values()].find((u) => u.sub === claims.sub);
    if (!user) return { ...notAuthorized, message: 'Invalid Access Token' };
    if (user.signedOutAt !== undefined && Number(claims.iat) <= user.signedOutAt)
      return { ...notAuthorized, message: 'Access Token has been revoked' };
    return user;
  }

  const codeMismatch: CognitoFailure = {
    status: 400,
    type: 'CodeMismatchException',
    message: 'Invalid verification code provided, please try again.',
  };

  function answer(target: string, body: Record<string, unknown>) {
    const failure = failures.get(target);
    if (failure) {
      failures.delete(target);
      return cognitoError(failure);
    }
    const ok = (data: object) => HttpResponse.json(data, { headers: JSON_HEADERS });
    switch (target) {
      case 'InitiateAuth': {
        const params = record(body.AuthParameters);
        if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
          const email = refreshTokens.get(str(params.REFRESH_TOKEN));
          const user = email ? users.get(email) : undefined;
          if (!user) return cognitoError({ ...notAuthorized, message: 'Invalid Refresh Token' });
          const t = mintTokens(user, false);
          return ok({ AuthenticationResult: { IdToken: t.idToken, AccessToken: t.accessToken } });
        }
        if (body.AuthFlow !== 'USER_PASSWORD_AUTH') {
          return cognitoError({
            status: 400,
            type: 'InvalidParameterException',
            message: `Unsupported auth flow ${str(body.AuthFlow)}`,
          });
        }
        const user = users.get(str(params.USERNAME).toLowerCase());
        if (!user || user.password !== str(params.PASSWORD)) return cognitoError(notAuthorized);
        if (!user.confirmed) {
          return cognitoError({
            status: 400,
            type: 'UserNotConfirmedException',
            message: 'User is not confirmed.',
          });
        }
        const next = challengeFor(user);
        const deviceKey = str(params.DEVICE_KEY);
        if ('AuthenticationResult' in next) return ok(signedIn(user, deviceKey));
        const device = devices.get(deviceKey);
        // A remembered device proves itself (DEVICE_SRP_AUTH) in place of the second factor.
        // The fake takes any proof; the local identity proxy checks it (cognitoDevices.ts).
        if (
          SECOND_FACTORS.has(next.ChallengeName) &&
          device?.email === user.email &&
          device.remembered
        )
          return ok({
            ChallengeName: 'DEVICE_SRP_AUTH',
            Session: newSession(user),
            ChallengeParameters: { USERNAME: user.sub },
          });
        return ok(next);
      }
      case 'RespondToAuthChallenge': {
        const email = sessions.get(str(body.Session));
        const user = email ? users.get(email) : undefined;
        if (!user) {
          return cognitoError({
            ...notAuthorized,
            message: 'Invalid session for the user, session is expired.',
          });
        }
        const responses = record(body.ChallengeResponses);
        const session = str(body.Session);
        switch (str(body.ChallengeName)) {
          case 'DEVICE_SRP_AUTH':
            sessions.delete(session);
            return ok({
              ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
              Session: newSession(user),
              ChallengeParameters: {
                USERNAME: user.sub,
                DEVICE_KEY: str(responses.DEVICE_KEY),
                SRP_B: 'b'.repeat(64),
                SALT: 'a1b2c3d4',
                SECRET_BLOCK: btoa('secret block'),
              },
            });
          case 'DEVICE_PASSWORD_VERIFIER':
            sessions.delete(session);
            if (!str(responses.PASSWORD_CLAIM_SIGNATURE)) return cognitoError(notAuthorized);
            return ok(signedIn(user, str(responses.DEVICE_KEY)));
          case 'SELECT_MFA_TYPE': {
            const answer = str(responses.ANSWER) as FakeMfa;
            if (!user.mfaEnabled.has(answer))
              return cognitoError({
                status: 400,
                type: 'InvalidParameterException',
                message: 'Invalid ANSWER',
              });
            sessions.delete(session);
            return ok(challengeFor(user, answer));
          }
          case 'NEW_PASSWORD_REQUIRED': {
            const password = str(responses.NEW_PASSWORD);
            if (password.length < 8)
              return cognitoError({
                status: 400,
                type: 'InvalidPasswordException',
                message: 'Password does not conform to policy: Password not long enough',
              });
            sessions.delete(session);
            user.password = password;
            user.state = 'ready';
            return ok(challengeFor(user));
          }
          case 'MFA_SETUP': {
            const address = str(responses.EMAIL);
            if (address) {
              user.mfaEnabled.add('EMAIL_OTP');
              user.state = 'ready';
              sessions.delete(session);
              return ok(challengeFor(user, 'EMAIL_OTP'));
            }
            if (!verifiedSetups.has(session))
              return cognitoError({
                ...notAuthorized,
                message: 'Invalid session for the user, session is expired.',
              });
            sessions.delete(session);
            user.mfaEnabled.add('SOFTWARE_TOKEN_MFA');
            user.state = 'ready';
            return ok(authenticationResult(user));
          }
          default: {
            const code =
              str(responses.SMS_MFA_CODE) ||
              str(responses.SOFTWARE_TOKEN_MFA_CODE) ||
              str(responses.EMAIL_OTP_CODE);
            if (code !== VALID_CODE) {
              return cognitoError({ ...codeMismatch, message: 'Invalid code received for user' });
            }
            sessions.delete(session);
            return ok(signedIn(user, str(responses.DEVICE_KEY)));
          }
        }
      }
      case 'AssociateSoftwareToken':
      case 'VerifySoftwareToken': {
        const session = str(body.Session);
        let user: FakeUser | CognitoFailure | undefined;
        if (session) {
          const email = sessions.get(session);
          user = email ? users.get(email) : undefined;
          if (!user)
            return cognitoError({
              ...notAuthorized,
              message: 'Invalid session for the user, session is expired.',
            });
        } else user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        if (target === 'AssociateSoftwareToken') {
          pendingTotp.add(user.sub);
          return ok({ SecretCode: FAKE_TOTP_SECRET, ...(session ? { Session: session } : {}) });
        }
        if (str(body.UserCode) !== VALID_CODE)
          return cognitoError({
            status: 400,
            type: 'EnableSoftwareTokenMFAException',
            message: 'Code mismatch and fail enable Software Token MFA',
          });
        pendingTotp.delete(user.sub);
        if (session) verifiedSetups.add(session);
        else user.mfaEnabled.add('SOFTWARE_TOKEN_MFA');
        return ok({ Status: 'SUCCESS', ...(session ? { Session: session } : {}) });
      }
      case 'GetUser': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        const attributes = [
          { Name: 'sub', Value: user.sub },
          { Name: 'email', Value: user.email },
          ...(user.phone
            ? [
                { Name: 'phone_number', Value: user.phone },
                { Name: 'phone_number_verified', Value: String(user.phoneVerified) },
              ]
            : []),
        ];
        return ok({
          Username: user.sub,
          UserAttributes: attributes,
          UserMFASettingList: [...user.mfaEnabled],
          PreferredMfaSetting: [...user.mfaEnabled][0],
        });
      }
      case 'UpdateUserAttributes': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        const attributes = Array.isArray(body.UserAttributes) ? body.UserAttributes : [];
        for (const attribute of attributes.map(record)) {
          if (attribute.Name !== 'phone_number') continue;
          if (!/^\+[1-9]\d{1,14}$/.test(str(attribute.Value)))
            return cognitoError({
              status: 400,
              type: 'InvalidParameterException',
              message: 'Invalid phone number format.',
            });
          user.phone = str(attribute.Value);
          user.phoneVerified = false;
        }
        // The phone is not auto-verified: no code is sent by the update.
        return ok({ CodeDeliveryDetailsList: [] });
      }
      case 'GetUserAttributeVerificationCode': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        if (body.AttributeName !== 'phone_number' || !user.phone)
          return cognitoError({
            status: 400,
            type: 'InvalidParameterException',
            message: 'The account has no phone_number to verify.',
          });
        user.phoneCode = VALID_CODE;
        return ok({
          CodeDeliveryDetails: {
            AttributeName: 'phone_number',
            DeliveryMedium: 'SMS',
            Destination: `+*******${user.phone.slice(-4)}`,
          },
        });
      }
      case 'VerifyUserAttribute': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        if (
          body.AttributeName !== 'phone_number' ||
          !user.phoneCode ||
          body.Code !== user.phoneCode
        )
          return cognitoError(codeMismatch);
        user.phoneVerified = true;
        user.phoneCode = undefined;
        return ok({});
      }
      case 'SetUserMFAPreference': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        const settings: [string, FakeMfa][] = [
          ['SMSMfaSettings', 'SMS_MFA'],
          ['SoftwareTokenMfaSettings', 'SOFTWARE_TOKEN_MFA'],
          ['EmailMfaSettings', 'EMAIL_OTP'],
        ];
        for (const [key, method] of settings) {
          const setting = body[key];
          if (setting === undefined) continue;
          if (record(setting).Enabled) user.mfaEnabled.add(method);
          else user.mfaEnabled.delete(method);
        }
        return ok({});
      }
      case 'ChangePassword': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        if (str(body.PreviousPassword) !== user.password) return cognitoError(notAuthorized);
        user.password = str(body.ProposedPassword);
        return ok({});
      }
      case 'SignUp': {
        const email = str(body.Username).toLowerCase();
        if (users.has(email)) {
          return cognitoError({
            status: 400,
            type: 'UsernameExistsException',
            message: 'An account with the given email already exists.',
          });
        }
        const user = addUser({ email, password: str(body.Password), confirmed: false });
        return ok({
          UserConfirmed: false,
          UserSub: user.sub,
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: `${email[0]}***@${email.split('@')[1] ?? ''}`,
          },
        });
      }
      case 'ConfirmSignUp': {
        const user = users.get(str(body.Username).toLowerCase());
        if (!user) {
          return cognitoError({
            status: 400,
            type: 'UserNotFoundException',
            message: 'Username/client id combination not found.',
          });
        }
        if (str(body.ConfirmationCode) !== VALID_CODE) return cognitoError(codeMismatch);
        user.confirmed = true;
        return ok({});
      }
      case 'ResendConfirmationCode':
      case 'ForgotPassword':
        return ok({
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: 'j***@example.com',
          },
        });
      case 'ConfirmForgotPassword': {
        const user = users.get(str(body.Username).toLowerCase());
        if (!user || str(body.ConfirmationCode) !== VALID_CODE) return cognitoError(codeMismatch);
        user.password = str(body.Password);
        return ok({});
      }
      case 'GetTokensFromRefreshToken': {
        const email = refreshTokens.get(str(body.RefreshToken));
        const user = email ? users.get(email) : undefined;
        const invalid = cognitoError({ ...notAuthorized, message: 'Invalid Refresh Token' });
        if (!user) return invalid;
        // Device tracking: a confirmed device's refresh token needs its key; a forgotten one's
        // is over.
        const bound = refreshDevices.get(str(body.RefreshToken));
        if (bound && forgotten.has(bound)) return invalid;
        if (bound && devices.get(bound)?.confirmed && str(body.DeviceKey) !== bound) return invalid;
        const t = mintTokens(user, false);
        return ok({
          AuthenticationResult: {
            IdToken: t.idToken,
            AccessToken: t.accessToken,
            ExpiresIn: t.expiresIn,
            TokenType: 'Bearer',
          },
        });
      }
      case 'RevokeToken':
        refreshTokens.delete(str(body.Token));
        return ok({});
      case 'ConfirmDevice':
      case 'UpdateDeviceStatus':
      case 'ForgetDevice': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        const key = str(body.DeviceKey);
        const device = devices.get(key);
        if (device?.email !== user.email)
          return cognitoError({
            status: 400,
            type: 'ResourceNotFoundException',
            message: 'Device does not exist.',
          });
        if (target === 'ForgetDevice') {
          devices.delete(key);
          forgotten.add(key);
        }
        if (target === 'UpdateDeviceStatus')
          device.remembered = body.DeviceRememberedStatus === 'remembered';
        if (target !== 'ConfirmDevice') return ok({});
        device.confirmed = true;
        device.name = str(body.DeviceName) || undefined;
        return ok({ UserConfirmationNecessary: true });
      }
      case 'ListDevices': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        const own = [...devices].filter(([, d]) => d.email === user.email && d.confirmed);
        return ok({
          Devices: own.map(([key, d]) => ({
            DeviceKey: key,
            DeviceAttributes: [
              ...(d.name ? [{ Name: 'device_name', Value: d.name }] : []),
              {
                Name: 'dev:device_remembered_status',
                Value: d.remembered ? 'remembered' : 'not_remembered',
              },
            ],
            DeviceLastAuthenticatedDate: d.lastSignIn / 1000,
          })),
        });
      }
      case 'GlobalSignOut': {
        const user = userOfAccessToken(body.AccessToken);
        if (!('sub' in user)) return cognitoError(user);
        for (const [token, email] of refreshTokens)
          if (email === user.email) refreshTokens.delete(token);
        user.signedOutAt = Math.floor(Date.now() / 1000);
        return ok({});
      }
      default:
        return cognitoError({
          status: 400,
          type: 'UnknownOperationException',
          message: `The fake pool does not answer ${target}`,
        });
    }
  }

  function addUser(init: {
    email: string;
    password: string;
    confirmed?: boolean;
    mfa?: FakeMfa | FakeMfa[];
    state?: FakeSignInState;
    phone?: string;
    /** Whether the phone is confirmed (default: true when there is one). */
    phoneVerified?: boolean;
  }): FakeUser {
    const email = init.email.toLowerCase();
    const methods = init.mfa === undefined ? [] : [init.mfa].flat();
    const user: FakeUser = {
      email,
      password: init.password,
      confirmed: init.confirmed ?? true,
      mfaEnabled: new Set(methods),
      state: init.state ?? 'ready',
      phone: init.phone,
      phoneVerified: init.phoneVerified ?? init.phone !== undefined,
      sub: `sub-${email.replace(/[^a-z0-9]/g, '')}`,
    };
    users.set(email, user);
    return user;
  }

  /**
   * Stores a session for an existing user as a sign-in would, and returns its tokens
   * (the refresh token is one the pool accepts).
   */
  function issueTokens(email: string) {
    const user = users.get(email.toLowerCase());
    if (!user) throw new Error(`no fake user ${email}`);
    return mintTokens(user, true);
  }

  /**
   * What the hosted sign-in page does after the person signs in at the identity provider:
   * returns the URL it redirects back to (redirect_uri with code and state).
   */
  function authorize(authorizeUrl: string, email: string): URL {
    const url = new URL(authorizeUrl);
    const p = url.searchParams;
    // Unique across fake pools: a code is only ever exchanged once.
    const code = `code-${randomUUID()}`;
    authCodes.set(code, {
      email: email.toLowerCase(),
      codeChallenge: p.get('code_challenge') ?? '',
      redirectUri: p.get('redirect_uri') ?? '',
      clientId: p.get('client_id') ?? '',
    });
    const back = new URL(p.get('redirect_uri') ?? '');
    back.searchParams.set('code', code);
    const state = p.get('state');
    if (state) back.searchParams.set('state', state);
    return back;
  }

  const invalidGrant = (description: string) =>
    HttpResponse.json({ error: 'invalid_grant', error_description: description }, { status: 400 });

  const handlers: HttpHandler[] = [
    http.post(`${endpoint}/`, async ({ request }) => {
      const target = (request.headers.get('x-amz-target') ?? '').split('.').pop() ?? '';
      const body = record(await request.json().catch(() => ({})));
      calls.push({ target, body });
      return answer(target, body);
    }),
    http.post(`${hostedDomain}/oauth2/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      tokenRequests.push(form);
      const failure = failures.get('oauth2/token');
      if (failure) {
        failures.delete('oauth2/token');
        return HttpResponse.json(
          { error: failure.type, error_description: failure.message },
          { status: failure.status },
        );
      }
      if (form.get('grant_type') === 'authorization_code') {
        const stored = authCodes.get(form.get('code') ?? '');
        if (!stored) return invalidGrant('Authorization code expired or invalid');
        authCodes.delete(form.get('code') ?? '');
        if (stored.clientId !== form.get('client_id')) return invalidGrant('client_id mismatch');
        if (stored.redirectUri !== form.get('redirect_uri'))
          return invalidGrant('redirect_uri mismatch');
        const digest = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (digest !== stored.codeChallenge) {
          return invalidGrant('code_verifier does not match code_challenge');
        }
        const user = users.get(stored.email) ?? addUser({ email: stored.email, password: '' });
        const t = mintTokens(user, true);
        return HttpResponse.json({
          id_token: t.idToken,
          access_token: t.accessToken,
          refresh_token: t.refreshToken,
          token_type: 'Bearer',
          expires_in: t.expiresIn,
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const email = refreshTokens.get(form.get('refresh_token') ?? '');
        const user = email ? users.get(email) : undefined;
        if (!user) return invalidGrant('Invalid refresh token');
        const t = mintTokens(user, false);
        return HttpResponse.json({
          id_token: t.idToken,
          access_token: t.accessToken,
          token_type: 'Bearer',
          expires_in: t.expiresIn,
        });
      }
      return HttpResponse.json({ error: 'unsupported_grant_type' }, { status: 400 });
    }),
  ];

  return {
    handlers,
    calls,
    tokenRequests,
    addUser,
    issueTokens,
    authorize,
    /** Calls made with one X-Amz-Target action (e.g. 'InitiateAuth'). */
    callsTo: (target: string) => calls.filter((c) => c.target === target),
    /** The next call to `target` ('oauth2/token' for the token endpoint) fails like this. */
    failNext: (target: string, type: string, message: string, status = 400) =>
      void failures.set(target, { status, type, message }),
    setTokenTtl: (seconds: number) => {
      tokenTtlSec = seconds;
    },
    user: (email: string) => users.get(email.toLowerCase()),
    /** A device the user confirmed at an earlier sign-in; returns its device key. */
    addDevice: (
      email: string,
      init: { name?: string; remembered?: boolean; lastSignIn?: Date },
    ) => {
      const key = `us-east-1_device-${(counter += 1)}`;
      devices.set(key, {
        email: email.toLowerCase(),
        name: init.name,
        confirmed: true,
        remembered: init.remembered ?? true,
        lastSignIn: (init.lastSignIn ?? new Date()).getTime(),
      });
      return key;
    },
    /** The devices the pool tracks for a user, by device key. */
    devicesOf: (email: string) =>
      [...devices]
        .filter(([, d]) => d.email === email.toLowerCase())
        .map(([key, d]) => ({ key, ...d })),
  };
}

export type FakeCognito = ReturnType<typeof createFakeCognito>;
