/**
 * The owner signs in with two factors (docs/product.md §8): every owner operation asks the
 * identity provider, with the owner's own access token (Cognito `GetUser`), whether the account
 * has an authenticator app (`UserMFASettingList` holds `SOFTWARE_TOKEN_MFA`). Nothing the client
 * sends is taken as proof: a token's claims say nothing about the account's second factors.
 * A "yes" is kept per owner for AUTHENTICATOR_CACHE_MS, so removing the app is noticed within
 * that time; a "no" is never kept, so an owner who has just set one up is let in at once.
 */
import { OWNER_AUTHENTICATOR_REQUIRED } from '../../domain/owners';
import type { VerifiedToken } from '../platform/auth';
import { forbidden, HttpError, unauthorized } from '../platform/errors';
import { identityAction, type IdentityAnswer } from '../platform/identityProvider';

/** How long the provider's "this owner has an authenticator app" is trusted. */
export const AUTHENTICATOR_CACHE_MS = 5 * 60_000;

/** How long the identity provider may take to answer GetUser (then 503: try again). */
export const GET_USER_TIMEOUT_MS = 5000;

/** Throws the answer (401, 403, 503) unless the token's account has an authenticator app. */
export type AuthenticatorCheck = (token: VerifiedToken, accessToken: string) => Promise<void>;

const unavailable = () =>
  new HttpError(
    503,
    "The identity provider could not be asked about the owner's authenticator app; try again",
  );

/** The account's `sub` in a GetUser answer. */
function subOf(answer: IdentityAnswer): string | undefined {
  const attributes = Array.isArray(answer.body.UserAttributes) ? answer.body.UserAttributes : [];
  for (const attribute of attributes as { Name?: unknown; Value?: unknown }[])
    if (attribute?.Name === 'sub' && typeof attribute.Value === 'string') return attribute.Value;
  return undefined;
}

/** The check against the user pool at `endpoint` (../platform/identityProvider.ts); `now` for tests. */
export function ownerAuthenticatorCheck(
  endpoint: string,
  now: () => number = Date.now,
): AuthenticatorCheck {
  /** Owner's sub → when the provider last said the account has an authenticator app. */
  const confirmed = new Map<string, number>();
  return async (token, accessToken) => {
    if (token.tokenUse !== 'access') {
      throw forbidden(
        "Owner operations take the owner's access token: the identity provider is asked with it whether the account has an authenticator app",
      );
    }
    const at = confirmed.get(token.sub);
    if (at !== undefined && now() - at < AUTHENTICATOR_CACHE_MS) return;
    confirmed.delete(token.sub);
    let answer: IdentityAnswer;
    try {
      answer = await identityAction(
        endpoint,
        'GetUser',
        { AccessToken: accessToken },
        GET_USER_TIMEOUT_MS,
      );
    } catch {
      throw unavailable();
    }
    if (answer.type === 'NotAuthorizedException') {
      // A session the provider has ended (signed out everywhere), or a token without the scope
      // that reads the account (a sign-in through Google): neither can show a second factor.
      throw /scope/i.test(answer.message)
        ? forbidden(
            "Sign in to the owner console with the owner's e-mail and password: this sign-in cannot show the account's authenticator app",
          )
        : unauthorized('The identity provider no longer accepts this sign-in; sign in again');
    }
    if (!answer.ok) throw unavailable();
    const answeredSub = subOf(answer);
    if (answeredSub !== undefined && answeredSub !== token.sub) throw unavailable();
    const methods = answer.body.UserMFASettingList;
    if (!Array.isArray(methods) || !methods.includes('SOFTWARE_TOKEN_MFA'))
      throw forbidden(OWNER_AUTHENTICATOR_REQUIRED);
    confirmed.set(token.sub, now());
  };
}
