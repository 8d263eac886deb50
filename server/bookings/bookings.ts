/** Website bookings: quote requests, their changes while Booked, and completion. */
import type { Booking, BookingUpdate, QuoteRequest } from '../../domain/contract/types';
import {
  appointmentText,
  calendarDayText,
  localNow,
  minutesOfDay,
  todayLocal,
} from '../../domain/dates';
import { inWriteTransaction, newId, statement, type Db } from '../platform/db';
import { badRequest, conflict, HttpError } from '../platform/errors';
import {
  creditCompletedBooking,
  removeCompletedBookingCredit,
  type Customer,
} from '../customers/customers';
import { assertBelowCap } from '../customers/caps';
import {
  addonNames,
  isOfferedAddon,
  orderedAddons,
  PREMIUM_PACKAGE,
  quoteTotal,
} from '../../domain/pricing';
import type { Offer } from '../../domain/offer';
import { formatUsd } from '../../domain/money';
import { offeredTimes } from '../../domain/availability';
import { pointsForCompletedBooking } from '../../domain/loyalty';
import { DEFAULT_SERVICE_NAME } from '../../domain/business';
import { textNumber } from '../../domain/texts';
import { DONE_MAIL_DELAY_MS, UNDO_COMPLETION_MS } from '../../domain/completion';
import {
  enqueueBookingEvent,
  enqueueQuote,
  releaseCompletedMessage,
  withdrawCompletedMessage,
} from '../mail/outbox';
import { bookingRow, OWNED, owner, ownedBooking, toBooking, type BookingRow } from './bookingRows';
import { readPublishedOffer } from '../offer/offer';
import {
  assertFree,
  assertLongerJobFits,
  OWNER,
  readRules,
  visitorHoldUntil,
} from '../availability/availability';
import { noteCustomerChange } from './customerChanges';

/** `notify: false` changes a booking without e-mail (the demo history the seed writes). */
export interface ChangeOptions {
  notify?: boolean;
  /** The words beside the quote form's "Text me about this request" (domain/texts.ts). */
  textConsent?: string;
}

/** `16:00` → `4:00 PM`; the 12-hour form is kept as it is. */
export function displayTime(time: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!match) return time.trim();
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The add-ons the customer chose; none for a Premium Package, which comes with all of them. */
function chosenAddons(offer: Offer, type: string, selected: readonly string[]): string[] {
  return type === PREMIUM_PACKAGE ? [] : orderedAddons(offer, selected);
}

/** What a Premium Package includes under the offer (JSON, for `package_addons`); null otherwise. */
const packageAddons = (offer: Offer, type: string): string | null =>
  type === PREMIUM_PACKAGE ? JSON.stringify(addonNames(offer)) : null;

/** 400 naming the first add-on the published offer does not have turned on. */
function assertOfferedAddons(offer: Offer, selected: readonly string[]): void {
  const index = selected.findIndex((name) => !isOfferedAddon(offer, name));
  if (index < 0) return;
  throw badRequest(
    `body/selectedAddons/${index}: "${selected[index]}" is not one of our add-ons (${addonNames(offer).join(', ')})`,
  );
}

/**
 * 409 when the total the sender saw is not the published offer's for the same choice (the offer
 * was published again after their page was loaded): nobody is charged a price they did not see.
 */
function assertTotalSeen(sent: number, total: number, version: number): void {
  if (sent === total) return;
  throw new HttpError(
    409,
    `Our prices changed since this page was loaded; the total is now ${formatUsd(total)}. Please check it and send again.`,
    {},
    { totalPrice: total, offerVersion: version },
  );
}

function assertNotPast(date: string, now: Date): void {
  if (date < todayLocal(now)) throw badRequest('body/date must not be earlier than today');
}

/**
 * A customer's time: one the owner's rules offer that day (offeredTimes, the generator
 * GET /availability answers from) and not already past in New York; 400 naming `body/time`
 * otherwise. Whether it is free is assertFree's question (409).
 */
