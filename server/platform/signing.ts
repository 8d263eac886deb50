/**
 * HMAC signatures of the server's links (picture URLs, e-mail opt-out links): hex
 * HMAC-SHA256 of a text with the server's secret (`SIGNED_URL_SECRET`), compared in constant
 * time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmacHex = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('hex');

/** Whether `signature` (hex) is the signature of `text`. */
export function signatureMatches(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(hmacHex(secret, text), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
