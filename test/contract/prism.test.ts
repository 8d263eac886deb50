/**
 * An independent validator in front of server/: Stoplight Prism's validation proxy
 * (`prism proxy`) forwards every request of the contract check (`npm run contract`, all
 * operations, successes and refusals) plus a rate-limit burst to the reference server, and
 * reports in `sl-violations` where a request or an answer breaks openapi.yaml. No answer may
 * break it, and a request may break it only where the check means to be refused (400, or
 * 401 for a missing or broken token).
 */
import { isOwnerPath } from '../../domain/owners';
import type { ChildProcess } from 'node:child_process';
import { runContract } from '../../scripts/contract-checker/contract';
import { webhookSignatureHeader } from '../../domain/contract/webhookSignature';
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import { pictureSignature } from '../../server/pictures/pictures';
import { optOutUrl } from '../../server/mail/optOut';
import { createBooking } from '../../server/bookings/bookings';
import { CAPS } from '../../server/customers/caps';
import { CALENDAR_FEED_RATE_LIMIT, CLIENT_ERROR_RATE_LIMIT } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db';
import { quote, quoteRequest, SIGNED_URL_SECRET, WEBHOOK_KEY } from '../server/helpers';
import { startPrism, stopPrism } from './prism';
import { operationOf as findOperation, startSeededApi, type SeededApi } from './support';

const QUOTE_LIMIT = 30;
const contract = loadOpenApi();
const operations = listOperations(contract);
/** The write lock's answer (ServiceBusy): provoked by test/server/writeLock.test.ts, not here. */
const busy = (contract.components.responses as Record<string, { description: string }>).ServiceBusy!
  .description;

interface Violation {
  location: string[];
  code: string | number;
  message: string;
}

interface Seen {
  method: string;
  path: string;
  operationId: string;
  status: number;
  violations: Violation[];
}

let stack: SeededApi;
const PRISM_DEMO = { sub: 'prism-demo', email: 'prism-demo@example.com', name: 'Pat Prism' };
let prism: ChildProcess;
let prismUrl: string;

const operationOf = (method: string, pathname: string) =>
  findOperation(method, pathname) ?? `${method} ${pathname}`;

/** A fetch that records each exchange with the violations Prism reported for it. */
function recordingFetch(seen: Seen[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const header = response.headers.get('sl-violations');
    seen.push({
      method,
      path: url.pathname,
      operationId: operationOf(method, url.pathname),
      status: response.status,
      violations: header ? (JSON.parse(header) as Violation[]) : [],
    });
    return response;
  };
}

beforeAll(async () => {
  stack = await startSeededApi(PRISM_DEMO, {
    quoteRateLimit: { max: QUOTE_LIMIT, windowMs: 60_000 },
  });
  ({ child: prism, url: prismUrl } = await startPrism([
    'proxy',
    'openapi.yaml',
    stack.api.baseUrl,
  ]));
}, 60_000);

afterAll(async () => {
  await stopPrism(prism);
  await stack?.close();
});

const describeSeen = (item: Seen) =>
  `${item.operationId} ${item.method} ${item.path} → ${item.status}: ${item.violations
    .map((v) => `${v.location.join('.')} ${v.message}`)
    .join('; ')}`;

