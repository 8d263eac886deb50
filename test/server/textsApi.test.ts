/**
 * Texts through the API: incoming STOP, HELP and START as SNS delivers them to
 * `POST /sms-events` (signed as the local stack signs them, scripts/local-stack/localTexts.ts; a forged
 * or foreign one is refused and changes nothing); the profile's code and text choices with the
 * contract's 4xx answers; the quote form's box; the owner's "On my way" and the texts shown on
 * the request, the customer's page and the Health page; the data download holds the consent and
 * the account's deletion removes it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_TEXT_CONSENT, QUOTE_TEXT_CONSENT } from '../../domain/texts';
import { openDatabase } from '../../server/platform/db';
import { textsFromEnv, type TextSettings } from '../../server/platform/config';
import {
  ensureLocalSnsKey,
  incomingTextMessage,
  LOCAL_SMS_TOPIC,
  sendLocalIncomingText,
  signedNotification,
  type LocalSnsKey,
} from '../../scripts/local-stack/localTexts';
import {
  call,
  quote,
  startApi,
  startIdentityProvider,
  until,
  type IdentityProvider,
  type TestApi,
} from './helpers';

let idp: IdentityProvider;
let api: TestApi;
let key: LocalSnsKey;
let ownerToken: string;
let customerToken: string;
const sent: { to: string; body: string }[] = [];
let settings: TextSettings;

beforeAll(async () => {
  idp = await startIdentityProvider();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'texts-api-'));
  key = await ensureLocalSnsKey(dir);
  settings = {
    ...textsFromEnv({ TEXT_SINK: 'local', TEXT_INBOX_FILE: path.join(dir, 'texts.jsonl') })!,
    sender: {
      send: ({ to, body, id }) => {
        sent.push({ to, body });
        return Promise.resolve(id);
      },
    },
  };
  api = await startApi(idp, {
    quoteRateLimit: { max: 1000, windowMs: 60_000 },
    texts: settings,
    smsEvents: { topicArn: LOCAL_SMS_TOPIC, certificateFile: key.certFile },
  });
  ownerToken = await idp.ownerToken('owner-sub');
  customerToken = await idp.idToken('jordan-sub', 'jordan@example.com', { email_verified: true });
}, 60_000);
afterAll(async () => {
  await api.close();
  await idp.close();
});

const business = () => settings.business;
const textsTo = (number: string) => sent.filter((t) => t.to === number).map((t) => t.body);
const me = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token: customerToken, body });
const owner = (method: string, url: string, body?: unknown) =>
  call(api.baseUrl, method, url, { token: ownerToken, body });

describe('incoming texts over SNS', () => {
  const NUMBER = '+19195550170';

  it('STOP turns texts off, HELP answers with the business’s name and phone, START turns them on', async () => {
    const booked = await call(api.baseUrl, 'POST', '/bookings', {
      body: quote({ phone: '919-555-0170', textMe: true }),
    });
    expect(booked.status).toBe(201);
    const id = (booked.body as { bookingId: string }).bookingId;

    expect(await sendLocalIncomingText(api.baseUrl, key, NUMBER, 'Stop')).toBe(204);
    await until(() => textsTo(NUMBER).length === 1, 'the STOP confirmation');
    expect(textsTo(NUMBER)).toEqual([
      `${business().name}: you will get no more texts from us. Reply START to get them again.`,
    ]);
    const refused = await owner('POST', `/owner/bookings/${id}/on-my-way`, { minutes: 20 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Conflict',
      message: 'This customer gets no texts: call them instead',
    });

    // HELP is answered while the number is stopped, too.
    expect(await sendLocalIncomingText(api.baseUrl, key, NUMBER, 'HELP')).toBe(204);
    await until(() => textsTo(NUMBER).length === 2, 'the HELP answer');
    expect(await sendLocalIncomingText(api.baseUrl, key, NUMBER, 'START')).toBe(204);
    await until(() => textsTo(NUMBER).length === 3, 'the START answer');
    expect(textsTo(NUMBER).slice(1)).toEqual([
      `${business().name}: texts about your appointments. Call ${business().phone} or e-mail ${business().email}. Message and data rates may apply. Reply STOP to opt out.`,
      `${business().name}: texts are on again. Reply HELP for help. Reply STOP to opt out.`,
    ]);
    const sentNow = await owner('POST', `/owner/bookings/${id}/on-my-way`, { minutes: 20 });
    expect(sentNow.status).toBe(201);
    expect(sentNow.body).toMatchObject({ kind: 'on-my-way', number: NUMBER, status: 'pending' });
    await until(() => textsTo(NUMBER).length === 4, 'On my way');
    expect(textsTo(NUMBER)[3]).toBe(
      `${business().name}: we are on our way and should arrive in about 20 minutes. Reply STOP to opt out.`,
    );

    // The request in the owner's inbox shows what was texted and when.
    const inbox = await owner('GET', '/owner/requests?limit=50');
    const request = (inbox.body as { items: { bookingId: string; texts: unknown[] }[] }).items.find(
      (item) => item.bookingId === id,
    );
    expect(request?.texts).toEqual([
      expect.objectContaining({ kind: 'on-my-way', status: 'sent', body: textsTo(NUMBER)[3] }),
    ]);
  });

  it('refuses a forged message, another topic and a body that is no incoming text, changing nothing', async () => {
    const forged = signedNotification(
      incomingTextMessage('+19195550171', 'STOP'),
      readFileSync(key.keyFile, 'utf8'),
    );
    const post = (envelope: unknown) =>
      call(api.baseUrl, 'POST', '/sms-events', {
        rawBody: JSON.stringify(envelope),
        headers: { 'content-type': 'text/plain' },
      });
    const tampered = await post({ ...forged, Message: forged.Message!.replace('0171', '0172') });
    expect(tampered.status).toBe(403);
    expect((tampered.body as { message: string }).message).toMatch(/signature does not verify/);
    const foreign = signedNotification(
      incomingTextMessage('+19195550171', 'STOP'),
      readFileSync(key.keyFile, 'utf8'),
      'arn:aws:sns:us-east-1:123456789012:someone-else',
    );
    expect((await post(foreign)).status).toBe(403);
    const notText = signedNotification('{"hello":1}', readFileSync(key.keyFile, 'utf8'));
    expect(await post(notText)).toMatchObject({
      status: 400,
      body: { error: 'Bad Request', message: expect.stringContaining('not an incoming text') },
    });
    const db = openDatabase(api.databasePath);
    expect(db.prepare('SELECT COUNT(*) AS n FROM text_stops').get()).toEqual({ n: 0 });
    db.close();
  });
});

describe('the verified account phone', () => {
  /** A customer's request with an id token carrying these phone claims. */
  const as = async (sub: string, claims: Record<string, unknown>) => {
    const token = await idp.idToken(sub, `${sub}@example.com`, {
      email_verified: true,
      ...claims,
    });
    return (method: string, url: string, body?: unknown) =>
      call(api.baseUrl, method, url, { token, body });
  };

  it('counts as confirmed: texts go to it without a code, and turn on', async () => {
    const verified = await as('riley-sub', {
      phone_number: '+19195550181',
      phone_number_verified: true,
    });
    const profile = await verified('GET', '/profile/me');
    expect(profile.body).toMatchObject({
      textPreferences: { number: '+19195550181', reminders: false, statusUpdates: false },
    });
    const on = await verified('PUT', '/profile/me', {
      name: 'Riley',
      textPreferences: { reminders: true, statusUpdates: true },
    });
    expect(on).toMatchObject({
      status: 200,
      body: { textPreferences: { number: '+19195550181', reminders: true, statusUpdates: true } },
    });
    expect(textsTo('+19195550181')).toEqual([]);
  });

  it('does not count when the identity provider has not verified it, or it is not a US number', async () => {
    for (const [sub, claims] of [
      ['casey-sub', { phone_number: '+19195550182', phone_number_verified: false }],
      ['avery-sub', { phone_number: '+19195550183' }],
      ['quinn-sub', { phone_number: '+447700900123', phone_number_verified: true }],
    ] as const) {
      const caller = await as(sub, claims);
      expect((await caller('GET', '/profile/me')).body).toMatchObject({
        textPreferences: { number: null },
      });
      const on = await caller('PUT', '/profile/me', {
        name: 'Casey',
        textPreferences: { reminders: true, statusUpdates: false },
      });
      expect(on).toMatchObject({ status: 409, body: { error: 'Conflict' } });
    }
  });

  it('a number confirmed with a code stays the text number', async () => {
    const caller = await as('morgan-sub', {});
    await caller('PUT', '/profile/me', { name: 'Morgan', mobile: '9195550184' });
    expect((await caller('POST', '/profile/me/text-code')).status).toBe(204);
    await until(() => textsTo('+19195550184').length === 1, 'the code');
    const code = /(\d{6})/.exec(textsTo('+19195550184')[0]!)![1]!;
    expect((await caller('POST', '/profile/me/text-number', { code })).status).toBe(200);
    const later = await as('morgan-sub', {
      phone_number: '+19195550185',
      phone_number_verified: true,
    });
    expect((await later('GET', '/profile/me')).body).toMatchObject({
      textPreferences: { number: '+19195550184' },
    });
  });
});

