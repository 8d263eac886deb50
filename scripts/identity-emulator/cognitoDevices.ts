/**
 * Remembered devices in the cognito-local proxy (scripts/identity-emulator/cognitoProxy.ts): cognito-local
 * 5.3.0 has no device tracking at all. The proxy imitates a pool with device tracking on,
 * devices remembered when the user agrees (Cognito's `DeviceOnlyRememberedOnUserPrompt`) and a
 * remembered device not asked for a second factor, as Amplify v6 uses it:
 *
 * - A password sign-in that ends with tokens gets `NewDeviceMetadata` (a device key and a device
 *   group key) unless it named a device of the account (`DEVICE_KEY`). Amplify then calls
 *   `ConfirmDevice` with an SRP verifier of a random device password it keeps
 *   (`DeviceSecretVerifierConfig`), answered with `UserConfirmationNecessary: true`, and
 *   `rememberDevice()` calls `UpdateDeviceStatus` (remembered).
 * - `InitiateAuth` (USER_PASSWORD_AUTH) naming a remembered device of the account in
 *   `AuthParameters.DEVICE_KEY`: the password is checked as always (through the proxy itself,
 *   so the lockout counts); where a second factor would be asked for, the answer is the
 *   `DEVICE_SRP_AUTH` challenge instead. Amplify answers it with `SRP_A` and the device key, the
 *   proxy gives `DEVICE_PASSWORD_VERIFIER` (`SRP_B`, `SALT`, `SECRET_BLOCK`), and Amplify's
 *   `PASSWORD_CLAIM_SIGNATURE` is checked against the verifier (SRP-6a over the 3072-bit group,
 *   HKDF "Caldera Derived Key", as Cognito): only a device holding the device password gets
 *   tokens. A forgotten or not-remembered device key is ignored (the second factor is asked).
 * - `ListDevices`, `GetDevice`, `UpdateDeviceStatus`, `ForgetDevice`: the account's devices.
 * - Refreshing, as Cognito with device tracking: the refresh token of a sign-in belongs to the
 *   device it was given (the new one, or the device it named). Once that device is confirmed,
 *   `GetTokensFromRefreshToken` without its `DeviceKey`, or `InitiateAuth` REFRESH_TOKEN_AUTH
 *   without its `AuthParameters.DEVICE_KEY`, or with another device's key, is refused (400
 *   NotAuthorizedException "Invalid Refresh Token"); once it is forgotten, its refresh tokens
 *   are refused whatever key comes with them. A refresh token of a device never confirmed (an
 *   API client that does not track devices) or of no device (the hosted sign-in) needs no key:
 *   Cognito refuses the former too, but nothing of ours signs in without confirming.
 *
 * Devices live in the proxy's memory: a restart forgets them (every device asks for its code
 * again), as if each had been forgotten.
 */
import {
  createHash,
  createHmac,
  getDiffieHellman,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { isRecord, jwtClaims, readString, type Json } from './cognitoClient';
import type { GapAnswer } from './cognitoAccountGaps';

export interface DeviceDeps {
  userPoolId: string;
  /** Calls one action through the proxy itself (every other check applies). */
  self: (name: string, payload: Json) => Promise<GapAnswer>;
  /** The stored Username of the account whose Username, sub or e-mail is `key`. */
  accountOf: (key: string) => string | undefined;
  /** Tokens whose refresh token cognito-local records. */
  issueTokens: (clientId: string, username: string, password: string) => Promise<Json | undefined>;
}

interface Device {
  account: string;
  groupKey: string;
  name?: string;
  /** The SRP verifier and salt of the device password (set by ConfirmDevice). */
  verifier?: bigint;
  saltHex?: string;
  remembered: boolean;
  created: number;
  modified: number;
  lastSignIn: number;
}

/** A sign-in of a remembered device between its password step and the device's proof. */
interface DeviceSignIn {
  clientId: string;
  account: string;
  username: string;
  password: string;
  deviceKey: string;
  expires: number;
  /** Set by DEVICE_SRP_AUTH. */
  srp?: { A: bigint; b: bigint; B: bigint; secretBlock: Buffer };
}

const SESSION_TTL_MS = 5 * 60_000;
/** Challenges a remembered device answers in place of (a second factor). */
const SECOND_FACTORS = new Set(['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE', 'EMAIL_OTP']);

// SRP-6a as Cognito and Amplify run it: the RFC 5054 3072-bit group (RFC 3526 group 15), g = 2.
const N = BigInt(`0x${getDiffieHellman('modp15').getPrime('hex')}`);
const g = 2n;

/** Amplify's padded hex: even length, and a leading 00 when the first bit is set. */
function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return '89abcdef'.includes(hex[0] ?? '') ? `00${hex}` : hex;
}