function assertOffered(db: Db, date: string, time: string, now: Date): void {
  const asked = displayTime(time);
  const times = offeredTimes(readRules(db), date);
  if (!times.includes(asked)) {
    const offered = times.join(', ') || 'none';
    throw badRequest(
      `body/time ${asked} is not a time we offer on ${date}; the times that day: ${offered}`,
    );
  }
  const clock = localNow(now);
  if (date === clock.date && minutesOfDay(asked) <= clock.minutes) {
    throw badRequest(
      `body/time ${appointmentText({ date, time: asked })} has already passed in New York; please choose a later time`,
    );
  }
}

/** The address's own fields as JSON (anything else the body carried is dropped), or null. */
function storedAddress(address: QuoteRequest['serviceAddress']): string | null {
  if (!address) return null;
  const { line1, line2, city, state, zip } = address;
  return JSON.stringify({
    line1: line1.trim(),
    ...(line2?.trim() ? { line2: line2.trim() } : {}),
    city: city.trim(),
    state: state.trim(),
    zip,
  });
}

export interface NewBooking extends QuoteRequest {
  status?: Booking['status'];
}

/**
 * Stores a quote request as a Booked booking; the total is recomputed from the price list. The
 * date may not be in the past and the time must be one the quote form offers that day and free
 * (../availability/availability.ts; call it in a write transaction), except for demo data (`demo`), which is
 * laid out around today by the seed.
 */
