/**
 * SNS's HTTPS deliveries, made here: a key and its self-signed certificate stand in for SNS's
 * signing certificate (no system tool, no internet), and messages are signed as SNS signs them.
 * test/server/sesEvents.test.ts and test/server/authenticatorEvents.test.ts use it.
 */
import { createSign } from 'node:crypto';
import { EventEmitter } from 'node:events';
import https from 'node:https';
import { PassThrough } from 'node:stream';
import selfsigned from 'selfsigned';

export type SnsMessage = Record<string, string>;

/** A certificate URL of SNS's form in us-east-1, with `hex` as its name. */
export const certUrl = (hex: string) =>
  `https://sns.us-east-1.amazonaws.com/SimpleNotificationService-${hex}.pem`;
export const CERT_URL = certUrl('9c6465fa7f48f5cacd23014631ec1136');

/** A key and its self-signed certificate for SNS's signing host (made here, no system tool). */
export async function makeKey(): Promise<{ key: string; cert: string }> {
  const made = await selfsigned.generate([{ name: 'commonName', value: 'sns.amazonaws.com' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
  });
  return { key: made.private, cert: made.cert };
}

/** SNS's string to sign: each present key and its value on lines of their own, in this order. */
const SIGNED_KEYS: Record<string, string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
};

/** `fields` as SNS sends them for `topic`, signed with `key` (SignatureVersion 2). */
export function signSns(fields: SnsMessage, key: string, topic: string): SnsMessage {
  const message: SnsMessage = {
    MessageId: `id-${Math.random().toString(16).slice(2)}`,
    Timestamp: new Date().toISOString(),
    TopicArn: topic,
    SignatureVersion: '2',
    SigningCertURL: CERT_URL,
    ...fields,
  };
  const signer = createSign('RSA-SHA256');
  for (const name of SIGNED_KEYS[message.Type ?? ''] ?? [])
    if (name in message) signer.update(`${name}\n${message[name]}\n`);
  return { ...message, Signature: signer.sign(key, 'base64') };
}

/**
 * Answers SNS's certificate download (`https.get`) with `cert` at CERT_URL (404 elsewhere), and
 * counts the downloads; `restore` puts the real `https.get` back.
 */
export function serveCertificate(cert: string): { downloads: string[]; restore: () => void } {
  const realGet = https.get;
  const downloads: string[] = [];
  https.get = ((url: string | URL, ...rest: unknown[]) => {
    const callback = rest.find((arg) => typeof arg === 'function') as (
      res: PassThrough & { statusCode: number; headers: Record<string, string> },
    ) => void;
    downloads.push(String(url));
    const found = String(url) === CERT_URL;
    const response = Object.assign(new PassThrough(), {
      statusCode: found ? 200 : 404,
      headers: {},
    });
    setImmediate(() => {
      callback(response);
      response.end(found ? cert : '');
    });
    return Object.assign(new EventEmitter(), { destroy: () => undefined });
  }) as unknown as typeof https.get;
  return { downloads, restore: () => void (https.get = realGet) };
}
