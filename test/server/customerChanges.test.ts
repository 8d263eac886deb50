/**
 * A customer's own change (moved, edited or cancelled from My Bookings), measured where a mail
 * server receives it and where the owner's console reads it:
 * - the customer's first e-mail about their own change goes at once (not 10 minutes after the
 *   confirmation); follow-ups within MAIL_LIMITS.statusEveryMs are coalesced into the latest state;
 * - the owner gets an e-mail of their own, coalesced the same way;
 * - the owner's inbox, route and customer page carry a mark saying what changed, from what to
 *   what, and when, until the owner says "Seen" (stored on the server).
 */
import { MAIL_LIMITS } from '../../server/platform/rules';
import { openDatabase } from '../../server/platform/db';
import { call, futureDate, quoteRequest, until } from './helpers';
import type { Received } from './fixtures/smtpRecorder';
import { startMailStack, type MailStack } from './fixtures/mailStack';

jest.setTimeout(90_000);

const OWNER = 'owner@triangleshine.test';
const CUSTOMER = 'mover@example.com';

let stack: MailStack;
let token: string;
let ownerToken: string;

beforeEach(async () => {
  stack = await startMailStack({}, { OWNER_EMAIL: OWNER });
  token = await stack.idp.idToken('mover-sub', CUSTOMER);
  ownerToken = await stack.idp.ownerToken('owner-sub');
});
afterEach(() => stack.close());

/** The message's text as a reader sees it (quoted-printable soft breaks and escapes undone). */
const readable = (message: Received) =>
  message.raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const subject = (message: Received) => /^Subject:\s*(.+)$/im.exec(readable(message))?.[1] ?? '';
const to = (address: string) => stack.smtp.accepted.filter((m) => m.to === address);

const customer = (method: string, url: string, body?: unknown) =>
  call(stack.api.baseUrl, method, url, { token, body });
const owner = (method: string, url: string, body?: unknown) =>
  call(stack.api.baseUrl, method, url, { token: ownerToken, body });

interface Mark {
  kind: string;
  at: string;
  from: { date?: string; time?: string; vehicleType: string; vehicle: string };
  to: { date?: string; time?: string; vehicleType: string; vehicle: string };
}
interface OwnerBookingBody {
  bookingId: string;
  customerChange?: Mark | null;
}

async function booked(): Promise<{ id: string; date: string; time: string }> {
  const request = quoteRequest({ email: CUSTOMER });
  const created = await customer('POST', '/bookings', request);
  expect(created.status).toBe(201);
  const id = (created.body as { bookingId: string }).bookingId;
  // The confirmation and the owner's new-request e-mail went.
  await until(() => to(CUSTOMER).length === 1 && to(OWNER).length === 1, 'the first two e-mails');
  return { id, date: request.date!, time: request.time! };
}

const move = (id: string, date: string, time = '4:00 PM', vehicleType = 'SUV') =>
  customer('PUT', `/bookings/${id}`, {
    date,
    time,
    vehicleType,
    vehicle: '2020 Subaru Outback',
    totalPrice: 145,
  });

async function inboxMark(id: string): Promise<Mark | null | undefined> {
  const page = await owner('GET', '/owner/requests');
  expect(page.status).toBe(200);
  const items = (page.body as { items: OwnerBookingBody[] }).items;
  return items.find((item) => item.bookingId === id)?.customerChange;
}

function outboxRows(id: string) {
  const db = openDatabase(stack.api.databasePath);
  try {
    return db
      .prepare(
        'SELECT kind, audience, status, payload, next_attempt_at, sent_at FROM outbox WHERE booking_id = ? ORDER BY rowid',
      )
      .all(id) as {
      kind: string;
      audience: string;
      status: string;
      payload: string;
      next_attempt_at: string;
      sent_at: string | null;
    }[];
  } finally {
    db.close();
  }
}

it("a customer's move right after the confirmation: the customer's and the owner's e-mails arrive within a minute", async () => {
  const { id } = await booked();
  const newDate = futureDate(30);
  const changedAt = Date.now();
  expect((await move(id, newDate)).status).toBe(200);
  await until(
    () => to(CUSTOMER).length === 2 && to(OWNER).length === 2,
    "the customer's and the owner's e-mails about the move",
    60_000,
  );
  const took = Date.now() - changedAt;
  expect(took).toBeLessThan(60_000);
  const [, rescheduled] = to(CUSTOMER);
  expect(subject(rescheduled!)).toMatch(/^Booking rescheduled/);
  const [, ownerMail] = to(OWNER);
  expect(subject(ownerMail!)).toBe(
    'Sam Carter moved their booking: Triangle Shine Mobile Detailing',
  );
  const text = readable(ownerMail!);
  expect(text).toMatch(/Customer moved this from .+ to .+4:00 PM/);
  expect(text).toContain(`/owner/requests/${id}`);
  // Nothing the customer typed as free text beyond what the owner's e-mails hold already.
  expect(text).not.toContain('Gate code 1234');
});