export function createBooking(
  db: Db,
  input: NewBooking,
  customer: Customer | null,
  now: Date = new Date(),
  options: { demo?: boolean } = {},
): Booking {
  const { offer, version } = readPublishedOffer(db);
  assertOfferedAddons(offer, input.selectedAddons);
  const addOns = chosenAddons(offer, input.vehicleType, input.selectedAddons);
  const total = quoteTotal(offer, input.vehicleType, addOns);
  if (!options.demo) assertTotalSeen(input.totalPrice, total, version);
  if (input.date && !options.demo) {
    assertNotPast(input.date, now);
    if (input.time) {
      assertOffered(db, input.date, input.time, now);
      const asked = { date: input.date, time: displayTime(input.time) };
      assertFree(db, { ...asked, vehicleType: input.vehicleType, addOns }, now);
    }
  }
  if (customer) assertBelowCap(db, customer.userId, 'openBookings');
  const bookingId = newId();
  const chosen = JSON.stringify(addOns);
  const at = now.toISOString();
  const email = input.email.trim();
  // A visitor's time is held within bounds and lapses (docs/product.md §5, holds); a customer's,
  // and a request without a time (which holds nothing anyway), have no end.
  const holdUntil =
    customer === null && input.date && input.time && !options.demo
      ? visitorHoldUntil(db, input.date, email.toLowerCase(), now)
      : null;
  db.prepare(
    `INSERT INTO bookings (booking_id, user_id, name, email, email_lower, phone, date, time,
       vehicle_type, vehicle, selected_addons, package_addons, total_price, status, service_name,
       message, service_address, hold_until, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    bookingId,
    customer?.userId ?? null,
    input.name.trim(),
    email,
    email.toLowerCase(),
    input.phone.trim(),
    input.date ?? '',
    displayTime(input.time ?? ''),
    input.vehicleType,
    input.vehicle?.trim() ?? '',
    chosen,
    packageAddons(offer, input.vehicleType),
    total,
    input.status ?? 'Booked',
    DEFAULT_SERVICE_NAME,
    input.message?.trim() ?? '',
    storedAddress(input.serviceAddress),
    holdUntil,
    at,
    at,
  );
  return toBooking(bookingRow(db, bookingId));
}

/**
 * A quote request from the website: stored as a Booked booking, with the owner's e-mail and the
 * customer's confirmation written to the outbox in the same transaction (sent by the mail
 * worker, so the answer never waits on SMTP). The check that its time is free runs in that
 * transaction too (BEGIN IMMEDIATE), so two requests for one slot never both pass it. In
 * "Instant booking" mode the appointment is booked at once, and the customer is told so.
 */
export function requestQuote(
  db: Db,
  input: QuoteRequest,
  customer: Customer | null,
  now: Date = new Date(),
  options: ChangeOptions = {},
): Booking {
  const textTo = input.textMe === true ? textNumber(input.phone) : null;
  if (input.textMe === true && !textTo)
    throw badRequest('body/phone must be a US phone number to get texts (10 digits)');
  return inWriteTransaction(db, () => {
    const booking = createBooking(db, input, customer, now);
    // The sender ticked "Text me about this request": the consent, with its time and words.
    if (textTo)
      statement(
        db,
        `UPDATE bookings SET text_number = ?, text_consent_at = ?, text_consent_wording = ?
         WHERE booking_id = ?`,
      ).run(textTo, now.toISOString(), options.textConsent ?? '', booking.bookingId);
    if (options.notify !== false) enqueueQuote(db, booking, customer !== null, now);
    // "Instant booking": a customer's asked time is the appointment, booked now (as
    // scheduleBooking does). A visitor's request waits for the owner: anyone can type any name
    // and e-mail, and a booked time would hold for good.
    if (customer && booking.date && booking.time && readRules(db).mode === 'instant') {
      statement(db, 'UPDATE bookings SET scheduled_at = ? WHERE booking_id = ?').run(
        now.toISOString(),
        booking.bookingId,
      );
      if (options.notify !== false) {
        enqueueBookingEvent(db, booking.bookingId, { kind: 'booked' }, now);
      }
      return { ...booking, awaitingConfirmation: false };
    }
    return booking;
  });
}

/** The bookings matching an SQL condition on `bookings`, newest first. */
export function bookingsWhere(
  db: Db,
  condition: string,
  params: Record<string, string>,
): Booking[] {
  // `condition` is one of a few constants (OWNED, claims.ts's CLAIMABLE), so the cache stays small.
  const rows = statement(
    db,
    `SELECT * FROM bookings WHERE ${condition} ORDER BY created_at DESC, rowid DESC`,
  ).all(params) as BookingRow[];
  return rows.map(toBooking);
}

/** Newest first. */
export function listBookings(db: Db, customer: Customer): Booking[] {
  return bookingsWhere(db, OWNED, owner(customer));
}

/**
 * Reschedules or corrects a Booked booking. The add-ons stay the ones the customer chose, so a
 * change of vehicle type never adds any (a Premium Package includes them all while it lasts),
 * and the total is recomputed from the price list.
 */
export function updateBooking(
  db: Db,
  customer: Customer,
  bookingId: string,
  input: BookingUpdate,
  now: Date = new Date(),
): Booking {
  return inWriteTransaction(db, () => {
    const row = ownedBooking(db, customer, bookingId);
    if (row.status !== 'Booked') throw conflict('Only Booked bookings can be changed');
    assertNotPast(input.date, now);
    const moved = row.date !== input.date || row.time !== displayTime(input.time);
    const retyped = row.vehicle_type !== input.vehicleType;
    const addOns = JSON.parse(row.selected_addons) as string[];
    const asked = { date: input.date, time: displayTime(input.time) };
    if (moved) {
      assertOffered(db, input.date, input.time, now);
      assertFree(db, { ...asked, vehicleType: input.vehicleType, addOns }, now, bookingId);
    } else if (retyped) {
      const before = { vehicleType: row.vehicle_type, addOns };
      assertLongerJobFits(
        db,
        before,
        { ...asked, vehicleType: input.vehicleType, addOns },
        now,
        bookingId,
      );
    }
    // The stored total and add-ons stay while the type stays; a new type is priced by the
    // published offer (a Premium Package then includes the add-ons on offer now).
    const { offer } = readPublishedOffer(db);
    const chosen = JSON.parse(row.selected_addons) as string[];
    db.prepare(
      `UPDATE bookings SET date = ?, time = ?, vehicle_type = ?, vehicle = ?, total_price = ?,
         package_addons = ?, updated_at = ?
       WHERE booking_id = ?`,
    ).run(
      input.date,
      displayTime(input.time),
      input.vehicleType,
      input.vehicle.trim(),
      retyped ? quoteTotal(offer, input.vehicleType, chosen) : row.total_price,
      retyped ? packageAddons(offer, input.vehicleType) : row.package_addons,
      now.toISOString(),
      bookingId,
    );
    if (moved) enqueueBookingEvent(db, bookingId, { kind: 'rescheduled', by: 'customer' }, now);
    noteCustomerChange(db, row, false, now);
    return toBooking(bookingRow(db, bookingId));
  });
}

/** Cancels a Booked booking (the record stays). */
export function cancelBooking(
  db: Db,
  customer: Customer,
  bookingId: string,
  now: Date = new Date(),
  options: ChangeOptions = {},
): Booking {
  return inWriteTransaction(db, () => {
    const row = ownedBooking(db, customer, bookingId);
    if (row.status !== 'Booked') throw conflict('Only Booked bookings can be cancelled');
    db.prepare("UPDATE bookings SET status = 'Cancelled', updated_at = ? WHERE booking_id = ?").run(
      now.toISOString(),
      bookingId,
    );
    if (options.notify !== false) {
      enqueueBookingEvent(db, bookingId, { kind: 'cancelled', by: 'customer' }, now);
      noteCustomerChange(db, row, true, now);
    }
    return toBooking(bookingRow(db, bookingId));
  });
}

export interface CompletionResult {
  booking: Booking;
  /** The customer credited, or null for an anonymous request nobody has claimed yet. */
  userId: string | null;
  points: number;
}

interface CompletionOptions extends ChangeOptions {
  /** The owner confirmed the job was done before its appointment's day. */
  doneEarly?: boolean;
}

/**
 * Marks a Booked booking Completed and writes the earn entry for its owner, in one transaction.
 * An anonymous request earns its points when its owner claims it. An appointment on a later day
 * (business time zone) is refused unless `doneEarly`. The customer's "done" e-mail waits until
 * the owner says the pictures are in (`picturesAreIn`), or DONE_MAIL_DELAY_MS.
 */
export function completeBooking(
  db: Db,
  bookingId: string,
  now: Date = new Date(),
  options: CompletionOptions = {},
): CompletionResult {
  return inWriteTransaction(db, () => {
    const row = bookingRow(db, bookingId);
    if (row.status !== 'Booked') {
      throw new HttpError(409, `Booking ${bookingId} is ${row.status}, not Booked`);
    }
    if (row.date && row.date > todayLocal(now) && !options.doneEarly) {
      throw conflict(
        `The appointment is on ${calendarDayText(row.date)}, after today: confirm the job was done early to complete it now`,
      );
    }
    const at = now.toISOString();
    db.prepare(
      "UPDATE bookings SET status = 'Completed', completed_at = ?, updated_at = ? WHERE booking_id = ?",
    ).run(at, at, bookingId);
    const userId = row.user_id;
    const completed = { ...row, status: 'Completed' as const, updated_at: at };
    if (userId) creditCompletedBooking(db, userId, completed);
    const points = pointsForCompletedBooking(row.total_price, row.vehicle_type);
    if (options.notify !== false) {
      // Nobody's request: whether an account has its address (it can claim it) or not (a visitor).
      const account =
        userId !== null ||
        statement(db, 'SELECT 1 FROM customers WHERE email_lower = ? LIMIT 1').get(
          row.email_lower,
        ) !== undefined;
      enqueueBookingEvent(
        db,
        bookingId,
        { kind: 'completed', points, credited: userId !== null, account },
        now,
        new Date(now.getTime() + DONE_MAIL_DELAY_MS),
      );
    }
    return { booking: toBooking(completed), userId, points };
  });
}

/** The Completed booking, or 409. */
function completedRow(db: Db, bookingId: string): BookingRow {
  const row = bookingRow(db, bookingId);
  if (row.status !== 'Completed') {
    throw conflict(`Booking ${bookingId} is ${row.status}, not Completed`);
  }
  return row;
}

/**
 * Takes a completion back within UNDO_COMPLETION_MS: the booking is Booked again, its earn entry
 * is removed (whichever account it credited) and its "done" e-mail, if not sent yet, withdrawn.
 * A second undo finds it Booked: 409.
 */
export function undoCompletion(db: Db, bookingId: string, now: Date = new Date()): BookingRow {
  return inWriteTransaction(db, () => {
    const row = completedRow(db, bookingId);
    const since = row.completed_at ? now.getTime() - Date.parse(row.completed_at) : Infinity;
    if (!(since <= UNDO_COMPLETION_MS)) {
      throw conflict('A completion can be undone only within 10 minutes of marking it done');
    }
    removeCompletedBookingCredit(db, bookingId);
    withdrawCompletedMessage(db, bookingId);
    db.prepare(
      "UPDATE bookings SET status = 'Booked', completed_at = NULL, updated_at = ? WHERE booking_id = ?",
    ).run(now.toISOString(), bookingId);
    return bookingRow(db, bookingId);
  });
}

/** The owner says a Completed booking's pictures are in: its "done" e-mail goes now. */
export function picturesAreIn(db: Db, bookingId: string, now: Date = new Date()): void {
  inWriteTransaction(db, () => {
    completedRow(db, bookingId);
    releaseCompletedMessage(db, bookingId, now);
  });
}

/**
 * Sets (or changes) a Booked booking's appointment, and the owner's note when one is given. A
 * new date or time must be one of the owner's free times (./availability.ts, checked in this
 * write transaction as a quote's is) unless `override` says the owner chose it anyway; the
 * booking's own time is always kept. The first time the owner sets it, the customer hears that
 * their appointment is booked (even at the time they asked for); after that, only a change of
 * date or time is news (a new time).
 */
export function scheduleBooking(
  db: Db,
  bookingId: string,
  input: { date: string; time: string; note?: string; override?: boolean },
  now: Date = new Date(),
): BookingRow {
  return inWriteTransaction(db, () => {
    const row = bookingRow(db, bookingId);
    if (row.status !== 'Booked') throw conflict('Only Booked bookings can be scheduled');
    assertNotPast(input.date, now);
    const moved = row.date !== input.date || row.time !== displayTime(input.time);
    if (moved && input.override !== true) {
      const addOns = JSON.parse(row.selected_addons) as string[];
      const asked = { date: input.date, time: displayTime(input.time) };
      assertFree(db, { ...asked, vehicleType: row.vehicle_type, addOns }, now, bookingId, OWNER);
    }
    db.prepare(
      `UPDATE bookings SET date = @date, time = @time, owner_note = @note,
         seen_at = COALESCE(seen_at, @at), scheduled_at = COALESCE(scheduled_at, @at),
         hold_until = NULL, updated_at = @at WHERE booking_id = @bookingId`,
    ).run({
      date: input.date,
      time: displayTime(input.time),
      note: input.note === undefined ? row.owner_note : input.note.trim(),
      at: now.toISOString(),
      bookingId,
    });
    if (row.scheduled_at === null) enqueueBookingEvent(db, bookingId, { kind: 'booked' }, now);
    else if (moved)
      enqueueBookingEvent(db, bookingId, { kind: 'rescheduled', by: 'business' }, now);
    return bookingRow(db, bookingId);
  });
}

/** The owner cancels a Booked booking, with the reason (the record stays). */
export function ownerCancelBooking(
  db: Db,
  bookingId: string,
  reason: string,
  now: Date = new Date(),
): BookingRow {
  return inWriteTransaction(db, () => {
    const row = bookingRow(db, bookingId);
    if (row.status !== 'Booked') throw conflict('Only Booked bookings can be cancelled');
    db.prepare(
      `UPDATE bookings SET status = 'Cancelled', cancel_reason = ?, updated_at = ?
       WHERE booking_id = ?`,
    ).run(reason.trim(), now.toISOString(), bookingId);
    enqueueBookingEvent(db, bookingId, { kind: 'cancelled', by: 'business' }, now);
    return bookingRow(db, bookingId);
  });
}
