/**
 * `POST /ses-events` (SES_EVENTS_PATH): the SES configuration set's bounces and complaints, as
 * Amazon SNS delivers them over HTTPS (a JSON envelope sent as text/plain). It is not in
 * openapi.yaml: SNS, not a client of the contract, calls it, with a body of SNS's own shape.
 *
 * Anyone can call it, so it does the cheap checks first and keeps little (./snsEndpoint.ts):
 * each client address may deliver SES_EVENTS_RATE_LIMIT messages in a window; a message must be
 * an SNS message of SES_EVENTS_TOPIC_ARN with SNS's signature, and a subscription confirmation
 * is confirmed. A Notification that is a permanent bounce or a complaint puts its recipients on
 * the suppression list (./suppression.ts); transient bounces and other events change nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { SES_EVENTS_PATH, type SnsTopicSettings } from '../platform/config';
import type { Db } from '../platform/db';
import { registerSnsEndpoint } from './snsEndpoint';
import { suppressAddresses } from './suppression';

/** A recipient's address from SES (`a@b.com`, or `"Name" <a@b.com>`), or undefined. */
function addressOf(recipient: unknown): string | undefined {
  const raw = (recipient as { emailAddress?: unknown } | null)?.emailAddress;
  if (typeof raw !== 'string') return undefined;
  const address = (/<([^<>]+)>\s*$/.exec(raw)?.[1] ?? raw).trim();
  return address.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(address) ? address : undefined;
}

const addresses = (recipients: unknown) =>
  (Array.isArray(recipients) ? recipients : []).flatMap((r) => addressOf(r) ?? []);

/** Where each kind of SES event keeps its recipients and SES's words, and when it suppresses. */
const SUPPRESSING = {
  Bounce: {
    reason: 'bounce',
    field: 'bounce',
    recipients: 'bouncedRecipients',
    detail: 'bounceSubType',
    suppresses: (body: Record<string, unknown>) => body.bounceType === 'Permanent',
  },
  Complaint: {
    reason: 'complaint',
    field: 'complaint',
    recipients: 'complainedRecipients',
    detail: 'complaintFeedbackType',
    suppresses: () => true,
  },
} as const;

/**
 * Applies one SES event (a configuration set's `eventType`, or an identity notification's
 * `notificationType`): answers how many addresses were added to the suppression list.
 */
export function applySesEvent(db: Db, event: unknown, now: Date = new Date()): number {
  const e = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
  const type = String(e.eventType ?? e.notificationType);
  const kind = Object.hasOwn(SUPPRESSING, type)
    ? SUPPRESSING[type as keyof typeof SUPPRESSING]
    : undefined;
  const body = kind && e[kind.field];
  if (!kind || typeof body !== 'object' || body === null) return 0;
  const fields = body as Record<string, unknown>;
  if (!kind.suppresses(fields)) return 0;
  const detail = typeof fields[kind.detail] === 'string' ? String(fields[kind.detail]) : '';
  return suppressAddresses(
    db,
    addresses(fields[kind.recipients]),
    kind.reason,
    detail.slice(0, 100),
    now,
  );
}

/**
 * Registers `POST /ses-events`, limited by `rateLimit` (the server's per-address limit); without
 * settings every message is refused (403).
 */
export function registerSesEvents(
  app: FastifyInstance,
  db: Db,
  settings: SnsTopicSettings | undefined,
  rateLimit: RateLimitOptions,
): void {
  registerSnsEndpoint(app, {
    path: SES_EVENTS_PATH,
    settings,
    rateLimit,
    unset: 'SES events are not accepted: SES_EVENTS_TOPIC_ARN is not set',
    message: 'an SES event',
    notified: (event, request) => {
      const added = applySesEvent(db, event);
      if (added > 0) request.log.warn({ added }, 'addresses added to the suppression list');
    },
  });
}