describe('the profile, the quote form and the data download', () => {
  it('confirms the mobile with a texted code, turns texts on with consent, downloads it and deletes it', async () => {
    expect((await me('POST', '/profile/me/text-code')).status).toBe(409);
    const profile = await me('PUT', '/profile/me', { name: 'Jordan', mobile: '9195550160' });
    expect(profile.body).toMatchObject({
      textPreferences: { reminders: false, statusUpdates: false, number: null, stopped: false },
    });
    const early = await me('PUT', '/profile/me', {
      name: 'Jordan',
      textPreferences: { reminders: true, statusUpdates: true },
    });
    expect(early).toMatchObject({ status: 409, body: { error: 'Conflict' } });

    expect((await me('POST', '/profile/me/text-code')).status).toBe(204);
    await until(() => textsTo('+19195550160').length === 1, 'the code');
    const code = /(\d{6})/.exec(textsTo('+19195550160')[0]!)![1]!;
    expect((await me('POST', '/profile/me/text-number', { code: 'abc' })).status).toBe(400);
    const confirmed = await me('POST', '/profile/me/text-number', { code });
    expect(confirmed.body).toMatchObject({ textPreferences: { number: '+19195550160' } });
    const on = await me('PUT', '/profile/me', {
      name: 'Jordan',
      mobile: '9195550160',
      textPreferences: { reminders: true, statusUpdates: false },
    });
    expect(on.body).toMatchObject({
      textPreferences: { reminders: true, statusUpdates: false, number: '+19195550160' },
    });

    // A request with the box ticked: its consent, with the quote form's words.
    const ticked = await me('POST', '/bookings', quote({ phone: '919 555 0161', textMe: true }));
    expect(ticked.status).toBe(201);
    const bad = await me('POST', '/bookings', quote({ phone: '12345678', textMe: true }));
    expect(bad).toMatchObject({ status: 400, body: { error: 'Bad Request' } });

    const exported = await me('GET', '/account/export');
    expect((exported.body as { texts: unknown }).texts).toEqual({
      reminders: true,
      statusUpdates: false,
      number: '+19195550160',
      consentAt: expect.any(String),
      consentWording: PROFILE_TEXT_CONSENT(business().name),
      requests: [
        {
          bookingId: (ticked.body as { bookingId: string }).bookingId,
          number: '+19195550161',
          consentAt: expect.any(String),
          consentWording: QUOTE_TEXT_CONSENT(business().name),
        },
      ],
    });
    const customer = await owner('GET', '/owner/customers/jordan-sub');
    expect((customer.body as { texts: unknown[] }).texts).toEqual([
      expect.objectContaining({ kind: 'code', status: 'sent' }),
    ]);
    // "Send again" is for a text given up: not a sent one, not one that does not exist.
    const codeText = (customer.body as { texts: { id: string }[] }).texts[0]!;
    expect(await owner('POST', `/owner/health/texts/${codeText.id}/resend`)).toMatchObject({
      status: 409,
      body: { error: 'Conflict', message: 'This text has not failed: it is sent or waiting' },
    });
    expect(
      (await owner('POST', '/owner/health/texts/65a1f0c2e4b0a1b2c3d4e5f6/resend')).status,
    ).toBe(404);
    expect((await me('POST', `/owner/health/texts/${codeText.id}/resend`)).status).toBe(403);
    const health = await owner('GET', '/owner/health');
    expect((health.body as { texts: { sentToday: number } }).texts.sentToday).toBeGreaterThan(0);

    const db = openDatabase(api.databasePath);
    // A text the server stopped while sending (uncertain): the owner's "Send again" sends it.
    db.prepare(
      "UPDATE texts SET status = 'failed', failure = 'uncertain', failed_at = ? WHERE id = ?",
    ).run(new Date().toISOString(), codeText.id);
    const codes = textsTo('+19195550160').length;
    const resent = await owner('POST', `/owner/health/texts/${codeText.id}/resend`);
    expect(resent.status).toBe(200);
    expect((resent.body as { texts: { failed: unknown[] } }).texts.failed).toEqual([]);
    await until(() => textsTo('+19195550160').length === codes + 1, 'the code sent again');
    const left = () => ({
      account: db
        .prepare(
          'SELECT COUNT(*) AS n FROM customers WHERE text_number IS NOT NULL AND user_id = ?',
        )
        .get('jordan-sub'),
      requests: db
        .prepare(
          'SELECT COUNT(*) AS n FROM bookings WHERE text_consent_at IS NOT NULL AND user_id = ?',
        )
        .get('jordan-sub'),
      texts: db.prepare("SELECT COUNT(*) AS n FROM texts WHERE user_id = 'jordan-sub'").get(),
    });
    expect(left()).toEqual({ account: { n: 1 }, requests: { n: 1 }, texts: { n: 1 } });
    const accessToken = await idp.accessToken('jordan-sub', {
      auth_time: Math.floor(Date.now() / 1000) - 30,
    });
    const deleted = await me('POST', '/account/deletion', {
      email: 'jordan@example.com',
      accessToken,
    });
    expect(deleted.status).toBe(204);
    expect(left()).toEqual({ account: { n: 0 }, requests: { n: 0 }, texts: { n: 0 } });
    expect(
      db.prepare("SELECT COUNT(*) AS n FROM bookings WHERE text_number = '+19195550161'").get(),
    ).toEqual({ n: 0 });
    db.close();
  });
});
