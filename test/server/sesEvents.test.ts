/**
 * SES bounces and complaints, as SNS delivers them to `POST /ses-events`: a message whose
 * signature does not verify (forged, unsigned, from another topic) is refused and stores
 * nothing; a signed permanent bounce or complaint puts the address on the suppression list, the
 * mail worker then sends nothing to it, and the owner's "Allow again" lets the next e-mail go.
 *
 * No test reaches the internet: the SNS signing certificate is one made here (selfsigned), served
 * by a stand-in for the certificate download (`https.get`, which the SNS validator uses).
 */
import { createSign } from 'node:crypto';
import { EventEmitter } from 'node:events';
import https from 'node:https';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import selfsigned from 'selfsigned';
import type { Transporter } from 'nodemailer';
import { mailFromEnv, SES_EVENTS_PATH } from '../../server/platform/config';
import { openDatabase, type Db } from '../../server/platform/db';
import { startMailWorker } from '../../server/mail/worker';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-events';
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem';
const SUBSCRIBE_URL =
  'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=abc';

let idp: IdentityProvider;
let api: TestApi;
let ownerToken: string;
let privateKey: string;
let certificate: string;
/** Another key's certificate: what a forger signs with. */
let forgerKey: string;
const certificateDownloads: string[] = [];
const confirmed: string[] = [];

/** A key and its self-signed certificate for SNS's signing host (made here, no system tool). */
async function makeKey(): Promise<{ key: string; cert: string }> {
  const made = await selfsigned.generate([{ name: 'commonName', value: 'sns.amazonaws.com' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
  });
  return { key: made.private, cert: made.cert };
}

beforeAll(async () => {
  ({ key: privateKey, cert: certificate } = await makeKey());
  forgerKey = (await makeKey()).key;
  // The certificate download: only CERT_URL exists; anything else is a failure of this test.
  jest.spyOn(https, 'get').mockImplementation(((
    url: string,
    callback: (res: PassThrough & { statusCode: number }) => void,
  ) => {
    certificateDownloads.push(String(url));
    const request = new EventEmitter();
    const response = Object.assign(new PassThrough(), {
      statusCode: String(url) === CERT_URL ? 200 : 404,
    });
    setImmediate(() => {
      callback(response);
      response.end(String(url) === CERT_URL ? certificate : '');
    });
    return request;
  }) as unknown as typeof https.get);
  idp = await startIdentityProvider();
  api = await startApi(idp, {
    quoteRateLimit: { max: 1000, windowMs: 60_000 },
    sesEvents: {
      topicArn: TOPIC,
      confirm: async (url) => void confirmed.push(url),
    },
  });
  ownerToken = await idp.ownerToken('owner-sub');
});
afterAll(async () => {
  await api.close();
  await idp.close();
  jest.restoreAllMocks();
});

type SnsMessage = Record<string, string>;

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

function signed(fields: SnsMessage, key = privateKey): SnsMessage {
  const message: SnsMessage = {
    MessageId: `id-${Math.random().toString(16).slice(2)}`,
    Timestamp: new Date().toISOString(),
    TopicArn: TOPIC,
    SignatureVersion: '2',
    SigningCertURL: CERT_URL,
    ...fields,
  };
  const signer = createSign('RSA-SHA256');
  for (const name of SIGNED_KEYS[message.Type ?? ''] ?? [])
    if (name in message) signer.update(`${name}\n${message[name]}\n`);
  return { ...message, Signature: signer.sign(key, 'base64') };
}

const bounce = (email: string, bounceType = 'Permanent') =>
  JSON.stringify({
    eventType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: email, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      timestamp: '2026-11-28T01:00:00.000Z',
    },
    mail: { destination: [email] },
  });

const complaint = (email: string) =>
  JSON.stringify({
    eventType: 'Complaint',
    complaint: {
      complainedRecipients: [{ emailAddress: email }],
      complaintFeedbackType: 'abuse',
      timestamp: '2026-11-28T01:00:00.000Z',
    },
    mail: { destination: [email] },
  });

/** As SNS sends it: the JSON envelope with Content-Type text/plain. */
const deliver = (message: SnsMessage | string) =>
  call(api.baseUrl, 'POST', SES_EVENTS_PATH, {
    rawBody: typeof message === 'string' ? message : JSON.stringify(message),
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
  });

const owner = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token: ownerToken, body });

function suppressedRows(): unknown[] {
  const db = new Database(api.databasePath, { readonly: true });
  try {
    return db.prepare('SELECT * FROM suppressed_addresses').all();
  } finally {
    db.close();
  }
}

describe('refused: nothing is stored', () => {
  it('an unsigned message answers 400', async () => {
    const answer = await deliver({ Type: 'Notification', Message: bounce('a@example.com') });
    expect(answer.status).toBe(400);
    expect(suppressedRows()).toEqual([]);
  });

  it('a body that is not JSON answers 400', async () => {
    expect((await deliver('bounce a@example.com')).status).toBe(400);
  });

  it('a message signed with another key answers 403', async () => {
    const forged = signed({ Type: 'Notification', Message: bounce('b@example.com') }, forgerKey);
    expect((await deliver(forged)).status).toBe(403);
    expect(suppressedRows()).toEqual([]);
  });

  it('a signed message whose text was changed after signing answers 403', async () => {
    const real = signed({ Type: 'Notification', Message: bounce('c@example.com', 'Transient') });
    const changed = { ...real, Message: bounce('c@example.com') };
    expect((await deliver(changed)).status).toBe(403);
    expect(suppressedRows()).toEqual([]);
  });

  it('a certificate outside SNS is never downloaded: 403', async () => {
    const before = certificateDownloads.length;
    const elsewhere = signed({
      Type: 'Notification',
      Message: bounce('d@example.com'),
      SigningCertURL: 'https://attacker.example.com/cert.pem',
    });
    expect((await deliver(elsewhere)).status).toBe(403);
    expect(certificateDownloads.length).toBe(before);
    expect(suppressedRows()).toEqual([]);
  });

  it("a message signed by SNS for another AWS account's topic answers 403", async () => {
    const other = signed({
      Type: 'Notification',
      Message: bounce('e@example.com'),
      TopicArn: 'arn:aws:sns:us-east-1:999999999999:attacker',
    });
    expect((await deliver(other)).status).toBe(403);
    expect(suppressedRows()).toEqual([]);
  });
});

