/**
 * The account's own settings at the user pool (docs/product.md §7): password, second factors,
 * remembered devices, signing every device out. Each call runs with this browser's current session (refreshed
 * first when expired) handed to Amplify for that call only, one call at a time. It reads the
 * stored tokens and writes none. Loaded on demand only (see ./amplify.ts).
 */
import {
  confirmUserAttribute,
  fetchDevices,
  fetchMFAPreference,
  fetchUserAttributes,
  forgetDevice,
  setUpTOTP,
  sendUserAttributeVerificationCode,
  signOut,
  updateMFAPreference,
  updatePassword,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { refreshIfNeeded } from '../session/refresh';
import { getTokens, getUser } from '../session/tokenStore';
import { configureIdentity } from './amplify';
import { cognitoTokens, refreshSessionTokens, TOTP_ISSUER, type TotpSetup } from './cognito';

let accountQueue: Promise<unknown> = Promise.resolve();

function withSession<T>(call: () => Promise<T>): Promise<T> {
  const run = async () => {
    configureIdentity();
    await refreshIfNeeded();
    const { accessToken, idToken, refreshToken, username } = cognitoTokens(getTokens());
    if (!accessToken) throw new Error('User is not authenticated');
    const orchestrator = cognitoUserPoolsTokenProvider.tokenOrchestrator;
    await orchestrator.setTokens({
      tokens: { accessToken, idToken, refreshToken, clockDrift: 0, username },
    });
    try {
      return await call();
    } finally {
      await orchestrator.clearTokens();
    }
  };
  const result = accountQueue.then(run, run);
  accountQueue = result.catch(() => undefined);
  return result;
}

/** The account's second factors and its phone for SMS codes (confirmed with a code or not). */
export interface MfaSettings {
  totp: boolean;
  sms: boolean;
  phone: string;
  phoneVerified: boolean;
}

export function fetchMfaSettings(): Promise<MfaSettings> {
  return withSession(async () => {
    const [preference, attributes] = await Promise.all([
      fetchMFAPreference(),
      fetchUserAttributes(),
    ]);
    const enabled = preference.enabled ?? [];
    return {
      totp: enabled.includes('TOTP'),
      sms: enabled.includes('SMS'),
      phone: attributes.phone_number ?? '',
      phoneVerified: attributes.phone_number_verified === 'true',
    };
  });
}

/** Texts a code to the account's phone; resolves to where it went (e.g. +*******0142). */
export function sendPhoneCode(): Promise<string> {
  return withSession(async () => {
    const sent = await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
    return sent.destination ?? '';
  });
}

/**
 * Puts a phone number (E.164) on the sign-in account. It stays unconfirmed until the code texted
 * to it is entered (`confirmPhone`); resolves to where that code went. A pool that sends the code
 * with the change is followed; otherwise one is asked for.
 */
export async function savePhone(phone: string): Promise<string> {
  const next = await withSession(async () => {
    const updated = await updateUserAttributes({ userAttributes: { phone_number: phone } });
    return updated.phone_number?.nextStep;
  });
  if (next?.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE')
    return next.codeDeliveryDetails?.destination ?? '';
  return sendPhoneCode();
}

/** Confirms the account's phone with the code texted to it. */
export function confirmPhone(code: string): Promise<void> {
  return withSession(() =>
    confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code }),
  );
}

export function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  return withSession(() => updatePassword({ oldPassword, newPassword }));
}

/** Authenticator MFA, step 1: a new secret for the app (not active until confirmed). */
export function startTotpSetup(): Promise<TotpSetup> {
  return withSession(async () => {
    const details = await setUpTOTP();
    return {
      secret: details.sharedSecret,
      uri: details.getSetupUri(TOTP_ISSUER, getUser()?.email || undefined).toString(),
    };
  });
}

/** Authenticator MFA, step 2: the app's first code turns it on (and makes it the preferred one). */
export function confirmTotpSetup(code: string): Promise<void> {
  return withSession(async () => {
    await verifyTOTPSetup({ code });
    await updateMFAPreference({ totp: 'PREFERRED' });
  });
}

/**
 * Turns the authenticator off after checking a current code from it (VerifySoftwareToken), so a
 * session alone cannot remove the second factor.
 */
export function turnOffTotp(code: string): Promise<void> {
  return withSession(async () => {
    await verifyTOTPSetup({ code });
    await updateMFAPreference({ totp: 'DISABLED' });
  });
}

export function setMfaMethod(method: 'totp' | 'sms', on: boolean): Promise<void> {
  return withSession(() => updateMFAPreference({ [method]: on ? 'ENABLED' : 'DISABLED' }));
}

/** A device remembered at a sign-in ("Remember this device"): not asked for a second factor. */
export interface RememberedDevice {
  /** The pool's device key. */
  id: string;
  /** What the device called itself when it was remembered (its browser), or ''. */
  name: string;
  lastUsed?: Date;
}

/** The account's remembered devices (the pool also tracks devices that were not remembered). */
async function rememberedDevices(): Promise<RememberedDevice[]> {
  const devices = await fetchDevices();
  return devices
    .filter((device) => device.attributes['dev:device_remembered_status'] === 'remembered')
    .map((device) => ({
      id: device.id,
      name: device.name ?? '',
      lastUsed: device.lastAuthenticatedDate,
    }));
}

export function fetchRememberedDevices(): Promise<RememberedDevice[]> {
  return withSession(rememberedDevices);
}

/**
 * Forgets a device at the user pool: its next sign-in is asked for a second factor. When it is
 * this browser, Amplify drops the device's keys here too.
 */
export function forgetRememberedDevice(id: string): Promise<void> {
  return withSession(() => forgetDevice({ device: { id } }));
}

/**
 * Signs every session of the account out (Cognito GlobalSignOut: all its refresh tokens stop
 * working), after forgetting every remembered device (each is asked for a second factor again).
 * Amplify's signOut does not report a failed GlobalSignOut, so success is checked:
 * this session's refresh token must be refused afterwards. Rejects when it is not.
 */
export async function signOutEverywhere(): Promise<void> {
  const before = getTokens();
  await withSession(async () => {
    for (const device of await rememberedDevices())
      await forgetDevice({ device: { id: device.id } });
    await signOut({ global: true });
  });
  try {
    await refreshSessionTokens(before);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'NotAuthorizedException') return;
    throw error;
  }
  throw new Error('The other devices could not be signed out. Please try again.');
}
