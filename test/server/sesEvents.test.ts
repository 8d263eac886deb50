/**
 * SES bounces and complaints, as SNS delivers them to `POST /ses-events`: a message whose
 * signature does not verify (forged, unsigned, from another topic) is refused and stores
 * nothing; a signed permanent bounce or complaint puts the address on the suppression list, the
 * mail worker then sends nothing to it, and the owner's "Allow again" lets the next e-mail go.
 *
 * The feed is public, so it must not sink the server: the topic is checked before any signature
 * work, only SNS's own certificate URL form is fetched, each address is rate-limited, and the
 * certificates kept are few (2,000 forged envelopes with distinct certificate URLs leave the heap
 * as it was).
 *
 * No test reaches the internet: the SNS signing certificate is one made here (selfsigned), served
 * by a stand-in for the certificate download (`https.get`).
 */
import { EventEmitter } from 'node:events';
import https from 'node:https';
import { PassThrough } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import Database from 'better-sqlite3';
import type { Transporter } from 'nodemailer';
import { mailFromEnv, SES_EVENTS_PATH, SES_EVENTS_RATE_LIMIT } from '../../server/platform/config';
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
import { CERT_URL, certUrl, makeKey, signSns, type SnsMessage } from './snsSigning';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-events';
/** Certificate URLs whose download answers slowly (never) and too much (1 MiB). */
const STALLED_URL = certUrl('5a11ed');
const HUGE_URL = certUrl('b16b16');
const SUBSCRIBE_URL =
  'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=abc';

let idp: IdentityProvider;
let api: TestApi;
let ownerToken: string;
let privateKey: string;
let certificate: string;
/** Another key's certificate: what a forger signs with. */
let forgerKey: string;
/** 2,500 envelopes signed with the forger's key, each naming a certificate URL of its own. */
let forged: SnsMessage[];
const certificateDownloads: string[] = [];
const realGet = https.get;
const confirmed: string[] = [];

beforeAll(async () => {
  ({ key: privateKey, cert: certificate } = await makeKey());
  forgerKey = (await makeKey()).key;
  // One forgery (SigningCertURL is not among the signed fields), under 2,500 certificate URLs.
  const forgery = signed({ Type: 'Notification', Message: bounce('j@example.com') }, forgerKey);
  forged = Array.from({ length: 2500 }, (_, i) => ({
    ...forgery,
    SigningCertURL: certUrl((0xf00000 + i).toString(16)),
  }));
  // The certificate download. CERT_URL answers the certificate; any other URL of SNS's form
  // answers it too, with 8 KiB of text before it (an SNS host answers 200 whatever the URL's
  // query or fragment: the forger's distinct URLs each download a certificate); STALLED_URL
  // never answers and HUGE_URL answers 1 MiB. Anything else is a failure of this test (404).
  // (A plain stand-in, not a jest mock: a mock would keep every call's arguments and answer.)
  https.get = ((url: string | URL, ...rest: unknown[]) => {
    const callback = rest.find((arg) => typeof arg === 'function') as (
      res: PassThrough & { statusCode: number; headers: Record<string, string> },
    ) => void;
    const address = String(url);
    certificateDownloads.push(address);
    const request = Object.assign(new EventEmitter(), { destroy: () => request });
    const body =
      address === CERT_URL
        ? certificate
        : address === HUGE_URL
          ? 'x'.repeat(1024 * 1024)
          : address.startsWith('https://sns.us-east-1.amazonaws.com/')
            ? `${'Certificate bundle notes\n'.repeat(330)}${certificate}`
            : undefined;
    const response = Object.assign(new PassThrough(), {
      statusCode: body === undefined ? 404 : 200,
      headers: {},
    });
    if (address === STALLED_URL) return request;
    setImmediate(() => {
      callback(response);
      response.end(body ?? '');
    });
    return request;
  }) as unknown as typeof https.get;
  idp = await startIdentityProvider();
  api = await startApi(idp, {
    quoteRateLimit: { max: 1000, windowMs: 60_000 },
    sesEvents: {
      topicArn: TOPIC,
      confirm: async (url) => void confirmed.push(url),
      certificateTimeoutMs: 500,
    },
  });
  ownerToken = await idp.ownerToken('owner-sub');
}, 60_000);
afterAll(async () => {
  await api.close();
  await idp.close();
  https.get = realGet;
});

const signed = (fields: SnsMessage, key = privateKey) => signSns(fields, key, TOPIC);

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

