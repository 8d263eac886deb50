/**
 * `POST /ses-events` (SES_EVENTS_PATH): the SES configuration set's bounces and complaints, as
 * Amazon SNS delivers them over HTTPS (a JSON envelope sent as text/plain). It is not in
 * openapi.yaml: SNS, not a client of the contract, calls it, with a body of SNS's own shape.
 *
 * Anyone can call it, so it does the cheap checks first and keeps little:
 * - each client address may deliver SES_EVENTS_RATE_LIMIT messages in a window (429 after);
 * - a body that is not an SNS message (or lacks one of its fields) answers 400;
 * - a message of another topic than SES_EVENTS_TOPIC_ARN answers 403 before any signature work
 *   (SNS signs every account's topics alike);
 * - the signature is verified (./snsSignature.ts): the signing certificate must be at SNS's own
 *   URL form on the topic's region's SNS host, and is downloaded within 5 s and 16 KiB; only a
 *   few certificates are kept. A signature that does not verify answers 403, a certificate that
 *   could not be had 503 (SNS tries again). Nothing is stored for any of them.
 * - SubscriptionConfirmation: the subscription is confirmed by fetching its SubscribeURL (the
 *   topic's SNS host over HTTPS only).
 * - Notification: a permanent bounce or a complaint puts its recipients on the suppression list
 *   (./suppression.ts); transient bounces and other events change nothing.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { SES_EVENTS_PATH, type SesEventsSettings } from '../platform/config';
import type { Db } from '../platform/db';
import { badRequest, HttpError } from '../platform/errors';
import {
  CERTIFICATE_TIMEOUT_MS,
  CertificateCache,
  CertificateUnavailable,
  downloadCertificate,
  ENVELOPE_TYPES,
  missingFields,
  snsHostOf,
  verifySnsSignature,
  type Envelope,
  type SnsMessage,
} from './snsSignature';
import { suppressAddresses } from './suppression';

/** SNS's messages are at most 256 KiB, plus the envelope. */
const BODY_LIMIT = 300 * 1024;

/** The body as an SNS message (all its fields present, all text), or a 400. */
function envelopeOf(body: unknown): SnsMessage {
  let parsed: unknown = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      throw badRequest('The body is not an SNS message (not JSON)');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('The body is not an SNS message');
  // A field SNS leaves empty (Subject) may come as null: it is left out, as if absent.
  const fields = Object.entries(parsed).filter(([, field]) => field !== null);
  if (fields.some(([, field]) => typeof field !== 'string'))
    throw badRequest('The body is not an SNS message (a field is not text)');
  const envelope = Object.fromEntries(fields) as Envelope;
  if (!ENVELOPE_TYPES.includes(String(envelope.Type)))
    throw badRequest('The body is not an SNS message (Type)');
  const missing = missingFields(envelope);
  if (missing.length > 0)
    throw badRequest(`The body is not an SNS message (no ${missing.join(', ')})`);
  return envelope as SnsMessage;
}

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

async function fetchSubscribeUrl(url: string): Promise<void> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(CERTIFICATE_TIMEOUT_MS) });
  if (!answer.ok)
    throw new Error(`SNS answered ${answer.status} to the subscription's confirmation`);
}

/**
 * Registers `POST <path>` for one SNS topic's messages (`settings.topicArn`), limited by
 * `rateLimit`: the checks above, then each Notification's message to `notify`; without settings
 * every message is refused (403). The SES events and the incoming texts (./smsEvents.ts) use it.
 */
export function registerSnsTopic(
  app: FastifyInstance,
  path: string,
  what: { name: string; variable: string },
  settings: SesEventsSettings | undefined,
  rateLimit: RateLimitOptions,
  notify: (message: string, request: FastifyRequest) => void,
): void {
  const confirm = settings?.confirm ?? fetchSubscribeUrl;
  const timeoutMs = settings?.certificateTimeoutMs ?? CERTIFICATE_TIMEOUT_MS;
  const localCertificate = settings?.certificateFile;
  const certificates = new CertificateCache((url) =>
    localCertificate ? readFile(localCertificate, 'utf8') : downloadCertificate(url, timeoutMs),
  );
  const host = settings && snsHostOf(settings.topicArn);
  const config = { rateLimit };
  app.post(path, { bodyLimit: BODY_LIMIT, config }, async (request, reply) => {
    const envelope = envelopeOf(request.body);
    if (!settings || !host)
      throw new HttpError(403, `${what.name} are not accepted: ${what.variable} is not set`);
    if (envelope.TopicArn !== settings.topicArn)
      throw new HttpError(403, 'The SNS message is not from the configured topic');
    try {
      await verifySnsSignature(envelope, host, certificates);
    } catch (error) {
      if (error instanceof CertificateUnavailable) throw new HttpError(503, error.message);
      throw new HttpError(403, `The SNS signature does not verify: ${(error as Error).message}`);
    }
    if (envelope.Type === 'SubscriptionConfirmation') {
      let url: URL;
      try {
        url = new URL(envelope.SubscribeURL ?? '');
      } catch {
        throw badRequest('SubscribeURL is not a URL');
      }
      if (url.protocol !== 'https:' || url.host !== host || url.username || url.password)
        throw badRequest(`SubscribeURL is not on ${host}`);
      await confirm(url.href);
      request.log.warn({ topic: envelope.TopicArn }, `${what.name} subscription confirmed`);
    } else if (envelope.Type === 'Notification') notify(envelope.Message, request);
    return reply.code(204).send();
  });
}

/**
 * Registers `POST /ses-events`, limited by `rateLimit` (the server's per-address limit); without
 * settings every message is refused (403).
 */
export function registerSesEvents(
  app: FastifyInstance,
  db: Db,
  settings: SesEventsSettings | undefined,
  rateLimit: RateLimitOptions,
): void {
  registerSnsTopic(
    app,
    SES_EVENTS_PATH,
    { name: 'SES events', variable: 'SES_EVENTS_TOPIC_ARN' },
    settings,
    rateLimit,
    (message, request) => {
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch {
        throw badRequest('The notification is not an SES event (not JSON)');
      }
      const added = applySesEvent(db, event);
      if (added > 0) request.log.warn({ added }, 'addresses added to the suppression list');
    },
  );
}