it('a signed subscription confirmation for the topic is confirmed; one with a foreign SubscribeURL is not', async () => {
  const confirmation = signed({
    Type: 'SubscriptionConfirmation',
    Message: 'You have chosen to subscribe to the topic.',
    SubscribeURL: SUBSCRIBE_URL,
    Token: 'abc',
  });
  expect((await deliver(confirmation)).status).toBe(204);
  expect(confirmed).toEqual([SUBSCRIBE_URL]);

  const foreign = signed({
    Type: 'SubscriptionConfirmation',
    Message: 'You have chosen to subscribe to the topic.',
    SubscribeURL: 'https://attacker.example.com/confirm',
    Token: 'abc',
  });
  expect((await deliver(foreign)).status).toBe(400);
  expect(confirmed).toEqual([SUBSCRIBE_URL]);
});

it('a transient bounce suppresses nothing; a complaint does', async () => {
  expect(
    (
      await deliver(
        signed({ Type: 'Notification', Message: bounce('soft@example.com', 'Transient') }),
      )
    ).status,
  ).toBe(204);
  expect(
    (await deliver(signed({ Type: 'Notification', Message: complaint('Angry@Example.com') })))
      .status,
  ).toBe(204);
  const health = await owner('GET', '/owner/health');
  const suppressed = (health.body as { suppressed: { email: string; reason: string }[] })
    .suppressed;
  expect(suppressed.map(({ email, reason }) => ({ email, reason }))).toContainEqual({
    email: 'angry@example.com',
    reason: 'complaint',
  });
  expect(suppressed.map((s) => s.email)).not.toContain('soft@example.com');
});

it('a signed permanent bounce: the next e-mail to that address is not sent; after Allow again it is', async () => {
  const address = 'gone@example.com';
  expect((await deliver(signed({ Type: 'Notification', Message: bounce(address) }))).status).toBe(
    204,
  );
  const listed = (await owner('GET', '/owner/health')).body as {
    suppressed: { email: string; reason: string; detail: string }[];
  };
  expect(listed.suppressed).toContainEqual(
    expect.objectContaining({ email: address, reason: 'bounce' }),
  );

  // A quote request from that address: the owner's e-mail goes, the confirmation does not.
  expect(
    (await call(api.baseUrl, 'POST', '/bookings', { body: quoteRequest({ email: address }) }))
      .status,
  ).toBe(201);
  const sent: string[] = [];
  const transport = {
    sendMail: async (message: { to: string }) => {
      sent.push(message.to);
      return {};
    },
    close: () => undefined,
  } as unknown as Pick<Transporter, 'sendMail' | 'close'>;
  const db: Db = openDatabase(api.databasePath);
  const mail = mailFromEnv({ SMTP_URL: 'smtp://127.0.0.1:1', OWNER_EMAIL: 'owner@shine.test' });
  let worker = startMailWorker(db, mail, { transport, pollMs: 3_600_000, log: () => undefined });
  try {
    await worker.runOnce();
    await worker.runOnce();
    expect(sent).toEqual(['owner@shine.test']);
    const health = (await owner('GET', '/owner/health')).body as {
      failedMessages: { id: string; to: string | null; failure: string; reason: string }[];
    };
    const failed = health.failedMessages.find((m) => m.to === address);
    expect(failed).toEqual(expect.objectContaining({ failure: 'suppressed' }));
    expect(failed?.reason).toMatch(/bounce/i);

    // Send again while the address is still suppressed: it fails again, nothing is sent.
    expect((await owner('POST', `/owner/health/messages/${failed?.id}/resend`)).status).toBe(200);
    await worker.runOnce();
    expect(sent).toEqual(['owner@shine.test']);

    const allowed = await owner('POST', '/owner/health/allow-address', { email: address });
    expect(allowed.status).toBe(200);
    expect((allowed.body as { suppressed: { email: string }[] }).suppressed).not.toContainEqual(
      expect.objectContaining({ email: address }),
    );
    // Allow again queued what was held back for the address: no Send again is needed.
    expect(
      (allowed.body as { failedMessages: { id: string }[] }).failedMessages.map((m) => m.id),
    ).not.toContain(failed?.id);
    await worker.stop();
    worker = startMailWorker(db, mail, { transport, pollMs: 3_600_000, log: () => undefined });
    await worker.runOnce();
    expect(sent).toEqual(['owner@shine.test', address]);
  } finally {
    await worker.stop();
    db.close();
  }
});

it('Allow again for an address that is not on the list answers 404', async () => {
  const answer = await owner('POST', '/owner/health/allow-address', {
    email: 'never@example.com',
  });
  expect(answer.status).toBe(404);
});
