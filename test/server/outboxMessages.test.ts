/**
 * The outbox's messages as the worker reads them (server/mail/outbox.ts `readMessage`, rendered by
 * server/mail/worker.ts): each kind has its own payload, every kind has a renderer (a kind without
 * one is a compile error), rows stored by earlier versions are still sent as they were meant, and
 * a row this version cannot read is given up with its reason rather than skipped or retried
 * forever.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Booking } from '../../domain/contract/types';
import { mailFromEnv } from '../../server/platform/config';
import { newOrderedId, openDatabase, type Db } from '../../server/platform/db';
import {
  readMessage,
  UnreadableMessage,
  type MessageKind,
  type OutboxRow,
  type PerMessageKind,
} from '../../server/mail/outbox';
import { startMailWorker } from '../../server/mail/worker';
import { booking as visitorBooking } from './fixtures/mailBooking';

const settings = mailFromEnv({
  OWNER_EMAIL: 'owner@shine.test',
  BUSINESS_NAME: 'Triangle Shine',
  BUSINESS_PHONE: '(919) 555-0100',
  SITE_URL: 'https://triangleshine.test',
});

/** A completed booking of an account. */
const booking: Booking = { ...visitorBooking, userId: 'user-1', status: 'Completed' };

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-messages-'));
  db = openDatabase(path.join(dir, 'app.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2099-12-19T12:00:00.000Z');

/** A row as an earlier version (or another process) wrote it. */
function store(kind: string, payload: unknown): string {
  const id = newOrderedId(NOW);
  const at = NOW.toISOString();
  db.prepare(
    `INSERT INTO outbox (id, dedupe_key, kind, audience, booking_id, payload, status, attempts,
       next_attempt_at, created_at, queued_at)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
  ).run(
    id,
    `${kind}:${id}`,
    kind,
    kind.startsWith('owner-') ? 'owner' : 'customer',
    null, // the booking itself is not needed to send it
    typeof payload === 'string' ? payload : JSON.stringify(payload),
    at,
    at,
    at,
  );
  return id;
}

/** Runs one pass of the worker with a transport that keeps what it was given. */
async function sendAll() {
  const sent: { to: string; subject: string; text: string }[] = [];
  const log: string[] = [];
  const worker = startMailWorker(db, settings, {
    now: () => NOW,
    pollMs: 60_000,
    log: (line) => log.push(line),
    transport: {
      sendMail: async (mail: { to: string; subject: string; text: string }) => {
        sent.push({ to: mail.to, subject: mail.subject, text: mail.text });
        return {};
      },
      close: () => undefined,
    } as never,
  });
  await worker.runOnce();
  await worker.stop();
  return { sent, log };
}

const row = (kind: string, payload: unknown) =>
  ({ id: 'm-1', kind, payload: JSON.stringify(payload) }) as Pick<
    OutboxRow,
    'id' | 'kind' | 'payload'
  >;

it('a table that must handle each kind of message misses none (a new kind is a compile error)', () => {
  const subjects: PerMessageKind<string> = {
    'owner-quote': (payload) => `quote from ${payload.booking.name}`,
    'owner-digest': (payload) => `${payload.digest.count} requests`,
    'owner-authenticator': (payload) => `app ${payload.change}`,
    'owner-customer-change': (payload) => `customer ${payload.change.kind}`,
    'customer-quote': (payload) => `quote ${payload.verified}`,
    'customer-completed': (payload) => `${payload.points} points`,
    'customer-cancelled': (payload) => `cancelled by ${payload.by}`,
    'customer-booked': (payload) => `booked ${payload.booking.date}`,
    'customer-rescheduled': (payload) => `moved to ${payload.booking.date}`,
    'customer-reminder': (payload) => `tomorrow ${payload.booking.time}`,
  };
  const { 'customer-reminder': reminder, ...withoutReminder } = subjects;
  // @ts-expect-error The reminder has no entry: a kind without a handler does not compile.
  const incomplete: PerMessageKind<string> = withoutReminder;
  const wrongPayload: PerMessageKind<string> = {
    ...subjects,
    // @ts-expect-error A booked message's payload has no `points` (a completed one's has).
    'customer-booked': (payload) => `${payload.points}`,
  };
  expect(reminder({ booking, verified: true })).toBe('tomorrow 10:00 AM');
  expect(Object.keys(incomplete)).not.toContain('customer-reminder');
  expect(Object.keys(wrongPayload)).toHaveLength(10);
});

it('reads each kind into its own payload, with what earlier rows left out taken as they meant it', () => {
  expect(readMessage(row('customer-completed', { booking, points: 90, credited: false }))).toEqual({
    kind: 'customer-completed',
    payload: { booking, points: 90, credited: false, account: true, verified: false },
  });
  expect(
    readMessage(row('customer-cancelled', { booking, by: 'business', verified: true })),
  ).toEqual({
    kind: 'customer-cancelled',
    payload: { booking, by: 'business', verified: true },
  });
  expect(readMessage(row('owner-quote', { booking, signedIn: true }))).toEqual({
    kind: 'owner-quote',
    payload: { booking, signedIn: true },
  });
  const digest = { since: NOW.toISOString(), count: 1, requests: [] };
  expect(readMessage(row('owner-digest', { digest }))).toEqual({
    kind: 'owner-digest',
    payload: { digest },
  });
});

it('refuses a kind it does not know, or a payload without what its kind needs, naming why', () => {
  expect(() => readMessage(row('customer-invoice', { booking }))).toThrow(
    new UnreadableMessage('m-1', 'unknown kind "customer-invoice"'),
  );
  expect(() => readMessage(row('customer-booked', { verified: true }))).toThrow(
    new UnreadableMessage('m-1', 'its payload has no booking'),
  );
  expect(() => readMessage(row('owner-digest', { booking }))).toThrow(
    new UnreadableMessage('m-1', 'its payload has no digest'),
  );
  expect(() =>
    readMessage({ id: 'm-2', kind: 'customer-booked' as MessageKind, payload: '{not json' }),
  ).toThrow(new UnreadableMessage('m-2', 'its payload is not JSON'));
});

it('a completed message stored before `verified` and `account` existed is still sent, as then', async () => {
  store('customer-completed', { booking, points: 90, credited: false });
  const { sent } = await sendAll();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.to).toBe('sam@example.com');
  expect(sent[0]?.subject).toBe('Your detail is done: Triangle Shine');
  // `account` absent: an account may claim it; `verified` absent: nobody verified the address.
  expect(sent[0]?.text).toContain(
    'This booking is worth 90 loyalty points: sign in with sam@example.com and answer "This was me"',
  );
  expect(sent[0]?.text).toContain('Did not ask us for this?');
});

it('a row of a kind this version does not know is given up with the reason, and the others are sent', async () => {
  const unknown = store('customer-invoice', { booking });
  store('customer-booked', { booking: { ...booking, status: 'Booked' }, verified: true });
  const { sent, log } = await sendAll();
  expect(sent.map((mail) => mail.subject)).toEqual(['Your appointment is booked: Triangle Shine']);
  expect(
    db.prepare('SELECT status, failure, last_error FROM outbox WHERE id = ?').get(unknown),
  ).toEqual({
    status: 'failed',
    failure: 'refused',
    last_error: `Message ${unknown} cannot be read by this version: unknown kind "customer-invoice"`,
  });
  expect(log.join('\n')).toContain(`unknown kind "customer-invoice"`);
});
