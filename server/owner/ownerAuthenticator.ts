/**
 * The owner signs in with two factors (docs/product.md §8): every owner operation asks the
 * identity provider, with the owner's own access token (Cognito `GetUser`), whether the account
 * has an authenticator app (`UserMFASettingList` holds `SOFTWARE_TOKEN_MFA`). Nothing the client
 * sends is taken as proof: a token's claims say nothing about the account's second factors.
 * No answer is kept: the provider is asked with the very token at every owner operation, so an
 * app removed, or a token the provider has revoked (signed out, `RevokeToken`, `GlobalSignOut`),
 * is refused at the next operation; operations sent together with one token share one question.
 * Each answer is compared with the last one about the owner's account (`owner_authenticators`):
 * an app added or removed e-mails the owner (the outbox's `owner-authenticator`), whoever did it.
 * The first answer about an account is only recorded.
 */
import { createHash } from 'node:crypto';
import { OWNER_AUTHENTICATOR_REQUIRED } from '../../domain/owners';
import { enqueueAuthenticatorChange } from '../mail/outbox';
import { inWriteTransaction, statement, type Db } from '../platform/db';
import type { VerifiedToken } from '../platform/auth';
import { forbidden, HttpError, unauthorized } from '../platform/errors';
import { identityAction, type IdentityAnswer } from '../platform/identityProvider';

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

/** The check against the user pool at `endpoint` (../platform/identityProvider.ts). */
export function ownerAuthenticatorCheck(endpoint: string, db: Db): AuthenticatorCheck {
  /** The questions in flight, by the SHA-256 of the token they were asked with. */
  const asking = new Map<string, Promise<void>>();
  return async (token, accessToken) => {
    if (token.tokenUse !== 'access') {
      throw forbidden(
        "Owner operations take the owner's access token: the identity provider is asked with it whether the account has an authenticator app",
      );
    }
    const key = createHash('sha256').update(accessToken).digest('base64url');
    let question = asking.get(key);
    if (!question) {
      question = askProvider(endpoint, db, token, accessToken).finally(() => asking.delete(key));
      asking.set(key, question);
    }
    return question;
  };
}

/** One GetUser with the owner's token: resolves when the account has an authenticator app. */
async function askProvider(
  endpoint: string,
  db: Db,
  token: VerifiedToken,
  accessToken: string,
): Promise<void> {
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
  const hasApp = Array.isArray(methods) && methods.includes('SOFTWARE_TOKEN_MFA');
  noticeAuthenticator(db, token.sub, hasApp, new Date());
  if (!hasApp) throw forbidden(OWNER_AUTHENTICATOR_REQUIRED);
}

/** Records the provider's answer about the owner's app; a change from the last one e-mails the owner. */
function noticeAuthenticator(db: Db, sub: string, hasApp: boolean, now: Date): void {
  inWriteTransaction(db, () => {
    const last = statement(db, 'SELECT has_app FROM owner_authenticators WHERE sub = ?').get(
      sub,
    ) as { has_app: number } | undefined;
    if (last && last.has_app === Number(hasApp)) return;
    statement(
      db,
      `INSERT INTO owner_authenticators (sub, has_app, seen_at) VALUES (?, ?, ?)
       ON CONFLICT (sub) DO UPDATE SET has_app = excluded.has_app, seen_at = excluded.seen_at`,
    ).run(sub, Number(hasApp), now.toISOString());
    if (last) enqueueAuthenticatorChange(db, sub, hasApp ? 'added' : 'removed', now);
  });
}
