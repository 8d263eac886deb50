/**
 * The customer's e-mail choices on the profile: reminders and status updates, both on until
 * turned off, stored by the API, kept when a profile save leaves them out, and obeyed by the
 * outbox. The quote confirmation goes whatever they say.
 */
import { openDatabase } from '../../server/platform/db';
import { call, quote, serveApiForTests } from './helpers';

type Json = Record<string, unknown>;

const served = serveApiForTests();
const EMAIL = 'pref@example.com';
let token = '';

beforeAll(async () => {
  token = await served.idp.idToken('pref-customer', EMAIL);
});

const send = (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, { token, body });

/** The kinds of message the outbox holds for a booking. */
function outboxKinds(bookingId: string): string[] {
  const db = openDatabase(served.api.databasePath);
  try {
    return (
      db.prepare('SELECT kind FROM outbox WHERE booking_id = ? ORDER BY rowid').all(bookingId) as {
        kind: string;
      }[]
    ).map((row) => row.kind);
  } finally {
    db.close();
  }
}

async function bookAndCancel(): Promise<{ id: string; kinds: string[] }> {
  const created = await send('POST', '/bookings', quote({ email: EMAIL, name: 'Pat Prefs' }));
  expect(created.status).toBe(201);
  const id = (created.body as Json).bookingId as string;
  expect((await send('DELETE', `/bookings/${id}`)).status).toBe(200);
  return { id, kinds: outboxKinds(id) };
}

it('are on for a new profile, replaced when sent, kept when a save leaves them out', async () => {
  const fresh = await send('GET', '/profile/me');
  expect((fresh.body as Json).emailPreferences).toEqual({ reminders: true, statusUpdates: true });

  const off = await send('PUT', '/profile/me', {
    name: 'Pat Prefs',
    emailPreferences: { reminders: false, statusUpdates: false },
  });
  expect(off.status).toBe(200);
  expect((off.body as Json).emailPreferences).toEqual({ reminders: false, statusUpdates: false });

  // The profile form saves name, phone and address only: the choices stay.
  const saved = await send('PUT', '/profile/me', { name: 'Pat Prefs', phone: '9195550100' });
  expect((saved.body as Json).emailPreferences).toEqual({
    reminders: false,
    statusUpdates: false,
  });
  expect(((await send('GET', '/profile/me')).body as Json).emailPreferences).toEqual({
    reminders: false,
    statusUpdates: false,
  });
});

it('refuses choices that are not yes/no with 400, changing nothing', async () => {
  const before = (await send('GET', '/profile/me')).body as Json;
  const cases: [unknown, string][] = [
    [{ reminders: 'no', statusUpdates: true }, 'emailPreferences/reminders must be boolean'],
    [{ reminders: true }, "must have required property 'statusUpdates'"],
    [{ reminders: true, statusUpdates: true, sms: true }, "must not have the property 'sms'"],
    [true, 'emailPreferences must be object'],
  ];
  for (const [emailPreferences, message] of cases) {
    const answer = await send('PUT', '/profile/me', { name: 'Pat Prefs', emailPreferences });
    expect(answer.status).toBe(400);
    expect((answer.body as Json).message).toContain(message);
  }
  expect((await send('GET', '/profile/me')).body).toEqual(before);
});

it('status updates off: a cancellation writes the customer no e-mail, the quote confirmation still goes', async () => {
  await send('PUT', '/profile/me', {
    name: 'Pat Prefs',
    emailPreferences: { reminders: true, statusUpdates: false },
  });
  const quiet = await bookAndCancel();
  // The owner still hears of the customer's cancellation: the customer's choices are theirs.
  expect(quiet.kinds).toEqual(['owner-quote', 'customer-quote', 'owner-customer-change']);

  await send('PUT', '/profile/me', {
    name: 'Pat Prefs',
    emailPreferences: { reminders: true, statusUpdates: true },
  });
  const told = await bookAndCancel();
  expect(told.kinds).toEqual([
    'owner-quote',
    'customer-quote',
    'customer-cancelled',
    'owner-customer-change',
  ]);
});

it('are part of the data download', async () => {
  await send('PUT', '/profile/me', {
    name: 'Pat Prefs',
    emailPreferences: { reminders: false, statusUpdates: true },
  });
  const exported = await send('GET', '/account/export');
  expect(exported.status).toBe(200);
  expect((exported.body as Json).emailPreferences).toEqual({
    reminders: false,
    statusUpdates: true,
  });
});
