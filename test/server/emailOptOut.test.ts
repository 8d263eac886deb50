/**
 * The one-click unsubscribe (RFC 8058) of reminders and status e-mails: the e-mail carries
 * `List-Unsubscribe` with a link signed for its address and kind and `List-Unsubscribe-Post`;
 * posting the link (no sign-in) stores the opt-out and no e-mail of that kind goes to that
 * address again; a tampered link is refused. Measured at a real SMTP server behind a real API.
 */
import { openDatabase } from '../../server/platform/db';
import { optOutHeaders } from '../../server/mail/worker';
import { call, quoteRequest, until } from './helpers';
import type { Received } from './fixtures/smtpRecorder';
import { startMailStack, type MailStack } from './fixtures/mailStack';

jest.setTimeout(60_000);

const PUBLIC_API_URL = 'https://api.triangleshine.test';
const EMAIL = 'unsub@example.com';

let stack: MailStack;
let token = '';

beforeAll(async () => {
  stack = await startMailStack({ publicApiUrl: PUBLIC_API_URL });
  token = await stack.idp.idToken('unsub-customer', EMAIL);
});
afterAll(() => stack.close());

/** A header of a sent message, unfolded (RFC 5322). */
const header = (message: Received, name: string) =>
  new RegExp(`^${name}:\\s*((?:.|\\r\\n[ \\t])+)`, 'im')
    .exec(message.raw.split('\r\n\r\n')[0] ?? '')?.[1]
    ?.replace(/\r\n[ \t]+/g, '') ?? '';

const cancelled = () =>
  stack.smtp.accepted.filter((m) => m.to === EMAIL && /^Subject: Booking cancelled/m.test(m.raw));

/**
 * The ten minutes between two e-mails about a booking pass (MAIL_LIMITS.statusEveryMs): the
 * waiting status e-mails are due now.
 */
function tenMinutesLater(): void {
  const db = openDatabase(stack.api.databasePath);
  try {
    db.prepare("UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending'").run(
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

async function bookAndCancel(): Promise<string> {
  const created = await call(stack.api.baseUrl, 'POST', '/bookings', {
    token,
    body: quoteRequest({ email: EMAIL }),
  });
  expect(created.status).toBe(201);
  const id = (created.body as { bookingId: string }).bookingId;
  expect((await call(stack.api.baseUrl, 'DELETE', `/bookings/${id}`, { token })).status).toBe(200);
  return id;
}

/** The link's path and query, sent to the API under test (its public address is elsewhere). */
const local = (link: URL, change: (query: URLSearchParams) => void = () => undefined) => {
  const query = new URLSearchParams(link.search);
  change(query);
  return `${link.pathname}?${query.toString()}`;
};

const onePost = (url: string) =>
  call(stack.api.baseUrl, 'POST', url, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

it('a status e-mail carries a signed one-click link; a tampered one is refused, a valid one turns them off', async () => {
  await bookAndCancel();
  tenMinutesLater();
  await until(() => cancelled().length === 1, 'the cancellation e-mail');
  const message = cancelled()[0]!;
  expect(header(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const listUnsubscribe = header(message, 'List-Unsubscribe');
  expect(listUnsubscribe).toMatch(/^<https:\/\/api\.triangleshine\.test\/email-opt-outs\?.+>$/);
  const link = new URL(listUnsubscribe.slice(1, -1));
  expect(link.searchParams.get('email')).toBe(EMAIL);
  expect(link.searchParams.get('kind')).toBe('statusUpdates');

  // Tampered: another signature, another address, another kind.
  const flip = (query: URLSearchParams) => {
    const signature = query.get('signature')!;
    query.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
  };
  for (const change of [
    flip,
    (query: URLSearchParams) => query.set('email', 'someone.else@example.com'),
    (query: URLSearchParams) => query.set('kind', 'reminders'),
  ]) {
    const refused = await onePost(local(link, change));
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe('The link is not valid');
  }
  const malformed = await onePost(local(link, (query) => query.set('signature', 'xyz')));
  expect(malformed.status).toBe(400);
  // RFC 8058 allows the body as multipart/form-data too: accepted, and the link still checked.
  const form = new FormData();
  form.append('List-Unsubscribe', 'One-Click');
  const multipart = await fetch(`${stack.api.baseUrl}${local(link, flip)}`, {
    method: 'POST',
    body: form,
  });
  expect(multipart.status).toBe(403);
  // Opening the link changes nothing: a page with a button.
  const page = await fetch(`${stack.api.baseUrl}${local(link)}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('<form method="post">');
  expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
  const profile = async () =>
    (
      (await call(stack.api.baseUrl, 'GET', '/profile/me', { token })).body as {
        emailPreferences: unknown;
      }
    ).emailPreferences;
  expect(await profile()).toEqual({ reminders: true, statusUpdates: true });

  // The one-click post, without signing in.
  const done = await onePost(local(link));
  expect(done.status).toBe(200);
  expect(await profile()).toEqual({ reminders: true, statusUpdates: false });

  // No status e-mail to the address any more.
  const id = await bookAndCancel();
  await until(
    () => stack.smtp.accepted.filter((m) => m.to === EMAIL).length === 3,
    'the confirmation',
  );
  tenMinutesLater();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(cancelled()).toHaveLength(1);
  const db = openDatabase(stack.api.databasePath);
  try {
    expect(
      db
        .prepare("SELECT kind FROM outbox WHERE booking_id = ? AND kind = 'customer-cancelled'")
        .all(id),
    ).toEqual([]);
  } finally {
    db.close();
  }

  // Turned back on in the profile: the opt-out goes.
  const on = await call(stack.api.baseUrl, 'PUT', '/profile/me', {
    token,
    body: { name: 'Una Sub', emailPreferences: { reminders: true, statusUpdates: true } },
  });
  expect(on.status).toBe(200);
  await bookAndCancel();
  tenMinutesLater();
  await until(() => cancelled().length === 2, 'a cancellation e-mail again');
});

it('the confirmation of a quote carries no unsubscribe link (it is not a kind one turns off)', async () => {
  const confirmations = stack.smtp.accepted.filter((m) => /^Subject: We received/m.test(m.raw));
  expect(confirmations.length).toBeGreaterThan(0);
  for (const message of confirmations) expect(header(message, 'List-Unsubscribe')).toBe('');
});

it('reminders carry a link that turns reminders off; the quote and the owner e-mails carry none', () => {
  const optOut = { apiBaseUrl: PUBLIC_API_URL, secret: 'secret' };
  const reminder = optOutHeaders('customer-reminder', 'Sam@Example.com', optOut);
  const link = new URL(reminder['List-Unsubscribe']!.slice(1, -1));
  expect(link.searchParams.get('kind')).toBe('reminders');
  expect(link.searchParams.get('email')).toBe('sam@example.com');
  expect(reminder['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  for (const kind of ['customer-quote', 'owner-quote', 'owner-digest'] as const)
    expect(optOutHeaders(kind, 'sam@example.com', optOut)).toEqual({});
  // Without the API's public address there is no link to give.
  expect(optOutHeaders('customer-reminder', 'sam@example.com', undefined)).toEqual({});
});
