/**
 * `POST /identity-events` (IDENTITY_EVENTS_PATH): the identity provider's own record of the calls
 * that change an account's authenticator app, as production delivers it. Cognito logs every user
 * pool call to CloudTrail, with the account's `sub` (never its user name) and the tokens and
 * codes hidden; with a trail logging, CloudTrail hands each call to EventBridge ("AWS API Call via
 * CloudTrail"), whose rule (infra/lib/identityStack.ts) sends the AUTHENTICATOR_CALLS of every
 * account of the pool's region to an SNS topic, which delivers them here over HTTPS.
 *
 * Why: with an access token alone, Cognito lets a caller give the account a new authenticator
 * secret (AssociateSoftwareToken, then VerifySoftwareToken with its first code). GetUser still
 * shows an app afterwards, so the owner check (./ownerAuthenticator.ts) sees no change. This
 * endpoint tells the owner instead:
 * - the SNS envelope is checked as for SES's feed (../mail/snsEndpoint.ts: the topic
 *   IDENTITY_EVENTS_TOPIC_ARN, SNS's signature, a rate limit per client address); anything else
 *   is refused and nothing is stored;
 * - a Notification is read as an EventBridge event of Cognito's CloudTrail record; only a call
 *   that succeeded (no `errorCode`), of an account the owner check has seen with an app on
 *   (`owner_authenticators`, written only for members of the owners group), is e-mailed: a
 *   VerifySoftwareToken as `confirmed` (a new app replacing the old one, or the console checking
 *   a code before turning the app off), a SetUserMFAPreference as `settings`. Every other account
 *   (a customer's) and every other call is ignored, and nothing of the event is kept;
 * - at most one such e-mail per owner per AUTHENTICATOR_EVENT_MAIL_WINDOW_MS (a replacement or a
 *   turning off makes two calls within seconds); the e-mail holds only the business's own words
 *   and the time the event arrived, never the event's text.
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { AuthenticatorChangeKind } from '../mail/texts';
import { enqueueAuthenticatorChange } from '../mail/outbox';
import { registerSnsEndpoint } from '../mail/snsEndpoint';
import {
  AUTHENTICATOR_CALLS,
  COGNITO_CLOUDTRAIL_EVENT,
  IDENTITY_EVENTS_PATH,
  type SnsTopicSettings,
} from '../platform/config';
import { inWriteTransaction, statement, type Db } from '../platform/db';

/** The owner gets at most one e-mail from these events in this long (fixed windows). */
export const AUTHENTICATOR_EVENT_MAIL_WINDOW_MS = 15 * 60 * 1000;

/** What each watched call tells the owner. */
const CHANGE_OF_CALL: Record<(typeof AUTHENTICATOR_CALLS)[number], AuthenticatorChangeKind> = {
  VerifySoftwareToken: 'confirmed',
  SetUserMFAPreference: 'settings',
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The account and the change an event tells, when it is a successful watched Cognito call. */
function callOf(event: unknown): { sub: string; change: AuthenticatorChangeKind } | undefined {
  const e = record(event);
  const detail = record(e.detail);
  if (
    e.source !== COGNITO_CLOUDTRAIL_EVENT.source ||
    e['detail-type'] !== COGNITO_CLOUDTRAIL_EVENT.detailType ||
    detail.eventSource !== COGNITO_CLOUDTRAIL_EVENT.eventSource
  )
    return undefined;
  const name = detail.eventName;
  if (typeof name !== 'string' || !Object.hasOwn(CHANGE_OF_CALL, name)) return undefined;
  // A failed call (a wrong code, a token the pool refused) changed nothing.
  if (detail.errorCode !== undefined && detail.errorCode !== null && detail.errorCode !== '')
    return undefined;
  const sub = record(detail.additionalEventData).sub;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) return undefined;
  return { sub, change: CHANGE_OF_CALL[name as keyof typeof CHANGE_OF_CALL] };
}

/**
 * Applies one event: e-mails the owner when it is a successful watched call of an owner account
 * with an app on. Answers the change e-mailed (undefined when none was written).
 */
function applyIdentityEvent(
  db: Db,
  event: unknown,
  now: Date = new Date(),
): AuthenticatorChangeKind | undefined {
  const call = callOf(event);
  if (!call) return undefined;
  return inWriteTransaction(db, () => {
    const seen = statement(db, 'SELECT has_app FROM owner_authenticators WHERE sub = ?').get(
      call.sub,
    ) as { has_app: number } | undefined;
    if (!seen?.has_app) return undefined;
    const window = Math.floor(now.getTime() / AUTHENTICATOR_EVENT_MAIL_WINDOW_MS);
    const written = enqueueAuthenticatorChange(db, call.sub, call.change, now, `event:${window}`);
    return written > 0 ? call.change : undefined;
  });
}

/**
 * Registers `POST /identity-events`, limited by `rateLimit` (the server's per-address limit);
 * without settings every message is refused (403).
 */
export function registerIdentityEvents(
  app: FastifyInstance,
  db: Db,
  settings: SnsTopicSettings | undefined,
  rateLimit: RateLimitOptions,
  clock: () => number = Date.now,
): void {
  registerSnsEndpoint(app, {
    path: IDENTITY_EVENTS_PATH,
    settings,
    rateLimit,
    unset: 'Identity events are not accepted: IDENTITY_EVENTS_TOPIC_ARN is not set',
    message: 'an EventBridge event',
    notified: (event, request) => {
      const change = applyIdentityEvent(db, event, new Date(clock()));
      if (change) request.log.warn({ change }, "the owner's authenticator call was e-mailed");
    },
  });
}
