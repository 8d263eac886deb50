/**
 * `POST /sms-events` (SMS_EVENTS_PATH): the texts customers send to the origination number, as
 * AWS End User Messaging SMS's two-way messaging publishes them to an SNS topic, which delivers
 * them over HTTPS. Like the SES events (./snsEndpoint.ts's checks: rate limit, topic, SNS
 * signature), it is not in openapi.yaml. Each message is
 * `{ originationNumber, destinationNumber, messageBody, inboundMessageId, … }`; STOP, START and
 * HELP are applied (./textOutbox.ts `applyIncomingText`), anything else is ignored.
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { textNumber } from '../../domain/texts';
import { SMS_EVENTS_PATH, type SnsTopicSettings } from '../platform/config';
import type { Db } from '../platform/db';
import { badRequest } from '../platform/errors';
import { registerSnsEndpoint } from './snsEndpoint';
import { applyIncomingText } from './textOutbox';

/** An incoming text from its SNS message, or a 400. */
export function incomingTextOf(parsed: unknown): { from: string; body: string; id: string } {
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const { originationNumber, messageBody, inboundMessageId } = fields;
  if (
    typeof originationNumber !== 'string' ||
    typeof messageBody !== 'string' ||
    typeof inboundMessageId !== 'string' ||
    inboundMessageId.length === 0 ||
    inboundMessageId.length > 200
  )
    throw badRequest(
      'The notification is not an incoming text (originationNumber, messageBody, inboundMessageId)',
    );
  const from = textNumber(originationNumber);
  if (!from) throw badRequest('The incoming text is not from a US number');
  return { from, body: messageBody.slice(0, 1600), id: inboundMessageId };
}

export function registerSmsEvents(
  app: FastifyInstance,
  db: Db,
  settings: SnsTopicSettings | undefined,
  rateLimit: RateLimitOptions,
): void {
  registerSnsEndpoint(app, {
    path: SMS_EVENTS_PATH,
    settings,
    rateLimit,
    unset: 'Incoming texts are not accepted: SMS_EVENTS_TOPIC_ARN is not set',
    message: 'an incoming text',
    notified: (message, request) => {
      const text = incomingTextOf(message);
      const action = applyIncomingText(db, text.from, text.body, text.id);
      if (action !== 'none') request.log.warn({ action }, 'incoming text applied');
    },
  });
}
