/**
 * The owner's private calendar feed: an iCalendar file of the Booked appointments at a public
 * address whose last part is a long random secret (`GET /calendar/{token}.ics`, no sign-in:
 * calendar apps cannot sign in), and the owner's operations that answer that address and make a
 * new one (`GET`/`POST /owner/calendar-feed`). The feed is built from the database on every
 * request, so a calendar app sees a change at its next fetch. The secret is compared in
 * constant time, never logged (`loggedPath`), and a new one ends the old address at once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ical, { ICalEventStatus } from 'ical-generator';
import { addressText, NO_ADDRESS_TEXT } from '../../domain/address';
import { jobDuration } from '../../domain/availability';
import { BUSINESS_DEFAULTS } from '../../domain/business';
import { bookingInstant } from '../../domain/dates';
import type { Booking } from '../../domain/contract/types';
import { readJobRules } from '../availability/availability';
import { toBooking, type BookingRow } from '../bookings/bookingRows';
import { statement, type Db } from '../platform/db';
import { FEED_PREFIX } from '../platform/loggedPath';
import type { BusinessIdentity, ServerOptions } from '../platform/config';
import { notFound } from '../platform/errors';
import type { OperationHandlers } from '../platform/operationTypes';
import { publicBaseUrl } from '../pictures/pictures';

/** How many random bytes the secret has (base64url: 43 characters). */
const SECRET_BYTES = 32;
/** The feed's path; the secret stands where `{token}` is. */
/** How often a calendar app is asked to fetch again (X-PUBLISHED-TTL, REFRESH-INTERVAL). */
const REFRESH_SECONDS = 15 * 60;

interface FeedRow {
  token: string;
  created_at: string;
}

interface CalendarFeedAddress {
  url: string;
  createdAt: string;
}

const readFeed = (db: Db) =>
  statement(db, 'SELECT token, created_at FROM calendar_feed WHERE id = 1').get() as
    FeedRow | undefined;

const answer = (baseUrl: string, row: FeedRow): CalendarFeedAddress => ({
  url: `${baseUrl}${FEED_PREFIX}${row.token}.ics`,
  createdAt: row.created_at,
});

/**
 * Stores a new secret, or with `keep` only when there is none yet, and answers the address.
 */