const hashHex = (hex: string) =>
  createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex').padStart(64, '0');
const toBigInt = (hex: string) => BigInt(`0x${hex || '0'}`);

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const k = toBigInt(hashHex(`${paddedHex(N)}${paddedHex(g)}`));

/** The key both sides derive (Amplify's getPasswordAuthenticationKey, server side). */
function sessionKey(A: bigint, B: bigint, b: bigint, verifier: bigint): Buffer {
  const u = toBigInt(hashHex(paddedHex(A) + paddedHex(B)));
  const S = modPow((A * modPow(verifier, u, N)) % N, b, N);
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex'))
    .update(Buffer.from(paddedHex(S), 'hex'))
    .digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

const failure = (type: string, message: string): GapAnswer => ({
  status: 400,
  body: { __type: type, message },
});
const ok = (body: Json): GapAnswer => ({ status: 200, body });
const notAuthorized = () => failure('NotAuthorizedException', 'Incorrect username or password.');
const invalidRefreshToken = () => failure('NotAuthorizedException', 'Invalid Refresh Token');
const expiredSession = () =>
  failure('NotAuthorizedException', 'Invalid session for the user, session is expired.');

export function deviceGaps(deps: DeviceDeps) {
  const devices = new Map<string, Device>();
  const signIns = new Map<string, DeviceSignIn>();
  /** Refresh token → the device key its sign-in was given or named. */
  const refreshDevices = new Map<string, string>();
  /** Keys of forgotten devices (their refresh tokens are refused). */
  const forgotten = new Set<string>();

  /** Records the device of the tokens in a sign-in's answer (see the header). */
  function bindRefreshToken(answer: GapAnswer, deviceKey: string): void {
    const refreshToken = readString(answer.body.AuthenticationResult, 'RefreshToken');
    if (answer.status === 200 && refreshToken) refreshDevices.set(refreshToken, deviceKey);
  }
  const region = deps.userPoolId.split('_')[0] ?? 'us-east-1';

  const takeSignIn = (session: unknown) => {
    const now = Date.now();
    for (const [key, value] of signIns) if (value.expires < now) signIns.delete(key);
    return typeof session === 'string' ? signIns.get(session) : undefined;
  };

  /** Adds NewDeviceMetadata to tokens of a sign-in that named no device of the account. */
  function withNewDevice(answer: GapAnswer, username: string, deviceKey?: string): GapAnswer {
    const result = answer.body.AuthenticationResult;
    const account = deps.accountOf(username);
    if (answer.status !== 200 || !isRecord(result) || !account) return answer;
    if (deviceKey && devices.get(deviceKey)?.account === account) {
      bindRefreshToken(answer, deviceKey);
      return answer;
    }
    const key = `${region}_${randomUUID()}`;
    const groupKey = `-${randomBytes(6).toString('base64url')}`;
    const now = Date.now();
    // A device never confirmed within a sign-in's lifetime is dropped (it never will be).
    for (const [old, device] of devices)
      if (device.verifier === undefined && device.created < now - SESSION_TTL_MS)
        devices.delete(old);
    bindRefreshToken(answer, key);
    devices.set(key, {
      account,
      groupKey,
      remembered: false,
      created: now,
      modified: now,
      lastSignIn: now,
    });
    return {
      ...answer,
      body: {
        ...answer.body,
        AuthenticationResult: {
          ...result,
          NewDeviceMetadata: { DeviceKey: key, DeviceGroupKey: groupKey },
        },
      },
    };
  }

  async function initiateAuth(input: Json): Promise<GapAnswer> {
    const params = isRecord(input.AuthParameters) ? input.AuthParameters : {};
    const username = readString(params, 'USERNAME') ?? '';
    const password = readString(params, 'PASSWORD') ?? '';
    const deviceKey = readString(params, 'DEVICE_KEY');
    const rest = Object.fromEntries(Object.entries(params).filter(([n]) => n !== 'DEVICE_KEY'));
    const answer = await deps.self('InitiateAuth', { ...input, AuthParameters: rest });
    const challenge = readString(answer.body, 'ChallengeName') ?? '';
    const account = deps.accountOf(username);
    const device = deviceKey ? devices.get(deviceKey) : undefined;
    if (
      answer.status === 200 &&
      SECOND_FACTORS.has(challenge) &&
      deviceKey &&
      account &&
      device?.account === account &&
      device.remembered &&
      device.verifier !== undefined
    ) {
      const session = randomUUID();
      signIns.set(session, {
        clientId: readString(input, 'ClientId') ?? '',
        account,
        username,
        password,
        deviceKey,
        expires: Date.now() + SESSION_TTL_MS,
      });
      return ok({
        ChallengeName: 'DEVICE_SRP_AUTH',
        ChallengeParameters: { USERNAME: account, USER_ID_FOR_SRP: account },
        Session: session,
      });
    }
    return withNewDevice(answer, username, deviceKey);
  }

  function deviceSrpAuth(input: Json, responses: Json): GapAnswer {
    const signIn = takeSignIn(input.Session);
    const device = signIn ? devices.get(signIn.deviceKey) : undefined;
    if (!signIn || readString(responses, 'DEVICE_KEY') !== signIn.deviceKey)
      return expiredSession();
    if (!device?.remembered || device.verifier === undefined || !device.saltHex)
      return notAuthorized();
    const A = toBigInt(readString(responses, 'SRP_A') ?? '');
    if (A % N === 0n) return failure('InvalidParameterException', 'SRP_A is not valid.');
    const b = toBigInt(randomBytes(128).toString('hex'));
    const B = (k * device.verifier + modPow(g, b, N)) % N;
    const secretBlock = randomBytes(64);
    signIns.delete(String(input.Session));
    const session = randomUUID();
    signIns.set(session, { ...signIn, srp: { A, b, B, secretBlock } });
    return ok({
      ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
      ChallengeParameters: {
        USERNAME: signIn.account,
        DEVICE_KEY: signIn.deviceKey,
        SRP_B: B.toString(16),
        SALT: device.saltHex,
        SECRET_BLOCK: secretBlock.toString('base64'),
      },
      Session: session,
    });
  }

  async function devicePasswordVerifier(input: Json, responses: Json): Promise<GapAnswer> {
    const signIn = takeSignIn(input.Session);
    if (!signIn?.srp || readString(responses, 'DEVICE_KEY') !== signIn.deviceKey)
      return expiredSession();
    signIns.delete(String(input.Session)); // one answer per challenge
    const device = devices.get(signIn.deviceKey);
    if (!device?.remembered || device.verifier === undefined) return notAuthorized();
    const { A, b, B, secretBlock } = signIn.srp;
    const claimBlock = readString(responses, 'PASSWORD_CLAIM_SECRET_BLOCK') ?? '';
    if (claimBlock !== secretBlock.toString('base64')) return notAuthorized();
    const expected = createHmac('sha256', sessionKey(A, B, b, device.verifier))
      .update(
        Buffer.concat([
          Buffer.from(device.groupKey),
          Buffer.from(signIn.deviceKey),
          secretBlock,
          Buffer.from(readString(responses, 'TIMESTAMP') ?? ''),
        ]),
      )
      .digest();
    const given = Buffer.from(readString(responses, 'PASSWORD_CLAIM_SIGNATURE') ?? '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return notAuthorized();
    const tokens = await deps.issueTokens(signIn.clientId, signIn.username, signIn.password);
    if (!tokens) return notAuthorized();
    device.lastSignIn = Date.now();
    const answer = ok({ ChallengeParameters: {}, AuthenticationResult: tokens });
    bindRefreshToken(answer, signIn.deviceKey);
    return answer;
  }

  /** RespondToAuthChallenge: the device's own challenges, or any other through the proxy. */
  async function respond(input: Json): Promise<GapAnswer> {
    const responses = isRecord(input.ChallengeResponses) ? input.ChallengeResponses : {};
    if (input.ChallengeName === 'DEVICE_SRP_AUTH') return deviceSrpAuth(input, responses);
    if (input.ChallengeName === 'DEVICE_PASSWORD_VERIFIER')
      return devicePasswordVerifier(input, responses);
    const deviceKey = readString(responses, 'DEVICE_KEY');
    const rest = Object.fromEntries(Object.entries(responses).filter(([n]) => n !== 'DEVICE_KEY'));
    const answer = await deps.self('RespondToAuthChallenge', {
      ...input,
      ChallengeResponses: rest,
    });
    return withNewDevice(answer, readString(responses, 'USERNAME') ?? '', deviceKey);
  }

  /** The account's device named by the input, or the failure Cognito answers. */
  function ownDevice(input: Json): { key: string; device: Device } | GapAnswer {
    const claims = jwtClaims(readString(input, 'AccessToken') ?? '');
    const account = deps.accountOf(readString(claims, 'username') ?? '');
    const key = readString(input, 'DeviceKey') ?? '';
    const device = devices.get(key);
    if (!account) return failure('NotAuthorizedException', 'Invalid Access Token');
    if (!device || device.account !== account)
      return failure('ResourceNotFoundException', 'Device does not exist.');
    return { key, device };
  }

  const describe = (key: string, device: Device): Json => ({
    DeviceKey: key,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      {
        Name: 'dev:device_remembered_status',
        Value: device.remembered ? 'remembered' : 'not_remembered',
      },
    ],
    DeviceCreateDate: device.created / 1000,
    DeviceLastModifiedDate: device.modified / 1000,
    DeviceLastAuthenticatedDate: device.lastSignIn / 1000,
  });

  /** Device actions after the access token was checked (see the proxy's handleAction). */
  function deviceAction(name: string, input: Json): GapAnswer | undefined {
    if (name === 'ListDevices') {
      const claims = jwtClaims(readString(input, 'AccessToken') ?? '');
      const account = deps.accountOf(readString(claims, 'username') ?? '');
      if (!account) return failure('NotAuthorizedException', 'Invalid Access Token');
      const own = [...devices].filter(
        ([, device]) => device.account === account && device.verifier !== undefined,
      );
      return ok({ Devices: own.map(([key, device]) => describe(key, device)) });
    }
    if (!['ConfirmDevice', 'GetDevice', 'UpdateDeviceStatus', 'ForgetDevice'].includes(name))
      return undefined;
    const found = ownDevice(input);
    if ('status' in found) return found;
    const { key, device } = found;
    switch (name) {
      case 'ConfirmDevice': {
        const config = isRecord(input.DeviceSecretVerifierConfig)
          ? input.DeviceSecretVerifierConfig
          : {};
        const verifier = Buffer.from(readString(config, 'PasswordVerifier') ?? '', 'base64');
        const salt = Buffer.from(readString(config, 'Salt') ?? '', 'base64');
        if (device.verifier !== undefined)
          return failure('InvalidParameterException', 'Device is already confirmed.');
        if (!verifier.length || !salt.length)
          return failure('InvalidParameterException', 'DeviceSecretVerifierConfig is required.');
        device.verifier = toBigInt(verifier.toString('hex'));
        device.saltHex = salt.toString('hex');
        device.name = readString(input, 'DeviceName')?.slice(0, 1024);
        device.modified = Date.now();
        return ok({ UserConfirmationNecessary: true });
      }
      case 'GetDevice':
        return ok({ Device: describe(key, device) });
      case 'UpdateDeviceStatus': {
        const status = input.DeviceRememberedStatus;
        if (status !== 'remembered' && status !== 'not_remembered')
          return failure('InvalidParameterException', 'DeviceRememberedStatus is not valid.');
        if (device.verifier === undefined)
          return failure('InvalidParameterException', 'Device is not confirmed.');
        device.remembered = status === 'remembered';
        device.modified = Date.now();
        return ok({});
      }
      default:
        devices.delete(key);
        forgotten.add(key);
        return ok({});
    }
  }

  /**
   * The refusal of a refresh (`GetTokensFromRefreshToken`, `InitiateAuth` REFRESH_TOKEN_AUTH)
   * that does not name its token's confirmed device, or whose device was forgotten; undefined
   * when the refresh may go on (see the header).
   */
  function refreshRefusal(name: string, input: Json): GapAnswer | undefined {
    const params = isRecord(input.AuthParameters) ? input.AuthParameters : {};
    let refreshToken: string | undefined;
    let given: string | undefined;
    if (name === 'GetTokensFromRefreshToken') {
      refreshToken = readString(input, 'RefreshToken');
      given = readString(input, 'DeviceKey');
    } else if (
      name === 'InitiateAuth' &&
      (input.AuthFlow === 'REFRESH_TOKEN_AUTH' || input.AuthFlow === 'REFRESH_TOKEN')
    ) {
      refreshToken = readString(params, 'REFRESH_TOKEN');
      given = readString(params, 'DEVICE_KEY');
    }
    const bound = refreshToken ? refreshDevices.get(refreshToken) : undefined;
    if (!bound) return undefined;
    if (forgotten.has(bound)) return invalidRefreshToken();
    const device = devices.get(bound);
    if (device?.verifier === undefined) return undefined;
    return given === bound ? undefined : invalidRefreshToken();
  }

  /** The sign-in steps, answered before the proxy's own handling (see the header). */
  function signInStep(name: string, input: Json): Promise<GapAnswer> | undefined {
    if (name === 'InitiateAuth' && input.AuthFlow === 'USER_PASSWORD_AUTH')
      return initiateAuth(input);
    if (name === 'RespondToAuthChallenge') return respond(input);
    return undefined;
  }

  return { signInStep, deviceAction, refreshRefusal };
}
