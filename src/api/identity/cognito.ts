/**
 * The user pool actions of signing in and out (docs/product.md §5, §6, §7 identity provider
 * actions), through Amplify v6: each returns what it got (tokens included) and stores nothing;
 * src/api/session/session.ts stores the tokens. The account's own settings are in ./account.ts.
 * Loaded on demand only (see ./amplify.ts).
 */
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  decodeJWT,
  fetchAuthSession,
  rememberDevice,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  type FetchMFAPreferenceOutput,
  type JWT,
  type SignInOutput,
} from 'aws-amplify/auth';
import {
  cognitoUserPoolsTokenProvider,
  refreshAuthTokensWithoutDedupe,
} from 'aws-amplify/auth/cognito';
import { env } from '../../config/env';
import type { SessionTokens } from '../session/tokenStore';
import { configureIdentity, identityAuthConfig, identityStorage } from './amplify';

/** A second factor, as the forms name it. */
export type MfaMethod = 'sms' | 'totp' | 'email';

/** The name authenticator apps show next to the account's codes. */
export const TOTP_ISSUER = 'Triangle Shine';

/** An authenticator to set up: the secret (shown as text) and its otpauth:// URI (the QR code). */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** What the sign-in form shows next (one kind per Amplify `nextStep.signInStep`). */
export type SignInStep =
  | { kind: 'done'; tokens: SessionTokens }
  | { kind: 'mfa'; method: MfaMethod; destination?: string }
  | { kind: 'select-mfa'; methods: MfaMethod[] }
  | { kind: 'select-mfa-setup'; methods: MfaMethod[] }
  | ({ kind: 'setup-totp' } & TotpSetup)
  | { kind: 'setup-email' }
  | { kind: 'new-password' }
  | { kind: 'confirm-sign-up' }
  | { kind: 'reset-password' }
  | { kind: 'unsupported'; step: string };

/** Amplify's names of the methods: 'SMS' | 'TOTP' | 'EMAIL'. */
type AuthMFAType = NonNullable<FetchMFAPreferenceOutput['enabled']>[number];

const MFA_TYPES: Record<MfaMethod, AuthMFAType> = { sms: 'SMS', totp: 'TOTP', email: 'EMAIL' };
const methodsOf = (types: AuthMFAType[] = []): MfaMethod[] =>
  (Object.keys(MFA_TYPES) as MfaMethod[]).filter((method) => types.includes(MFA_TYPES[method]));

/** The answer to a method choice (sign-in or set-up): Amplify's name of the method. */
export const mfaChoice = (method: MfaMethod): string => MFA_TYPES[method];

/** The name the sign-in in progress was started with (the e-mail typed). */
let signInName = '';

/** The tokens of a finished sign-in, taken out of Amplify's memory (which is then cleared). */
async function completeSignIn(): Promise<SignInStep> {
  const tokenStore = cognitoUserPoolsTokenProvider.authTokenStore;
  try {
    // The next sign-in with this name finds the device stored under the account's username.
    identityStorage().linkSignInName(signInName);
    const { tokens } = await fetchAuthSession();
    const stored = await tokenStore.loadTokens();
    const idToken = tokens?.idToken?.toString() ?? '';
    const accessToken = tokens?.accessToken.toString() ?? '';
    if (!idToken || !accessToken) throw new Error('Login failed. Please try again.');
    return {
      kind: 'done',
      tokens: { idToken, accessToken, refreshToken: stored?.refreshToken ?? '' },
    };
  } finally {
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
  }
}

async function nextStep(output: SignInOutput): Promise<SignInStep> {
  const step = output.nextStep;
  switch (step.signInStep) {
    case 'DONE':
      return completeSignIn();
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'mfa', method: 'totp' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { kind: 'mfa', method: 'sms', destination: step.codeDeliveryDetails?.destination };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { kind: 'mfa', method: 'email', destination: step.codeDeliveryDetails?.destination };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { kind: 'select-mfa', methods: methodsOf(step.allowedMFATypes) };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return { kind: 'select-mfa-setup', methods: methodsOf(step.allowedMFATypes) };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = step.totpSetupDetails;
      // The account name defaults to the sign-in's username (the e-mail).
      return {
        kind: 'setup-totp',
        secret: details.sharedSecret,
        uri: details.getSetupUri(TOTP_ISSUER).toString(),
      };
    }
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return { kind: 'setup-email' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'new-password' };
    case 'CONFIRM_SIGN_UP':
      return { kind: 'confirm-sign-up' };
    case 'RESET_PASSWORD':
      return { kind: 'reset-password' };
    default:
      return { kind: 'unsupported', step: step.signInStep };
  }
}

/** Email + password sign-in with the configured flow (SRP in production; password locally). */
export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
  configureIdentity();
  // A sign-in left half-way (an MFA step that was cancelled) must not block a new one.
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
  signInName = email;
  const output = await signIn({
    username: email,
    password,
    options: { authFlowType: env.authFlow },
  });
  return nextStep(output);
}

/**
 * Answers the step of the sign-in in progress: a code, a chosen method (`mfaChoice`), a new
 * password or an e-mail address for e-mail MFA. With `rememberDevice`, a sign-in this answer
 * completes remembers this browser's device at the user pool (Amplify's `rememberDevice`, run
 * while Amplify still holds the sign-in's tokens, under the username it stored the device
 * under): its next sign-ins are not asked for a second factor. A device that could not be
 * remembered does not undo the sign-in; the Security page lists the remembered ones.
 */
