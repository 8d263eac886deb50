/** Customers: the profile created on first access, and the loyalty ledger. */
import type {
  Address,
  EmailPreferences,
  Loyalty,
  LoyaltyTransaction,
  Profile,
  ProfileUpdate,
  TextPreferences,
} from '../../domain/contract/types';
import { completedBookingSource } from '../../domain/bookingName';
import { signedPoints } from '../../domain/loyaltyPoints';
import { formatUsd } from '../../domain/money';
import { POINT_VALUE_USD, REDEEMABLE_FROM } from '../../domain/loyalty';
import { inWriteTransaction, isBusy, newId, statement, type Db } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { clearOptOuts } from '../mail/optOut';
import { setTextChoices, textChoices } from '../mail/textOutbox';
import { pointsForCompletedBooking, SIGNUP_BONUS } from '../../domain/loyalty';

import type { Customer } from '../platform/operationTypes';

/** Who is calling: declared with the handlers' types (../platform/operationTypes.ts), which import no resource. */
export type { Customer };

interface CustomerRow {
  user_id: string;
  email: string;
  name: string;
  phone: string | null;
  mobile: string | null;
  service_address: string | null;
  email_reminders: number;
  email_status_updates: number;
  created_at: string;
  updated_at: string;
}

interface LedgerRow {
  id: string;
  type: LoyaltyTransaction['type'];
  points: number;
  source: string;
  created_at: string;
}

export interface LedgerEntry {
  userId: string;
  type: LoyaltyTransaction['type'];
  points: number;
  source: string;
  /** Makes the entry idempotent: a second entry with the same key is ignored. */
  reasonKey?: string;
  at: Date;
}