describe('the feed cannot sink the server', () => {
  /** A second server that trusts one proxy hop: each request names its client's address. */
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startApi(idp, { trustProxy: 1, sesEvents: { topicArn: TOPIC } });
  });
  afterAll(async () => {
    await limited.close();
  });
  const deliverFrom = (address: string, message: SnsMessage) =>
    call(limited.baseUrl, 'POST', SES_EVENTS_PATH, {
      rawBody: JSON.stringify(message),
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-forwarded-for': address },
    });

  it("another topic's message is refused before its certificate is fetched", async () => {
    const url = certUrl('f0e16e');
    const other = signed({
      Type: 'Notification',
      Message: bounce('f@example.com'),
      TopicArn: 'arn:aws:sns:us-east-1:999999999999:attacker',
      SigningCertURL: url,
    });
    const answer = await deliver(other);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(
      expect.objectContaining({ message: 'The SNS message is not from the configured topic' }),
    );
    expect(certificateDownloads).not.toContain(url);
    expect(suppressedRows()).toEqual([]);
  });

  it("only SNS's own certificate URL form, in the topic's region, is ever fetched", async () => {
    const refused = [
      'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-aa01.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-aa02.pem',
      'https://sns.us-east-1.amazonaws.com.cn/SimpleNotificationService-aa03.pem',
      `${certUrl('aa04')}#fragment`,
      `${certUrl('aa05')}?query=1`,
      'https://user@sns.us-east-1.amazonaws.com/SimpleNotificationService-aa06.pem',
      'https://sns.us-east-1.amazonaws.com:443/SimpleNotificationService-aa07.pem',
      'https://sns.us-east-1.amazonaws.com/other/SimpleNotificationService-aa08.pem',
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-zz09.pem',
      'https://sns.us-east-1.amazonaws.com/cert.pem',
      'https://SNS.us-east-1.amazonaws.com/SimpleNotificationService-aa0b.pem',
      'https://sns.us-east-1.amazonaws.com./SimpleNotificationService-aa0c.pem',
    ];
    for (const url of refused) {
      // Signed with the real key: were the URL fetched, the message would verify.
      const message = signed({
        Type: 'Notification',
        Message: bounce('g@example.com'),
        SigningCertURL: url,
      });
      const answer = await deliver(message);
      expect({ url, status: answer.status }).toEqual({ url, status: 403 });
    }
    expect(certificateDownloads.filter((url) => refused.includes(url))).toEqual([]);
    expect(suppressedRows()).toEqual([]);
  });

  it('a certificate download that stalls or is too large answers 503 within its time', async () => {
    for (const url of [STALLED_URL, HUGE_URL]) {
      const started = Date.now();
      const answer = await deliver(
        signed({ Type: 'Notification', Message: bounce('h@example.com'), SigningCertURL: url }),
      );
      expect({ url, status: answer.status }).toEqual({ url, status: 503 });
      expect(Date.now() - started).toBeLessThan(3_000);
    }
    expect(suppressedRows()).toEqual([]);
  });

  it('each client address may deliver so many messages in a window, then 429', async () => {
    const other = signed({
      Type: 'Notification',
      Message: bounce('i@example.com'),
      TopicArn: 'arn:aws:sns:us-east-1:999999999999:attacker',
    });
    for (let i = 0; i < SES_EVENTS_RATE_LIMIT.max; i++)
      expect((await deliverFrom('203.0.113.7', other)).status).toBe(403);
    const refused = await deliverFrom('203.0.113.7', other);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/^Too many SES event deliveries/) }),
    );
    // Another address is not held back.
    expect((await deliverFrom('203.0.113.8', other)).status).toBe(403);
  });

  it('2,000 forged envelopes with distinct certificate URLs: answered in bounded time, the heap stays flat', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    /** Sends forged[from..to) from 100 addresses (25 each at most), 16 at a time: the statuses. */
    const send = async (from: number, to: number) => {
      const statuses: number[] = [];
      let next = from;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < to) {
            const i = next++;
            const answer = deliverFrom(`198.18.0.${i % 100}`, forged[i] as SnsMessage);
            // A connection the server dropped counts as no answer (0).
            statuses.push(await answer.then((a) => a.status).catch(() => 0));
          }
        }),
      );
      return statuses;
    };
    // The first 500 warm the server up (its compiled code, the connections, each address's
    // count): measured from the start, a first thousand grows the heap by some 2 MB, the next
    // thousand by 0.15 MB (with sns-validator: 23 MB for 2,000).
    expect(await send(0, 500)).toEqual(Array(500).fill(403));
    const before = heap();
    const started = Date.now();
    const statuses = await send(500, 2500);
    const elapsed = Date.now() - started;
    const grown = heap() - before;
    // Each forged URL's certificate was downloaded (SNS's host answers them), and none is kept.
    const forgedUrls = new Set(forged.map((message) => message.SigningCertURL));
    expect(certificateDownloads.filter((url) => forgedUrls.has(url))).toHaveLength(2500);
    expect(statuses).toEqual(Array(2000).fill(403));
    expect(elapsed).toBeLessThan(60_000);
    expect(grown).toBeLessThan(4 * 1024 * 1024);
    // The real certificate still serves a real message.
    const real = signed({ Type: 'Notification', Message: bounce('k@example.com', 'Transient') });
    expect((await deliverFrom('203.0.113.9', real)).status).toBe(204);
  }, 120_000);
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
