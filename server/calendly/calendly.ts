/**
 * Bookings made in the external scheduling service (Calendly), fed by its webhook and
 * matched to customers by e-mail. Read-only for customers.
 */
import { timingSafeEqual } from 'node:crypto';
import type { CalendlyBooking, CalendlyWebhookEvent } from '../../domain/contract/types';
import { webhookSignature } from '../../domain/contract/webhookSignature';
import { newId, type Db } from '../platform/db';
import { badRequest, HttpError, unauthorized } from '../platform/errors';
import type { Customer } from '../customers/customers';

/** How far a signature's timestamp may be from now. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
export const DEFAULT_EVENT_NAME = 'Calendly Event';

/** A `v1` signature: HMAC-SHA256 in hex, exactly 64 characters. */
const SIGNATURE_HEX = /^[0-9a-f]{64}$/i;

/**
 * Throws 401 unless the header signs this exact body recently with the signing key; returns
 * the matching signature (lower-case hex), the delivery's identity for `recordDelivery`.
 */
export function verifyWebhookSignature(
  key: string | undefined,
  header: string | undefined,
  rawBody: string,
  now: Date = new Date(),
): string {
  if (!key) throw unauthorized('Webhook signing key is not configured');
  if (!header) throw unauthorized('Missing Calendly-Webhook-Signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [name, value] = item.split('=', 2).map((text) => text.trim());
    if (name && value) parts.set(name, [...(parts.get(name) ?? []), value]);
  }
  const t = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (
    !Number.isInteger(t) ||
    signatures.length === 0 ||
    !signatures.every((hex) => SIGNATURE_HEX.test(hex))
  ) {
    throw unauthorized('Malformed Calendly-Webhook-Signature header');
  }
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) {
    throw unauthorized('Webhook signature timestamp is too old');
  }
  const expected = Buffer.from(webhookSignature(key, t, rawBody), 'hex');
  const valid = signatures.find((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw unauthorized('Webhook signature does not match');
  return valid.toLowerCase();
}

/**
 * Remembers a verified delivery; 409 when the same signed request was already received (a
 * replay within the tolerance window; older ones fail the timestamp check). Deliveries older
 * than twice the window are forgotten.
 */
export function recordDelivery(db: Db, signature: string, now: Date = new Date()): void {
  const cutoff = new Date(now.getTime() - 2 * WEBHOOK_TOLERANCE_SECONDS * 1000).toISOString();
  db.prepare('DELETE FROM webhook_deliveries WHERE received_at < ?').run(cutoff);
  const stored = db
    .prepare('INSERT OR IGNORE INTO webhook_deliveries (signature, received_at) VALUES (?, ?)')
    .run(signature, now.toISOString());
  if (stored.changes === 0) throw new HttpError(409, 'This webhook delivery was already received');
}

/** The event's start as an ISO instant; 400 for a date-time JavaScript cannot read (e.g. :60). */
function startTimeOf(event: CalendlyWebhookEvent, fallback: string): string {
  const given = event.payload.scheduled_event?.start_time;
  if (!given) return fallback;
  const parsed = new Date(given);
  if (Number.isNaN(parsed.getTime())) {
    throw badRequest('body/payload/scheduled_event/start_time is not a date-time we can read');
  }
  return parsed.toISOString();
}

function answerTo(event: CalendlyWebhookEvent, test: (question: string) => boolean) {
  const found = event.payload.questions_and_answers?.find((qa) => test(qa.question ?? ''));
  const answer = found?.answer?.trim();
  return answer ? answer : null;
}

const isTypeQuestion = (q: string) => /vehicle\s*type|type of vehicle/i.test(q);

/** Applies an event; idempotent by `payload.uri`, and a cancellation is never undone. */
export function applyWebhookEvent(
  db: Db,
  event: CalendlyWebhookEvent,
  now: Date = new Date(),
): void {
  const { payload } = event;
  const at = now.toISOString();
  const startTime = startTimeOf(event, at);
  const email = payload.email.trim();
  db.prepare(
    `INSERT INTO calendly_bookings (booking_id, uri, email, email_lower, name, service_name,
       start_time, vehicle, vehicle_type, reschedule_url, cancel_url, canceled, created_at,
       updated_at)
     VALUES (@bookingId, @uri, @email, @emailLower, @name, @serviceName, @startTime, @vehicle,
       @vehicleType, @rescheduleUrl, @cancelUrl, @canceled, @at, @at)
     ON CONFLICT (uri) DO UPDATE SET
       email = excluded.email, email_lower = excluded.email_lower, name = excluded.name,
       service_name = excluded.service_name, start_time = excluded.start_time,
       vehicle = COALESCE(excluded.vehicle, vehicle),
       vehicle_type = COALESCE(excluded.vehicle_type, vehicle_type),
       reschedule_url = COALESCE(excluded.reschedule_url, reschedule_url),
       cancel_url = COALESCE(excluded.cancel_url, cancel_url),
       canceled = MAX(canceled, excluded.canceled), updated_at = excluded.updated_at`,
  ).run({
    bookingId: newId(),
    uri: payload.uri,
    email,
    emailLower: email.toLowerCase(),
    name: payload.name?.trim() ?? '',
    serviceName: payload.scheduled_event?.name?.trim() || DEFAULT_EVENT_NAME,
    startTime,
    vehicle: answerTo(event, (q) => /vehicle/i.test(q) && !isTypeQuestion(q)),
    vehicleType: answerTo(event, isTypeQuestion),
    rescheduleUrl: payload.reschedule_url?.trim() || null,
    cancelUrl: payload.cancel_url?.trim() || null,
    canceled: event.event === 'invitee.canceled' ? 1 : 0,
    at,
  });
}

interface CalendlyRow {
  booking_id: string;
  service_name: string;
  start_time: string;
  vehicle: string | null;
  vehicle_type: string | null;
  reschedule_url: string | null;
  cancel_url: string | null;
  canceled: number;
}

/**
 * Newest first. Status: Cancelled once cancelled; Completed when its start time has passed;
 * otherwise Booked.
 */
export function listCalendlyBookings(
  db: Db,
  customer: Customer,
  now: Date = new Date(),
): CalendlyBooking[] {
  if (customer.email === '') return [];
  const rows = db
    .prepare(
      `SELECT booking_id, service_name, start_time, vehicle, vehicle_type, reschedule_url,
         cancel_url, canceled
       FROM calendly_bookings WHERE email_lower = ? ORDER BY start_time DESC, rowid DESC`,
    )
    .all(customer.email.toLowerCase()) as CalendlyRow[];
  const nowIso = now.toISOString();
  return rows.map((row) => ({
    bookingId: row.booking_id,
    startTime: row.start_time,
    serviceName: row.service_name,
    status: row.canceled ? 'Cancelled' : row.start_time <= nowIso ? 'Completed' : 'Booked',
    ...(row.vehicle ? { vehicle: row.vehicle } : {}),
    ...(row.vehicle_type ? { vehicleType: row.vehicle_type } : {}),
    ...(row.reschedule_url ? { rescheduleUrl: row.reschedule_url } : {}),
    ...(row.cancel_url ? { cancelUrl: row.cancel_url } : {}),
    source: 'Calendly',
  }));
}