/** Appends to the ledger; returns false when an entry with the same reason already exists. */
export function addLedgerEntry(db: Db, entry: LedgerEntry): boolean {
  const result = db
    .prepare(
      `INSERT OR IGNORE INTO loyalty_transactions (id, user_id, type, points, source, reason_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      newId(),
      entry.userId,
      entry.type,
      entry.points,
      entry.source,
      entry.reasonKey ?? null,
      entry.at.toISOString(),
    );
  return result.changes === 1;
}

/** The columns that name a booking in words (domain/bookingName.ts). */
interface BookingNameRow {
  date: string;
  service_name: string;
  vehicle_type: string;
  vehicle: string;
}

const completedSource = (row: BookingNameRow) =>
  completedBookingSource({
    date: row.date,
    serviceName: row.service_name,
    vehicleType: row.vehicle_type,
    vehicle: row.vehicle,
  });

/** The ledger key of a booking's earn entry (one per booking). */
export const bookingEarnKey = (bookingId: string) => `booking:${bookingId}`;

/**
 * Writes the earn entry of a completed booking for its owner. Once per booking across all
 * accounts: the ledger's `loyalty_booking_once` index (server/platform/db.ts) ignores a second one.
 */
export function creditCompletedBooking(
  db: Db,
  userId: string,
  booking: BookingNameRow & { booking_id: string; total_price: number; updated_at: string },
): boolean {
  return addLedgerEntry(db, {
    userId,
    type: 'earn',
    points: pointsForCompletedBooking(booking.total_price, booking.vehicle_type),
    source: completedSource(booking),
    reasonKey: bookingEarnKey(booking.booking_id),
    at: new Date(booking.updated_at),
  });
}

/**
 * Removes a completed booking's earn entry (the completion was undone), whichever account it
 * credited; 409 when that account has already spent the points (its balance would fall below 0).
 */
export function removeCompletedBookingCredit(db: Db, bookingId: string): void {
  const key = bookingEarnKey(bookingId);
  const entry = statement(
    db,
    'SELECT user_id, points FROM loyalty_transactions WHERE reason_key = ?',
  ).get(key) as { user_id: string; points: number } | undefined;
  if (!entry) return;
  const { points } = getLoyalty(db, { userId: entry.user_id, email: '' });
  if (points < entry.points) {
    throw conflict(
      `The customer has already spent these points (balance ${points}); the completion stays`,
    );
  }
  statement(db, 'DELETE FROM loyalty_transactions WHERE reason_key = ?').run(key);
}

/** The ledger's first entry, written with the customer's row. */
const WELCOME_BONUS = {
  type: 'signup_bonus',
  points: SIGNUP_BONUS,
  source: 'Welcome bonus',
  reasonKey: 'signup',
} as const satisfies Partial<LedgerEntry>;

/** What the verified token says (server/platform/auth.ts): `phone` only when verified. */
type Identity = { sub: string; email?: string; emailUnverified?: boolean; phone?: string };

/**
 * The caller, and whether its row is to be created (`new`) or updated (`changed`: its e-mail,
 * or the verified account phone becoming the text number of an account that has none).
 */
function customerOf(
  db: Db,
  identity: Identity,
): { customer: Customer; row: 'new' | 'changed' | 'same'; textNumber: string | null } {
  const existing = statement(db, 'SELECT email, text_number FROM customers WHERE user_id = ?').get(
    identity.sub,
  ) as { email: string; text_number: string | null } | undefined;
  const email = (
    identity.email ?? (identity.emailUnverified ? '' : (existing?.email ?? ''))
  ).trim();
  const customer = { userId: identity.sub, email };
  const textNumber = existing?.text_number ?? identity.phone ?? null;
  const same = existing?.email === email && existing.text_number === textNumber;
  return { customer, row: !existing ? 'new' : same ? 'same' : 'changed', textNumber };
}

/**
 * The customer behind a verified token, created on first access with the signup bonus.
 * `email` is an address the identity provider says is verified (see server/platform/auth.ts) and is
 * copied into the profile; `emailUnverified` (an id token naming an unverified address) clears
 * it, so nothing is matched by e-mail until the new address is verified; with neither (an
 * access token) the stored one is kept. Anonymous requests are never attached here: the
 * customer claims them (server/bookings/claims.ts). Writes only when the row is new or its
 * e-mail changed.
 */
export function ensureCustomer(db: Db, identity: Identity, now: Date = new Date()): Customer {
  const { customer, row, textNumber } = customerOf(db, identity);
  if (row === 'same') return customer;
  const { email } = customer;
  inWriteTransaction(db, () => {
    const at = now.toISOString();
    if (row === 'changed') {
      // A text number already confirmed stays (the account's verified phone fills only none).
      db.prepare(
        `UPDATE customers SET email = ?, email_lower = ?, updated_at = ?,
           text_number = COALESCE(text_number, ?) WHERE user_id = ?`,
      ).run(email, email.toLowerCase(), at, textNumber, identity.sub);
      return;
    }
    const created = db
      .prepare(
        `INSERT OR IGNORE INTO customers
           (user_id, email, email_lower, name, text_number, created_at, updated_at)
         VALUES (?, ?, ?, '', ?, ?, ?)`,
      )
      .run(identity.sub, email, email.toLowerCase(), textNumber, at, at);
    if (created.changes === 0) return;
    addLedgerEntry(db, { ...WELCOME_BONUS, userId: identity.sub, at: now });
  });
  return customer;
}

/** The longest pause between two tries of a row left for later (ensureCustomerSoon). */
const LATER_MAX_PAUSE_MS = 1000;
/** The customers whose row is waiting for the write lock, per database. */
const waitingRows = new WeakMap<Db, Set<string>>();

/** Writes the customer's row as soon as the write lock is free, off the request. */
function ensureCustomerLater(db: Db, identity: Identity, now: Date): void {
  let waiting = waitingRows.get(db);
  if (!waiting) waitingRows.set(db, (waiting = new Set()));
  if (waiting.has(identity.sub)) return;
  waiting.add(identity.sub);
  const tryAfter = (pauseMs: number) =>
    setTimeout(() => {
      try {
        if (db.open) ensureCustomer(db, identity, now);
        waiting.delete(identity.sub);
      } catch (error) {
        // Any other failure shows again on the customer's next request.
        if (isBusy(error)) tryAfter(Math.min(pauseMs * 2, LATER_MAX_PAUSE_MS));
        else waiting.delete(identity.sub);
      }
    }, pauseMs).unref();
  tryAfter(50);
}

/**
 * For a read: like ensureCustomer, but never waits for the write lock. When another process
 * holds it, the row is written as soon as it is free, and the read answers meanwhile (a new
 * customer as a new account, `joinedAt`).
 */
export function ensureCustomerSoon(db: Db, identity: Identity, now: Date = new Date()): Customer {
  try {
    return ensureCustomer(db, identity, now);
  } catch (error) {
    if (!isBusy(error)) throw error;
    ensureCustomerLater(db, identity, now);
    const { customer, row } = customerOf(db, identity);
    return row === 'new' ? { ...customer, joinedAt: now.toISOString() } : customer;
  }
}

const CUSTOMER_ROW = 'SELECT * FROM customers WHERE user_id = ?';

function customerRow(db: Db, customer: Customer): CustomerRow {
  const row = statement(db, CUSTOMER_ROW).get(customer.userId) as CustomerRow | undefined;
  if (row) return row;
  if (!customer.joinedAt) throw notFound('Profile not found');
  // Not stored yet (ensureCustomerSoon): the row it will have.
  return {
    user_id: customer.userId,
    email: customer.email,
    name: '',
    phone: null,
    mobile: null,
    service_address: null,
    email_reminders: 1,
    email_status_updates: 1,
    created_at: customer.joinedAt,
    updated_at: customer.joinedAt,
  };
}

/** Both optional e-mails are on until the customer turns one off. */
const ALL_EMAIL: EmailPreferences = { reminders: true, statusUpdates: true };

const preferencesOf = (row: CustomerRow): EmailPreferences => ({
  reminders: row.email_reminders === 1,
  statusUpdates: row.email_status_updates === 1,
});

/**
 * The customer's e-mail choices (reminders, status updates). Someone with no profile (an
 * anonymous request) gets every message.
 */
export function emailPreferences(db: Db, userId: string | null): EmailPreferences {
  const row = userId
    ? (statement(db, CUSTOMER_ROW).get(userId) as CustomerRow | undefined)
    : undefined;
  return row ? preferencesOf(row) : ALL_EMAIL;
}

/** The profile's text choices as the contract shows them. */
function textPreferencesOf(db: Db, userId: string): TextPreferences {
  const { reminders, statusUpdates, number, stopped } = textChoices(db, userId);
  return { reminders, statusUpdates, number, stopped };
}

/**
 * The customer's text consents for the data download: the account's (choices, number, when and
 * in which words) and each of these requests' "Text me about this request".
 */
export function textConsents(db: Db, userId: string, bookingIds: string[]) {
  const { reminders, statusUpdates, number, consentAt, consentWording } = textChoices(db, userId);
  const requests = (
    statement(
      db,
      `SELECT booking_id, text_number, text_consent_at, text_consent_wording FROM bookings
       WHERE booking_id IN (SELECT value FROM json_each(?)) AND text_number IS NOT NULL
       ORDER BY created_at, rowid`,
    ).all(JSON.stringify(bookingIds)) as {
      booking_id: string;
      text_number: string;
      text_consent_at: string;
      text_consent_wording: string;
    }[]
  ).map((row) => ({
    bookingId: row.booking_id,
    number: row.text_number,
    consentAt: row.text_consent_at,
    consentWording: row.text_consent_wording,
  }));
  return { reminders, statusUpdates, number, consentAt, consentWording, requests };
}

export function getProfile(db: Db, customer: Customer): Profile {
  const row = customerRow(db, customer);
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    mobile: row.mobile,
    serviceAddress: row.service_address ? (JSON.parse(row.service_address) as Address) : null,
    emailPreferences: preferencesOf(row),
    textPreferences: textPreferencesOf(db, row.user_id),
  };
}

const blankToNull = (value: string | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/**
 * Replaces the profile (the e-mail is never taken from the body). The e-mail preferences are
 * replaced when sent and kept otherwise.
 */
export function updateProfile(
  db: Db,
  customer: Customer,
  input: ProfileUpdate,
  now: Date = new Date(),
  textConsent = '',
): Profile {
  let address: Address | null = null;
  if (input.serviceAddress) {
    const { line1, line2, city, state, zip } = input.serviceAddress;
    address = { line1: line1.trim(), city: city.trim(), state: state.trim(), zip: zip.trim() };
    if (line2 !== undefined && line2.trim() !== '') address.line2 = line2.trim();
  }
  return inWriteTransaction(db, () => {
    db.prepare(
      `UPDATE customers SET name = ?, phone = ?, mobile = ?, service_address = ?, updated_at = ?
     WHERE user_id = ?`,
    ).run(
      input.name.trim(),
      blankToNull(input.phone),
      blankToNull(input.mobile),
      address ? JSON.stringify(address) : null,
      now.toISOString(),
      customer.userId,
    );
    const prefs = input.emailPreferences;
    if (prefs)
      db.prepare(
        'UPDATE customers SET email_reminders = ?, email_status_updates = ? WHERE user_id = ?',
      ).run(prefs.reminders ? 1 : 0, prefs.statusUpdates ? 1 : 0, customer.userId);
    // Turned back on here: the address's one-click opt-outs of them go too.
    if (prefs && customer.email)
      clearOptOuts(
        db,
        customer.email.toLowerCase(),
        (['reminders', 'statusUpdates'] as const).filter((kind) => prefs[kind]),
      );
    if (input.textPreferences)
      setTextChoices(db, customer.userId, input.textPreferences, textConsent, now);
    return getProfile(db, customer);
  });
}

export function getLoyalty(db: Db, customer: Customer): Loyalty {
  const row = customerRow(db, customer);
  // A booking's earn entry is named by its booking as it is now (entries written before
  // bookings were named in words said `Booking <id> completed`); the stored source when the
  // booking is gone.
  const ledger = db
    .prepare(
      `SELECT t.id, t.type, t.points, t.source, t.created_at,
              b.date, b.service_name, b.vehicle_type, b.vehicle
       FROM loyalty_transactions t
       LEFT JOIN bookings b
         ON t.reason_key LIKE 'booking:%' AND b.booking_id = substr(t.reason_key, 9)
       WHERE t.user_id = ? ORDER BY t.created_at, t.rowid`,
    )
    .all(customer.userId) as (LedgerRow & (BookingNameRow | Record<keyof BookingNameRow, null>))[];
  const transactions: LoyaltyTransaction[] = ledger.map((tx) => ({
    id: tx.id,
    date: tx.created_at,
    type: tx.type,
    points: tx.points,
    source: tx.service_name === null ? tx.source : completedSource(tx),
  }));
  // Not stored yet (ensureCustomerSoon): the welcome bonus it will be written with.
  if (customer.joinedAt && ledger.length === 0) {
    const { type, points, source } = WELCOME_BONUS;
    transactions.push({ id: newId(), date: customer.joinedAt, type, points, source });
  }
  const points = transactions.reduce((sum, tx) => sum + signedPoints(tx), 0);
  const last = ledger.at(-1)?.created_at;
  return {
    userId: row.user_id,
    email: row.email,
    points,
    transactions,
    createdAt: row.created_at,
    lastUpdated: last && last > row.created_at ? last : row.created_at,
  };
}

/** The customer with this `sub` or e-mail (case-insensitive), or 404. */
export function findCustomer(db: Db, subOrEmail: string): Customer {
  const row = db
    .prepare('SELECT user_id, email FROM customers WHERE user_id = ? OR email_lower = ?')
    .get(subOrEmail, subOrEmail.toLowerCase()) as { user_id: string; email: string } | undefined;
  if (!row) throw notFound(`No customer ${subOrEmail}`);
  return { userId: row.user_id, email: row.email };
}

/**
 * Operator action: redeems points (a `redeem` entry, which counts negative). Allowed from
 * a balance of REDEEMABLE_FROM points and never below zero.
 */
export function redeemPoints(
  db: Db,
  customer: Customer,
  points: number,
  now: Date = new Date(),
): Loyalty {
  return inWriteTransaction(db, () => {
    const balance = getLoyalty(db, customer).points;
    if (balance < REDEEMABLE_FROM) {
      throw conflict(`Points can be redeemed from ${REDEEMABLE_FROM}; the balance is ${balance}`);
    }
    if (points > balance)
      throw conflict(`Cannot redeem ${points} points; the balance is ${balance}`);
    addLedgerEntry(db, {
      userId: customer.userId,
      type: 'redeem',
      points,
      source: `Redeemed for ${formatUsd(points * POINT_VALUE_USD)}`,
      at: now,
    });
    return getLoyalty(db, customer);
  });
}