it('finds no violation in any answer of server/, over every operation and answer', async () => {
  const seen: Seen[] = [];
  const record = recordingFetch(seen);
  const ownerToken = await stack.idp.ownerToken('prism-owner');
  const withToken = await runContract({
    baseUrl: prismUrl,
    token: stack.token,
    ownerToken,
    webhookKey: WEBHOOK_KEY,
    fetch: record,
  });
  const anonymous = await runContract({ baseUrl: prismUrl, fetch: record });
  // Prism forwards the JSON it parsed, not the bytes it got, so the whitespace that makes the
  // contract's body-limit request too large never reaches server/. An oversized `message`
  // does (it breaks maxLength too, which is why the contract check does not send it).
  const oversized = seen.length;
  await record(`${prismUrl}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(quote({ message: 'x'.repeat(17 * 1024) })),
  });
  expect(seen[oversized]?.status).toBe(413);
  seen.splice(oversized, 1, { ...seen[oversized]!, violations: [] });
  // Two quotes for one time: the second finds it taken (409 with the nearest free times).
  const taken = quote({ email: 'first@example.com' });
  for (const email of ['first@example.com', 'second@example.com']) {
    await record(`${prismUrl}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...taken, email }),
    });
  }
  expect(seen.at(-1)?.status).toBe(409);
  // Anonymous quotes until the rate limit answers 429.
  for (
    let i = 0;
    i <= QUOTE_LIMIT &&
    !seen.some((item) => item.operationId === 'createBooking' && item.status === 429);
    i += 1
  ) {
    await record(`${prismUrl}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quote({ email: `burst${i}@example.com` })),
    });
  }

  // Error reports: one over 4 KiB (which breaks the message's maxLength too: a report within
  // the contract is always smaller), then reports until the per-address limit answers 429.
  const oversizedReport = seen.length;
  const errorReport = (message: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, kind: 'error', path: '/' }),
  });
  await record(`${prismUrl}/client-errors`, errorReport('x'.repeat(5 * 1024)));
  expect(seen[oversizedReport]?.status).toBe(413);
  seen.splice(oversizedReport, 1, { ...seen[oversizedReport]!, violations: [] });
  for (
    let i = 0;
    i <= CLIENT_ERROR_RATE_LIMIT.max &&
    !seen.some((item) => item.operationId === 'reportClientError' && item.status === 429);
    i += 1
  ) {
    await record(`${prismUrl}/client-errors`, errorReport(`Error: burst ${i}`));
  }
  // Every other check of the contract passes through the proxy.
  const failed = [...withToken, ...anonymous].flatMap((result) =>
    result.checks.filter((check) => !check.ok).map((check) => check.label),
  );
  // Prism forwards a multipart file as text, so a picture's bytes (a PNG's are not all ASCII)
  // arrive changed and the server refuses them: the uploads' 201 are checked without Prism
  // (test/scripts/contract-checker/contract.test.ts), and so are the listing of the booking's
  // picture and the gallery picture's files.
  expect(failed).toEqual([
    'anonymous quote over 16 KiB → 413',
    'the uploaded picture',
    'the pictures → 200 with the label of the upload',
    'a PNG → 201',
    'a PNG with an Idempotency-Key → 201',
    'the same upload and key → 201',
    'the same key with another description → 422',
    'a PNG with alt text → 201, an uploads/ entry',
    'anonymous quote over 16 KiB → 413',
  ]);

  const answerViolations = seen
    .filter((item) => item.violations.some((v) => v.location[0] !== 'request'))
    .map(describeSeen);
  expect(answerViolations).toEqual([]);

  // Requests that break the contract are the ones meant to be refused.
  const refusedAs = (v: Violation) => (v.code === 401 ? 401 : 400);
  const misplaced = seen
    .filter((item) =>
      item.violations.some((v) => v.location[0] === 'request' && refusedAs(v) !== item.status),
    )
    .map(describeSeen);
  expect(misplaced).toEqual([]);

  // Answers the contract check does not ask for: malformed ids, a decision that is neither,
  // a valid link to no file, a replayed webhook delivery.
  const json = { 'content-type': 'application/json' };
  const auth = { authorization: `Bearer ${stack.token}` };
  for (const target of ['vehicles', 'bookings', 'subscriptions']) {
    await record(`${prismUrl}/${target}/not-an-id`, { method: 'DELETE', headers: auth });
  }
  await record(`${prismUrl}/bookings/ffffffffffffffffffffffff/claim`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ decision: 'maybe' }),
  });
  const expires = Math.floor(Date.now() / 1000) + 600;
  const signature = pictureSignature(SIGNED_URL_SECRET, 'gone.jpg', expires);
  await record(`${prismUrl}/service-pics/files/gone.jpg?expires=${expires}&signature=${signature}`);
  // An e-mail's one-click unsubscribe link, signed: its page, then the post.
  const optOut = optOutUrl(prismUrl, SIGNED_URL_SECRET, 'prism@example.com', 'reminders');
  await record(optOut);
  await record(optOut, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  const delivery = JSON.stringify({
    event: 'invitee.canceled',
    payload: { uri: 'https://api.calendly.com/invitees/prism-replay', email: 'x@example.com' },
  });
  const signed = {
    method: 'POST',
    headers: {
      ...json,
      'calendly-webhook-signature': webhookSignatureHeader(WEBHOOK_KEY, delivery),
    },
    body: delivery,
  };
  await record(`${prismUrl}/webhooks/calendly`, signed);
  await record(`${prismUrl}/webhooks/calendly`, signed);
  // A claim by an account already at its open-bookings cap.
  const db = openDatabase(stack.api.databasePath);
  const owner = { userId: PRISM_DEMO.sub, email: PRISM_DEMO.email };
  const offered = createBooking(db, quoteRequest({ email: owner.email }), null);
  const { open } = db
    .prepare("SELECT COUNT(*) AS open FROM bookings WHERE user_id = ? AND status = 'Booked'")
    .get(owner.userId) as { open: number };
  for (let count = open; count < CAPS.openBookings; count += 1)
    createBooking(db, quoteRequest(), owner);
  db.close();
  await record(`${prismUrl}/bookings/${offered.bookingId}/claim`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ decision: 'mine' }),
  });
  // The health page's actions on what only the mail worker and SES make: an e-mail given up
  // (sent again: 200; again: 409, it is queued), one refused for good (dismissed with a reason:
  // 200; again: 409), an address on the suppression list (allowed again: 200) and a request
  // without an address (400).
  const health = openDatabase(stack.api.databasePath);
  const [given, refused] = health
    .prepare("SELECT id FROM outbox WHERE audience = 'owner' ORDER BY rowid LIMIT 2")
    .all() as { id: string }[];
  const fail = health.prepare(
    "UPDATE outbox SET status = 'failed', failure = ?, last_error = ?, failed_at = ? WHERE id = ?",
  );
  fail.run('expired', 'ETIMEDOUT', new Date().toISOString(), given!.id);
  fail.run('refused', 'EENVELOPE 550: no such user', new Date().toISOString(), refused!.id);
  health
    .prepare(
      "INSERT OR IGNORE INTO suppressed_addresses VALUES ('bounced@example.com', 'bounce', 'General', ?)",
    )
    .run(new Date().toISOString());
  health.close();
  const asOwner = { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` };
  for (let time = 0; time < 2; time += 1) {
    await record(`${prismUrl}/owner/health/messages/${given!.id}/resend`, {
      method: 'POST',
      headers: asOwner,
    });
    await record(`${prismUrl}/owner/health/messages/${refused!.id}/dismiss`, {
      method: 'POST',
      headers: asOwner,
      body: JSON.stringify({ reason: 'The customer gave a new address by phone' }),
    });
  }
  for (const body of [{ email: 'bounced@example.com' }, {}])
    await record(`${prismUrl}/owner/health/allow-address`, {
      method: 'POST',
      headers: asOwner,
      body: JSON.stringify(body),
    });
  // A new calendar feed address (the contract check leaves a real owner's alone), then the
  // feed fetched from one address until its limit answers 429.
  const renewed = await record(`${prismUrl}/owner/calendar-feed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(renewed.status).toBe(201);
  const feedUrl = new URL(((await renewed.json()) as { url: string }).url);
  for (
    let i = 0;
    i <= CALENDAR_FEED_RATE_LIMIT.max &&
    !seen.some((item) => item.operationId === 'getCalendarFeed' && item.status === 429);
    i += 1
  ) {
    await record(`${prismUrl}${feedUrl.pathname}`);
  }
  // Ending the sessions of the check's token comes last: the token is refused afterwards.
  const ended = `${prismUrl}/profile/me/sessions-ended`;
  const ending = (reason: string) => ({
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ reason }),
  });
  await record(ended, ending('maybe'));
  await record(ended, ending('global-sign-out'));

  // The deletion, which the contract check never sends: a stale sign-in (403), the identity
  // provider down (502), then a throwaway account deleted (204).
  const deletion = async (sub: string, email: string, authTime: number) =>
    record(`${prismUrl}/account/deletion`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await stack.idp.idToken(sub, email)}`,
      },
      body: JSON.stringify({
        email,
        accessToken: await stack.idp.accessToken(sub, { auth_time: authTime }),
      }),
    });
  const nowSeconds = Math.floor(Date.now() / 1000);
  expect((await deletion('prism-leaving', 'leaving@example.com', nowSeconds - 3600)).status).toBe(
    403,
  );
  stack.idp.failDeleteUser(1);
  expect((await deletion('prism-leaving', 'leaving@example.com', nowSeconds)).status).toBe(502);
  expect((await deletion('prism-leaving', 'leaving@example.com', nowSeconds)).status).toBe(204);

  const answered = new Map<string, Set<number>>();
  for (const item of seen) {
    answered.set(item.operationId, (answered.get(item.operationId) ?? new Set()).add(item.status));
  }
  const missing = operations.flatMap((op) =>
    Object.keys(op.responses)
      .filter((status) => !answered.get(op.operationId)?.has(Number(status)))
      .map((status) => `${op.operationId} ${status}`),
  );
  // What server/ never answers here: 403 and 429 to a valid token (disabled accounts are
  // refused by the identity provider; only quotes, booking changes and data downloads are
  // rate-limited, and the check sends too few changes to reach it), 400 to a health check or to
  // the published offer's read, and the write lock's 503 (test/server/writeLock.test.ts holds the lock).
  // Exceptions: the data download is limited per account (429), and a deletion refuses a stale
  // sign-in (403).
  // The owner operations answer 403 to the customer's token; a picture over 10 MB (413) is
  // left to test/server/owner.test.ts.
  // The texts' answers that need a number the server can text (a code read from the text sink,
  // a customer who asked for texts, a text given up): the prism run's server has no text sink, so they are left
  // to test/server/textsApi.test.ts, which runs the local sink.
  const textedOnly = [
    'sendTextCode 409',
    'confirmTextNumber 200',
    'confirmTextNumber 409',
    'sendOwnerOnMyWay 201',
    'resendOwnerText 200',
    'resendOwnerText 409',
  ];
  const reached = ['exportMyData 429', 'deleteMyAccount 403'];
  const changedByPrism = [
    'uploadOwnerPicture 201',
    'uploadOwnerPicture 422',
    'uploadOwnerGalleryPicture 201',
  ];
  // The gallery picture's files exist only after an upload, which Prism changes (above).
  const afterUpload = ['getGalleryPictureFile 200'];
  const unreachable = operations
    .flatMap((op) => [
      ...(isOwnerPath(op.path)
        ? Object.keys(op.responses)
            .map((status) => `${op.operationId} ${status}`)
            .filter((answer) => /\b(413|429)$/.test(answer) || changedByPrism.includes(answer))
        : op.security === 'required'
          ? [`${op.operationId} 403`, `${op.operationId} 429`]
          : op.operationId === 'getHealth' || op.operationId === 'getOffer'
            ? [`${op.operationId} 400`]
            : []),
      ...(op.responses['503']?.description === busy ? [`${op.operationId} 503`] : []),
      ...Object.keys(op.responses)
        .map((status) => `${op.operationId} ${status}`)
        .filter((answer) => textedOnly.includes(answer) || afterUpload.includes(answer)),
    ])
    .filter((answer) => !reached.includes(answer));
  expect([...missing].sort()).toEqual([...unreachable].sort());
  expect(seen.length).toBeGreaterThan(150);
}, 120_000);