it('follow-ups within 10 minutes are coalesced into one e-mail each, saying the latest state, due 10 minutes after the first', async () => {
  const { id } = await booked();
  expect((await move(id, futureDate(30))).status).toBe(200);
  await until(() => to(CUSTOMER).length === 2 && to(OWNER).length === 2, 'the first e-mails');
  expect((await move(id, futureDate(31))).status).toBe(200);
  expect((await customer('DELETE', `/bookings/${id}`)).status).toBe(200);
  // Nothing more goes now…
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(to(CUSTOMER)).toHaveLength(2);
  expect(to(OWNER)).toHaveLength(2);
  // …one message each waits, with the latest state, until 10 minutes after the first went.
  const rows = outboxRows(id);
  const waiting = rows.filter((row) => row.status === 'pending');
  expect(waiting.map((row) => [row.audience, row.kind])).toEqual([
    ['customer', 'customer-cancelled'],
    ['owner', 'owner-customer-change'],
  ]);
  for (const audience of ['customer', 'owner']) {
    const sent = rows.filter((row) => row.audience === audience && row.sent_at).pop()!;
    const pending = waiting.find((row) => row.audience === audience)!;
    expect(Date.parse(pending.next_attempt_at) - Date.parse(sent.sent_at!)).toBeGreaterThanOrEqual(
      MAIL_LIMITS.statusEveryMs,
    );
  }
  const ownerPayload = JSON.parse(waiting[1]!.payload) as { change: Mark };
  expect(ownerPayload.change.kind).toBe('cancelled');
});

it("the owner's inbox, route and customer page mark the change until the owner says Seen", async () => {
  const { id, date, time } = await booked();
  expect(await inboxMark(id)).toBeFalsy();
  const newDate = futureDate(30);
  expect((await move(id, newDate)).status).toBe(200);
  const mark = await inboxMark(id);
  expect(mark).toMatchObject({
    kind: 'moved',
    from: { date, time },
    to: { date: newDate, time: '4:00 PM' },
  });
  expect(Date.now() - Date.parse(mark!.at)).toBeLessThan(60_000);
  // A second move before the owner saw the first: from the first time to the latest.
  const later = futureDate(32);
  expect((await move(id, later, '5:00 PM')).status).toBe(200);
  const merged = await inboxMark(id);
  expect(merged).toMatchObject({ from: { date, time }, to: { date: later, time: '5:00 PM' } });
  const route = await owner('GET', `/owner/route?from=${later}`);
  expect(
    (route.body as OwnerBookingBody[]).find((b) => b.bookingId === id)?.customerChange,
  ).toEqual(merged);
  const page = await owner('GET', '/owner/customers/mover-sub');
  expect(page.status).toBe(200);
  const held = (page.body as { bookings: OwnerBookingBody[] }).bookings;
  expect(held.find((b) => b.bookingId === id)?.customerChange).toEqual(merged);

  // "Seen" for an older change than the one stored keeps the mark (the owner has not seen it).
  const stale = await owner('POST', `/owner/bookings/${id}/customer-change/seen`, {
    at: mark!.at,
  });
  expect(stale.status).toBe(200);
  expect((stale.body as OwnerBookingBody).customerChange).toEqual(merged);
  const seen = await owner('POST', `/owner/bookings/${id}/customer-change/seen`, {
    at: merged!.at,
  });
  expect(seen.status).toBe(200);
  expect((seen.body as OwnerBookingBody).customerChange).toBeFalsy();
  expect(await inboxMark(id)).toBeFalsy();

  // Cancelling afterwards is a new mark.
  expect((await customer('DELETE', `/bookings/${id}`)).status).toBe(200);
  expect(await inboxMark(id)).toMatchObject({ kind: 'cancelled' });
});

it('changing only the vehicle type is an edit; an unchanged save is nothing', async () => {
  const { id, date, time } = await booked();
  expect((await move(id, date, time, 'SUV')).status).toBe(200);
  expect(await inboxMark(id)).toBeFalsy();
  expect((await move(id, date, time, 'Sedan')).status).toBe(200);
  expect(await inboxMark(id)).toMatchObject({
    kind: 'edited',
    from: { vehicleType: 'SUV' },
    to: { vehicleType: 'Sedan' },
  });
  await until(() => to(OWNER).length === 2, "the owner's e-mail about the edit");
  expect(readable(to(OWNER)[1]!)).toContain('Customer changed the vehicle type from SUV to Sedan');
});

it('"Seen" takes a change time: anything else is 400, an unknown booking 404, a customer 403', async () => {
  const { id } = await booked();
  const path = `/owner/bookings/${id}/customer-change/seen`;
  expect((await owner('POST', path, {})).status).toBe(400);
  expect((await owner('POST', path, { at: 'yesterday' })).status).toBe(400);
  expect(
    (
      await owner('POST', '/owner/bookings/65a1f0c2e4b0a1b2c3d4e5f6/customer-change/seen', {
        at: new Date().toISOString(),
      })
    ).status,
  ).toBe(404);
  expect((await customer('POST', path, { at: new Date().toISOString() })).status).toBe(403);
});
