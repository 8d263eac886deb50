/**
 * An HTTPS endpoint that Amazon SNS delivers one topic's messages to (a JSON envelope sent as
 * text/plain): SES's bounces and complaints (./sesEvents.ts), Cognito's record of the owner's
 * authenticator calls (../owner/authenticatorEvents.ts), the texts customers send us
 * (./smsEvents.ts). Not in openapi.yaml: SNS, not a client of
 * the contract, calls it, with a body of SNS's own shape.
 *
 * Anyone can call it, so it does the cheap checks first and keeps little:
 * - each client address may deliver so many messages in a window (the route's rate limit, 429);
 * - a body that is not an SNS message (or lacks one of its fields) answers 400;
 * - a message of another topic than the configured one answers 403 before any signature work
 *   (SNS signs every account's topics alike); without a topic every message answers 403;
 * - the signature is verified (./snsSignature.ts): the signing certificate must be at SNS's own
 *   URL form on the topic's region's SNS host, and is downloaded within 5 s and 16 KiB; only a
 *   few certificates are kept (the local stack's incoming texts use a local certificate file,
 *   allowed only with the local text sink: ../platform/config.ts). A signature that does not verify answers 403, a certificate that
 *   could not be had 503 (SNS tries again). Nothing is stored for any of them.
 * - SubscriptionConfirmation: the subscription is confirmed by fetching its SubscribeURL (the
 *   topic's SNS host over HTTPS only).
 * - Notification: its Message, which must be JSON (400 otherwise), goes to the endpoint's handler.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { SnsTopicSettings } from '../platform/config';
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

async function fetchSubscribeUrl(url: string): Promise<void> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(CERTIFICATE_TIMEOUT_MS) });
  if (!answer.ok)
    throw new Error(`SNS answered ${answer.status} to the subscription's confirmation`);
}

export interface SnsEndpoint {
  /** The route's path under the API's base. */
  path: string;
  /** The topic whose messages are taken; without it every message is refused (403). */
  settings: SnsTopicSettings | undefined;
  /** The server's per-address limit for this route. */
  rateLimit: RateLimitOptions;
  /** The 403's message while no topic is set (names the variable to set). */
  unset: string;
  /** What a Notification's Message is (JSON), for the 400 when it is not JSON: "an SES event". */
  message: string;
  /** A signed Notification of the topic: its Message, parsed. */
  notified: (message: unknown, request: FastifyRequest) => void;
}

/** Registers `POST <path>` for one SNS topic's HTTPS deliveries (see the header). */
export function registerSnsEndpoint(app: FastifyInstance, endpoint: SnsEndpoint): void {
  const { settings } = endpoint;
  const confirm = settings?.confirm ?? fetchSubscribeUrl;
  const timeoutMs = settings?.certificateTimeoutMs ?? CERTIFICATE_TIMEOUT_MS;
  const localCertificate = settings?.certificateFile;
  const certificates = new CertificateCache((url) =>
    localCertificate ? readFile(localCertificate, 'utf8') : downloadCertificate(url, timeoutMs),
  );
  const host = settings && snsHostOf(settings.topicArn);
  const config = { rateLimit: endpoint.rateLimit };
  app.post(endpoint.path, { bodyLimit: BODY_LIMIT, config }, async (request, reply) => {
    const envelope = envelopeOf(request.body);
    if (!settings || !host) throw new HttpError(403, endpoint.unset);
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
      request.log.warn({ topic: envelope.TopicArn }, 'SNS subscription confirmed');
    } else if (envelope.Type === 'Notification') {
      let message: unknown;
      try {
        message = JSON.parse(envelope.Message);
      } catch {
        throw badRequest(`The notification is not ${endpoint.message} (not JSON)`);
      }
      endpoint.notified(message, request);
    }
    return reply.code(204).send();
  });
}
