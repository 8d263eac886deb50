/**
 * The scheduling-service webhook's signature header, as openapi.yaml describes it:
 * `t=<epoch seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The reference server checks it;
 * the contract check and the tests sign their deliveries with it.
 */
import { createHmac } from 'node:crypto';

export function webhookSignatureHeader(
  key: string,
  rawBody: string,
  at: Date = new Date(),
): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${webhookSignature(key, t, rawBody)}`;
}

/** The `v1` part for a timestamp and body. */
export function webhookSignature(key: string, t: number, rawBody: string): string {
  return createHmac('sha256', key).update(`${t}.${rawBody}`).digest('hex');
}