export async function continueSignIn(
  response: string,
  options: { rememberDevice?: boolean } = {},
): Promise<SignInStep> {
  configureIdentity();
  const output = await confirmSignIn({ challengeResponse: response });
  if (options.rememberDevice && output.nextStep.signInStep === 'DONE')
    await rememberDevice().catch(() => undefined);
  return nextStep(output);
}

/** Creates an account; true when an e-mail confirmation code was sent. */
export async function registerAccount(
  email: string,
  password: string,
): Promise<{ needsConfirmation: boolean; destination?: string }> {
  configureIdentity();
  const result = await signUp({
    username: email,
    password,
    options: { userAttributes: { email } },
  });
  const step = result.nextStep;
  return step.signUpStep === 'CONFIRM_SIGN_UP'
    ? { needsConfirmation: true, destination: step.codeDeliveryDetails.destination }
    : { needsConfirmation: false };
}

export async function confirmAccount(email: string, code: string): Promise<void> {
  configureIdentity();
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendAccountCode(email: string): Promise<void> {
  configureIdentity();
  await resendSignUpCode({ username: email });
}

/** Forgot password, step 1: sends a reset code. */
export async function requestPasswordReset(email: string): Promise<void> {
  configureIdentity();
  await resetPassword({ username: email });
}

/** Forgot password, step 2. */
export async function completePasswordReset(
  email: string,
  code: string,
  newPassword: string,
): Promise<void> {
  configureIdentity();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

function toJwt(token: string): JWT | undefined {
  if (!token) return undefined;
  try {
    return decodeJWT(token);
  } catch {
    return undefined;
  }
}

/** Amplify's token bundle for tokens held in the session store. */
export function cognitoTokens(tokens: Partial<SessionTokens>) {
  const accessToken = toJwt(tokens.accessToken ?? '');
  const idToken = toJwt(tokens.idToken ?? '');
  const claims = accessToken?.payload ?? idToken?.payload ?? {};
  const username = String(claims.username ?? claims['cognito:username'] ?? claims.sub ?? '');
  return { accessToken, idToken, refreshToken: tokens.refreshToken, username };
}

/**
 * This browser's device at the user pool for the account of these tokens, as Amplify stored it
 * at the sign-in (its key, group key and device password; see IdentityStorage), or undefined.
 * Amplify stores it under the name the sign-in ended with: the pool's username after a
 * challenge, the e-mail typed otherwise. Both are looked up.
 */
async function deviceOf(username: string, idToken: JWT | undefined) {
  const email = idToken?.payload.email;
  for (const name of [username, typeof email === 'string' ? email : '']) {
    if (!name) continue;
    const device = await cognitoUserPoolsTokenProvider.tokenOrchestrator.getDeviceMetadata(name);
    if (device?.deviceKey) return device;
  }
  return undefined;
}

/**
 * The one token refresh, for sessions from a password sign-in and from the hosted login alike.
 *
 * It is Amplify's own refresh (`refreshAuthTokens`, the call behind
 * `fetchAuthSession({ forceRefresh: true })`: Cognito `GetTokensFromRefreshToken` at the
 * configured user pool endpoint), fed with the tokens from the session store. Chosen over the
 * token endpoint's refresh_token grant because it needs no hosted domain (production may run
 * without Google) and over fetchAuthSession itself because it does not require Amplify to hold
 * the session: hosted-login tokens never pass through Amplify. The single flight is in
 * src/api/session/refresh.ts.
 *
 * The pool tracks devices: every password sign-in confirms this browser's device, and from then
 * on the pool refuses a refresh of that session without the device's key ("Invalid Refresh
 * Token"). So the device Amplify stored for the account goes with the refresh (Amplify sends its
 * `DeviceKey`), as Amplify's own refresher does with the device it loads beside the tokens.
 */
export async function refreshSessionTokens(
  current: Partial<SessionTokens>,
): Promise<Partial<SessionTokens>> {
  const authConfig = identityAuthConfig();
  const { accessToken, idToken, refreshToken, username } = cognitoTokens(current);
  if (!refreshToken || (!accessToken && !idToken)) throw new Error('User is not authenticated');
  const fresh = await refreshAuthTokensWithoutDedupe({
    // Amplify only reads the refresh token and the device key from this bundle.
    tokens: {
      accessToken: (accessToken ?? idToken) as JWT,
      idToken,
      refreshToken,
      deviceMetadata: await deviceOf(username, idToken),
      clockDrift: 0,
      username,
    },
    authConfig,
    username,
  });
  return {
    idToken: fresh.idToken?.toString() ?? '',
    accessToken: fresh.accessToken.toString(),
    refreshToken: fresh.refreshToken ?? '',
  };
}

/**
 * Signs the session out at the user pool (Amplify's signOut revokes the refresh token when
 * the pool issued it as revocable). The session store is already cleared by then, so the
 * tokens are handed to Amplify for this one call.
 */
export async function signOutAtProvider(tokens: Partial<SessionTokens>): Promise<void> {
  configureIdentity();
  const { accessToken, idToken, refreshToken, username } = cognitoTokens(tokens);
  if (!accessToken) return;
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens({
    tokens: { accessToken, idToken, refreshToken, clockDrift: 0, username },
  });
  await signOut();
}