function storeSecret(db: Db, baseUrl: string, keep: boolean, now = new Date()) {
  statement(
    db,
    `INSERT INTO calendar_feed (id, token, created_at) VALUES (1, @token, @at)
     ON CONFLICT (id) DO ${keep ? 'NOTHING' : 'UPDATE SET token = excluded.token, created_at = excluded.created_at'}`,
  ).run({ token: randomBytes(SECRET_BYTES).toString('base64url'), at: now.toISOString() });
  return answer(baseUrl, readFeed(db)!);
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `token` is the feed's secret, compared in constant time (digests of equal length). */
function isFeedSecret(db: Db, token: string): boolean {
  const row = readFeed(db);
  return row !== undefined && timingSafeEqual(digest(row.token), digest(token));
}

/** What the feed says about the business: its name, and its site (the console's links). */
type Business = Pick<BusinessIdentity, 'name' | 'siteUrl'>;

/** One line per fact the owner needs at the door, and the request's page in the console. */
function eventDescription(booking: Booking, confirmed: boolean, business: Business): string {
  const addOns = booking.selectedAddons.length ? booking.selectedAddons.join(', ') : 'None';
  return [
    `Customer: ${booking.name}`,
    `Phone: ${booking.phone}`,
    `Address: ${booking.serviceAddress ? addressText(booking.serviceAddress) : NO_ADDRESS_TEXT}`,
    `Vehicle: ${[booking.vehicleType, booking.vehicle].filter(Boolean).join(', ')}`,
    `Service: ${booking.serviceName}`,
    `Add-ons: ${addOns}`,
    ...(confirmed ? [] : ['Not confirmed yet: the customer asked for this time.']),
    `Request: ${business.siteUrl}/owner/requests/${booking.bookingId}`,
  ].join('\n');
}

/**
 * The event's SEQUENCE: the whole seconds from the booking's creation to its last change. Each
 * change of a booking (a new time, a reschedule by the customer) moves `updated_at` on, so the
 * number rises with every change a calendar could see (one per second at most, the unit of
 * DTSTAMP itself), and a calendar that keeps an event whose SEQUENCE did not rise takes the new
 * time. It stays below 2^31 for 68 years.
 */
const sequenceOf = (row: Pick<BookingRow, 'created_at' | 'updated_at'>) =>
  Math.max(0, Math.floor((Date.parse(row.updated_at) - Date.parse(row.created_at)) / 1000));

/** iCalendar ends every line with CRLF, the last one too; ical-generator leaves it off. */
const endingWithCrlf = (text: string) => (text.endsWith('\r\n') ? text : `${text}\r\n`);

/**
 * The iCalendar text: one event per Booked booking that has a date and a time (a request still
 * waiting for the owner holds its time, so it is there too, TENTATIVE; a scheduled one is
 * CONFIRMED), from its start in the business's time zone (written in UTC) for as long as the
 * owner's rules say the job takes. Cancelled and completed bookings, and call-back requests
 * without a time, have none.
 */
function calendarFeedText(db: Db, business: Business): string {
  const rows = statement(
    db,
    `SELECT * FROM bookings WHERE status = 'Booked' AND date <> '' AND time <> ''
     ORDER BY date, booking_id`,
  ).all() as BookingRow[];
  const rules = readJobRules(db);
  const host = new URL(business.siteUrl).host;
  const calendar = ical({
    name: `${business.name} appointments`,
    prodId: { company: business.name, product: 'Appointments', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const row of rows) {
    const start = bookingInstant(row.date, row.time);
    if (!start) continue;
    const booking = toBooking(row);
    const job = { vehicleType: booking.vehicleType, addOns: booking.selectedAddons };
    const confirmed = row.scheduled_at !== null;
    calendar.createEvent({
      id: `${row.booking_id}@${host}`,
      start,
      end: new Date(start.getTime() + jobDuration(rules, job) * 60_000),
      stamp: new Date(row.updated_at),
      lastModified: new Date(row.updated_at),
      sequence: sequenceOf(row),
      summary: `${booking.name}: ${booking.serviceName} (${booking.vehicleType})`,
      description: eventDescription(booking, confirmed, business),
      location: booking.serviceAddress ? addressText(booking.serviceAddress) : null,
      status: confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return endingWithCrlf(calendar.toString());
}

/** The owner's operations and the public feed, one handler per openapi.yaml operation. */
export function calendarFeedHandlers(db: Db, options: ServerOptions) {
  const business = options.mail?.business ?? BUSINESS_DEFAULTS;
  const baseUrl = (request: FastifyRequest) => publicBaseUrl(options, request);
  return {
    // The address, made the first time the owner asks for it.
    getOwnerCalendarFeed: {
      run: (ctx) => ({ status: 200, body: storeSecret(db, baseUrl(ctx.request), true) }),
    },
    // A new address; the old one answers 404 from now on.
    renewOwnerCalendarFeed: {
      run: (ctx) => ({ status: 201, body: storeSecret(db, baseUrl(ctx.request), false) }),
    },
    getCalendarFeed: {
      run: (ctx) => {
        // The same answer for a wrong, old or malformed secret: nothing tells them apart.
        if (!isFeedSecret(db, String(ctx.params.token))) throw notFound('Not found');
        return {
          status: 200,
          body: calendarFeedText(db, business),
          contentType: 'text/calendar; charset=utf-8',
          headers: { 'cache-control': 'private, no-cache', 'x-robots-tag': 'noindex' },
        };
      },
    },
  } satisfies Partial<OperationHandlers>;
}
