/**
 * Amazon SNS's message signatures (HTTPS deliveries), verified with Node's crypto: the signing
 * certificate is downloaded from SNS over HTTPS, from SNS's own certificate URL form only, within
 * a time and a size, and only a few certificates are kept (the newest used). A public endpoint
 * that kept one certificate per URL it was sent, as the `sns-validator` library does, grows until
 * the process runs out of memory.
 */
import { createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import https from 'node:https';

/** How long the signing certificate's download may take. */
export const CERTIFICATE_TIMEOUT_MS = 5_000;
/** SNS's certificate is under 2 KiB; a longer answer is not one. */
export const CERTIFICATE_MAX_BYTES = 16 * 1024;
/** Certificates kept: SNS signs with one per region at a time (a few while it changes it). */
export const CERTIFICATE_CACHE_SIZE = 8;

/** An SNS envelope whose fields are all text. */
export type Envelope = Record<string, string>;

/** The fields every SNS message has; the (un)subscription confirmations have these as well. */
const REQUIRED_FIELDS = [
  'Message',
  'MessageId',
  'Timestamp',
  'TopicArn',
  'Type',
  'Signature',
  'SigningCertURL',
  'SignatureVersion',
] as const;
const CONFIRMATION_FIELDS = ['SubscribeURL', 'Token'];

/** An envelope with all the fields SNS always sends (see missingFields). */
export type SnsMessage = Envelope & Record<(typeof REQUIRED_FIELDS)[number], string>;

/** What SNS signs, in this order (each present field's name and value on lines of their own). */
const CONFIRMATION_SIGNED = [
  'Message',
  'MessageId',
  'SubscribeURL',
  'Timestamp',
  'Token',
  'TopicArn',
  'Type',
];
const SIGNED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: CONFIRMATION_SIGNED,
  UnsubscribeConfirmation: CONFIRMATION_SIGNED,
};

const ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };

/** The SNS message types (the envelope's `Type`). */
export const ENVELOPE_TYPES = Object.keys(SIGNED_FIELDS);

/** Why a message's signature could not be checked now (SNS tries again later). */
export class CertificateUnavailable extends Error {}

/** Why a message's signature does not verify (never worth trying again). */
export class SignatureRefused extends Error {}

/** The names of the fields SNS always sends that the envelope lacks. */
export function missingFields(envelope: Envelope): string[] {
  const required =
    envelope.Type === 'Notification'
      ? REQUIRED_FIELDS
      : [...REQUIRED_FIELDS, ...CONFIRMATION_FIELDS];
  return required.filter((name) => !Object.hasOwn(envelope, name));
}

/** SNS's host for a topic (`arn:aws:sns:<region>:…`): `sns.<region>.amazonaws.com`. */
export function snsHostOf(topicArn: string): string {
  return `sns.${topicArn.split(':')[3]}.amazonaws.com`;
}

/**
 * SNS's signing certificate URL on `host`, exactly: https, that host (no port, no user), the path
 * `/SimpleNotificationService-<hex>.pem`, no query and no fragment. Compared as text, so that no
 * URL parser's reading can differ from ours.
 */
export function certificateUrlPattern(host: string): RegExp {
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https://${escaped}/SimpleNotificationService-[0-9a-f]{1,128}\\.pem$`);
}

/** Downloads a certificate over HTTPS within `timeoutMs` and CERTIFICATE_MAX_BYTES. */
export function downloadCertificate(url: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let request: ReturnType<typeof https.get> | undefined;
    const finish = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure === undefined) return resolve(Buffer.concat(chunks).toString('utf8'));
      request?.destroy();
      reject(new CertificateUnavailable(`The SNS signing certificate ${failure}`));
    };
    const timer = setTimeout(() => finish(`did not arrive within ${timeoutMs} ms`), timeoutMs);
    try {
      request = https.get(url, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return finish(`could not be downloaded (SNS answered ${response.statusCode})`);
        }
        const tooLarge = `is over ${CERTIFICATE_MAX_BYTES} bytes`;
        if (Number(response.headers['content-length']) > CERTIFICATE_MAX_BYTES)
          return finish(tooLarge);
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= CERTIFICATE_MAX_BYTES) return void chunks.push(chunk);
          response.destroy();
          finish(tooLarge);
        });
        response.on('end', () => finish());
        response.on('error', (error) => finish(`could not be downloaded (${error.message})`));
      });
      request.on('error', (error) => finish(`could not be downloaded (${error.message})`));
    } catch (error) {
      finish(`could not be downloaded (${(error as Error).message})`);
    }
  });
}

/**
 * The public keys of the last CERTIFICATE_CACHE_SIZE certificate URLs used (a download under way
 * counts as one); a failed download is not kept.
 */
export class CertificateCache {
  private readonly entries = new Map<string, Promise<KeyObject>>();

  constructor(
    private readonly download: (url: string) => Promise<string>,
    private readonly capacity = CERTIFICATE_CACHE_SIZE,
  ) {}

  key(url: string): Promise<KeyObject> {
    const kept = this.entries.get(url);
    if (kept) {
      // The newest used goes last: the oldest used is dropped first.
      this.entries.delete(url);
      this.entries.set(url, kept);
      return kept;
    }
    const entry = this.download(url).then((pem) => {
      try {
        return new X509Certificate(pem).publicKey;
      } catch {
        throw new SignatureRefused('the signing certificate is not a certificate');
      }
    });
    this.entries.set(url, entry);
    entry.catch(() => {
      if (this.entries.get(url) === entry) this.entries.delete(url);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
    return entry;
  }
}

/** What SNS signs of an envelope: each signed field present, its name and value on lines of their own. */
export function stringToSign(envelope: Envelope): string {
  return (SIGNED_FIELDS[envelope.Type ?? ''] ?? [])
    .filter((name) => envelope[name] !== undefined)
    .map((name) => `${name}\n${envelope[name]}\n`)
    .join('');
}

/**
 * Verifies an envelope SNS signed for a topic of `host`'s region (its required fields are
 * present, see missingFields): throws SignatureRefused, or CertificateUnavailable when the
 * certificate could not be had now. No certificate is fetched unless its URL is SNS's form.
 */
export async function verifySnsSignature(
  envelope: SnsMessage,
  host: string,
  certificates: CertificateCache,
): Promise<void> {
  const algorithm = ALGORITHMS[envelope.SignatureVersion];
  if (!algorithm)
    throw new SignatureRefused(`SignatureVersion ${envelope.SignatureVersion} is not supported`);
  if (!certificateUrlPattern(host).test(envelope.SigningCertURL))
    throw new SignatureRefused(`SigningCertURL is not an SNS certificate of ${host}`);
  const key = await certificates.key(envelope.SigningCertURL);
  const verifier = createVerify(algorithm);
  verifier.update(stringToSign(envelope), 'utf8');
  let verified = false;
  try {
    verified = verifier.verify(key, envelope.Signature, 'base64');
  } catch {
    // A key the algorithm cannot use: as good as a wrong signature.
  }
  if (!verified)
    throw new SignatureRefused('the signature is not the one SNS made for this message');
}
