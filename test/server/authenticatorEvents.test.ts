/**
 * The identity provider's record of the owner's authenticator calls, as production delivers it
 * to `POST /identity-events` (Cognito → CloudTrail → EventBridge → SNS over HTTPS): a signed
 * VerifySoftwareToken of the owner's account (a new secret replacing the app, which GetUser does
 * not show) or SetUserMFAPreference e-mails the owner, once per window, in the business's words;
 * a customer's call, a failed call, a forged or unsigned delivery, or another topic's message
 * e-mails nobody; deliveries are rate-limited per client address.
 *
 * The events are made here in the shape EventBridge gives CloudTrail's record of a user pool
 * call (Cognito logs the account's `sub` in `additionalEventData`, never its user name, and hides
 * tokens and codes); no test reaches AWS.
 */
import { BUSINESS_DEFAULTS } from '../../domain/business';
import {
  configFromEnv,
  IDENTITY_EVENTS_PATH,
  IDENTITY_EVENTS_RATE_LIMIT,
  LOCAL_IDENTITY,
} from '../../server/platform/config';
import { ownerAuthenticatorChanged } from '../../server/mail/texts';
import { AUTHENTICATOR_EVENT_MAIL_WINDOW_MS } from '../../server/owner/authenticatorEvents';
import {
  call,
  ownerAuthenticatorMails,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';
import { makeKey, serveCertificate, signSns, type SnsMessage } from './snsSigning';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:identity-events';

let idp: IdentityProvider;
let api: TestApi;
let key: string;
let forgerKey: string;
let certificate: ReturnType<typeof serveCertificate>;
let clock = Date.parse('2026-11-29T12:00:00Z');

beforeAll(async () => {
  const made = await makeKey();
  key = made.key;
  forgerKey = (await makeKey()).key;
  certificate = serveCertificate(made.cert);
  idp = await startIdentityProvider();
  // Trusting one proxy hop, each delivery may name its client's address (the rate limit's key).
  api = await startApi(idp, {
    trustProxy: 1,
    clock: () => clock,
    identityEvents: { topicArn: TOPIC, confirm: async () => undefined },
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await idp.close();
  certificate.restore();
});

/** EventBridge's event for CloudTrail's record of a Cognito user pool call by `sub`. */
const cognitoCall = (eventName: string, sub: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: '0',
    id: 'b5a8f0d2-7b1c-4c61-9a7e-0f7a3c2d1e00',
    'detail-type': 'AWS API Call via CloudTrail',
    source: 'aws.cognito-idp',
    account: '123456789012',
    time: '2026-11-29T11:59:58Z',
    region: 'us-east-1',
    resources: [],
    detail: {
      eventVersion: '1.08',
      userIdentity: { type: 'Unknown', principalId: 'Anonymous' },
      eventTime: '2026-11-29T11:59:58Z',
      eventSource: 'cognito-idp.amazonaws.com',
      eventName,
      awsRegion: 'us-east-1',
      sourceIPAddress: '203.0.113.9',
      userAgent: 'Go to https://evil.example/ now',
      requestParameters: { accessToken: 'HIDDEN_DUE_TO_SECURITY_REASONS', userCode: 'HIDDEN' },
      responseElements: { status: 'SUCCESS' },
      additionalEventData: { sub },
      eventType: 'AwsApiCall',
      managementEvent: true,
      readOnly: false,
      eventCategory: 'Management',
      ...extra,
    },
  });

const notification = (message: string, signingKey = key, topic = TOPIC) =>
  signSns({ Type: 'Notification', Message: message }, signingKey, topic);

/** As SNS sends it: the JSON envelope with Content-Type text/plain. */
const deliver = (message: SnsMessage | string, ip?: string) =>
  call(api.baseUrl, 'POST', IDENTITY_EVENTS_PATH, {
    rawBody: typeof message === 'string' ? message : JSON.stringify(message),
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
  });

const authenticatorMails = () => ownerAuthenticatorMails(api.databasePath);

/** An owner the console has seen with an authenticator app (as after any console operation). */
async function ownerWithApp(sub: string): Promise<void> {
  const token = await idp.ownerToken(sub);
  const answer = await call(api.baseUrl, 'GET', '/owner/requests?limit=5', { token });
  expect(answer.status).toBe(200);
}

it("a replaced authenticator (VerifySoftwareToken on the owner's account) e-mails the owner once per window", async () => {
  await ownerWithApp('owner-replaced');
  const before = authenticatorMails().length;
  // A new secret confirmed: GetUser still shows an app, so only this event can tell.
  expect(
    (await deliver(notification(cognitoCall('VerifySoftwareToken', 'owner-replaced')))).status,
  ).toBe(204);
  expect(authenticatorMails().slice(before)).toEqual([{ audience: 'owner', change: 'confirmed' }]);
  // The same change's second call (the preference) a few seconds later: no second e-mail.
  clock += 5_000;
  expect(
    (await deliver(notification(cognitoCall('SetUserMFAPreference', 'owner-replaced')))).status,
  ).toBe(204);
  expect(authenticatorMails()).toHaveLength(before + 1);
  // In the next window, turning the app's settings off is told again.
  clock += AUTHENTICATOR_EVENT_MAIL_WINDOW_MS;
  expect(
    (await deliver(notification(cognitoCall('SetUserMFAPreference', 'owner-replaced')))).status,
  ).toBe(204);
  expect(authenticatorMails().slice(before)).toEqual([
    { audience: 'owner', change: 'confirmed' },
    { audience: 'owner', change: 'settings' },
  ]);
});

it("a customer's call, a failed call, another call or another service's event e-mails nobody", async () => {
  await ownerWithApp('owner-quiet');
  clock += AUTHENTICATOR_EVENT_MAIL_WINDOW_MS;
  const before = authenticatorMails().length;
  const ignored = [
    cognitoCall('VerifySoftwareToken', 'customer-sub'),
    cognitoCall('VerifySoftwareToken', 'owner-quiet', {
      errorCode: 'EnableSoftwareTokenMFAException',
      errorMessage: 'Code mismatch',
    }),
    cognitoCall('GetUser', 'owner-quiet'),
    cognitoCall('VerifySoftwareToken', 'owner-quiet', { eventSource: 'iam.amazonaws.com' }),
    cognitoCall('VerifySoftwareToken', 'owner-quiet', { additionalEventData: {} }),
    JSON.stringify({ source: 'aws.s3', detail: {} }),
    '[]',
  ];
  for (const message of ignored) expect((await deliver(notification(message))).status).toBe(204);
  expect(authenticatorMails()).toHaveLength(before);
  // A signed notification that is no JSON is refused, as the SES feed refuses one.
  expect((await deliver(notification('not json'))).status).toBe(400);
});

it('an owner the console has not seen with an app (first set-up under way) gets no event e-mail', async () => {
  const token = await idp.ownerToken('owner-setting-up');
  idp.setAuthenticator('owner-setting-up', false);
  expect((await call(api.baseUrl, 'GET', '/owner/requests?limit=5', { token })).status).toBe(403);
  clock += AUTHENTICATOR_EVENT_MAIL_WINDOW_MS;
  const before = authenticatorMails().length;
  expect(
    (await deliver(notification(cognitoCall('VerifySoftwareToken', 'owner-setting-up')))).status,
  ).toBe(204);
  // The console's next operation tells "added" (ownerAuthenticator.ts), not this event.
  expect(authenticatorMails()).toHaveLength(before);
});

describe('refused: nothing is written', () => {
  it('unsigned, forged, tampered or from another topic: 400 or 403, and no e-mail', async () => {
    await ownerWithApp('owner-forged');
    clock += AUTHENTICATOR_EVENT_MAIL_WINDOW_MS;
    const before = authenticatorMails().length;
    const event = cognitoCall('VerifySoftwareToken', 'owner-forged');
    const { Signature: _signature, ...unsigned } = notification(event);
    expect((await deliver(unsigned)).status).toBe(400);
    expect((await deliver(event)).status).toBe(400);
    expect((await deliver(notification(event, forgerKey))).status).toBe(403);
    const tampered = notification(cognitoCall('GetUser', 'owner-forged'));
    expect((await deliver({ ...tampered, Message: event })).status).toBe(403);
    const other = notification(event, key, 'arn:aws:sns:us-east-1:210987654321:identity-events');
    expect((await deliver(other)).status).toBe(403);
    expect(authenticatorMails()).toHaveLength(before);
  });

  it('takes a local signing certificate (IDENTITY_EVENTS_CERT_FILE) only in the local configuration', () => {
    const env = {
      COGNITO_ISSUER: idp.issuer,
      COGNITO_CLIENT_ID: idp.clientId,
      IDENTITY_EVENTS_TOPIC_ARN: 'arn:aws:sns:us-east-1:000000000000:local-identity-events',
      IDENTITY_EVENTS_CERT_FILE: '/tmp/signing-cert.pem',
    };
    expect(() => configFromEnv(env)).toThrow(/IDENTITY_EVENTS_CERT_FILE is for the local/);
    expect(
      configFromEnv({ ...env, IDENTITY_EMULATOR: LOCAL_IDENTITY }).options.identityEvents,
    ).toEqual({
      topicArn: env.IDENTITY_EVENTS_TOPIC_ARN,
      certificateFile: '/tmp/signing-cert.pem',
    });
  });

  it('a server without IDENTITY_EVENTS_TOPIC_ARN refuses every delivery (403)', async () => {
    const bare = await startApi(idp);
    try {
      const answer = await call(bare.baseUrl, 'POST', IDENTITY_EVENTS_PATH, {
        rawBody: JSON.stringify(notification(cognitoCall('VerifySoftwareToken', 'x'))),
        headers: { 'content-type': 'text/plain; charset=UTF-8' },
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        message: expect.stringMatching(/IDENTITY_EVENTS_TOPIC_ARN/),
      });
    } finally {
      await bare.close();
    }
  });

  it('each client address may deliver so many messages in a window, then 429', async () => {
    const junk = '{"Type":"Notification"}';
    const statuses: number[] = [];
    for (let i = 0; i <= IDENTITY_EVENTS_RATE_LIMIT.max; i++)
      statuses.push((await deliver(junk, '198.51.100.7')).status);
    expect(statuses.slice(0, IDENTITY_EVENTS_RATE_LIMIT.max).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await deliver(junk, '198.51.100.8')).status).toBe(400);
  });
});

it("tells in the business's own words, with nothing the event carried", () => {
  const business = { ...BUSINESS_DEFAULTS };
  const confirmed = ownerAuthenticatorChanged(business, 'confirmed', '2026-11-29T12:00:00.000Z');
  expect(confirmed.subject).toBe(
    `An authenticator app's code was confirmed on the owner's account: ${business.name}`,
  );
  expect(confirmed.text).toContain('That is how a new app replaces the one set up before');
  expect(confirmed.text).toContain('If this was not you');
  const settings = ownerAuthenticatorChanged(business, 'settings', '2026-11-29T12:00:00.000Z');
  expect(settings.subject).toBe(
    `The owner's two-step sign-in settings were changed: ${business.name}`,
  );
  for (const mail of [confirmed, settings]) {
    expect(mail.text).not.toMatch(/evil|203\.0\.113|HIDDEN/);
    expect(mail.text).toContain(business.phone);
  }
});
