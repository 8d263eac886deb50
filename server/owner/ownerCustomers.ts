/**
 * The owner console's customers and numbers (openapi.yaml, tag `owner`): the customers list
 * and a customer's detail, points adjustments with a reason, and this month against the last.
 * Reached only through the owner operations (server/app.ts checks the owners group first).
 */
import type { Loyalty, OwnerPointsAdjustment, QueryOf } from '../../domain/contract/types';
import { bookingInstant, monthKey } from '../../domain/dates';
import { inWriteTransaction, statement, type Db } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { addLedgerEntry, getLoyalty, getProfile, type Customer } from '../customers/customers';
import { listVehicles } from '../vehicles/vehicles';
import { listSubscriptions } from '../subscriptions/subscriptions';
import type { BookingRow } from '../bookings/bookingRows';
import { contains, newestFirstPage, withTexts } from './owner';
import { ownerText, textsOfCustomer } from '../mail/textOutbox';
import type { OperationHandlers } from '../platform/operationTypes';

const NUMBERS_TIME_ZONE = 'America/New_York';

interface CustomerListRow {
  user_id: string;
  email: string;
  name: string;
  phone: string | null;
  mobile: string | null;
  created_at: string;
  booking_count: number;
}

/** The customers list's search and paging, as openapi.yaml declares them. */
type CustomerQuery = QueryOf<'listOwnerCustomers'>;

/** One page of customers, newest account first; `q` searches name, phones and e-mail. */
export function listCustomers(db: Db, query: CustomerQuery) {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (query.q) {
    where.push(
      `(lower(name) LIKE @q ESCAPE '\\' OR email_lower LIKE @q ESCAPE '\\'
        OR phone LIKE @q ESCAPE '\\' OR mobile LIKE @q ESCAPE '\\')`,
    );
    params.q = contains(query.q.trim());
  }
  const { page, nextCursor } = newestFirstPage<CustomerListRow>(
    db,
    `SELECT rowid AS row_number, user_id, email, name, phone, mobile, created_at,
       (SELECT COUNT(*) FROM bookings b WHERE b.user_id = customers.user_id) AS booking_count
     FROM customers`,
    { where, params },
    query.cursor,
    query.limit,
  );
  return {
    items: page.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      mobile: row.mobile,
      points: getLoyalty(db, { userId: row.user_id, email: row.email }).points,
      bookingCount: row.booking_count,
      createdAt: row.created_at,
    })),
    nextCursor,
  };
}

/** The customer with this account id, or 404 (also once the account is deleted). */
function customerById(db: Db, userId: string): Customer & { createdAt: string } {
  const row = db
    .prepare('SELECT user_id, email, created_at FROM customers WHERE user_id = ?')
    .get(userId) as { user_id: string; email: string; created_at: string } | undefined;
  if (!row) throw notFound('Customer not found');
  return { userId: row.user_id, email: row.email, createdAt: row.created_at };
}

export function getCustomerDetail(db: Db, userId: string) {
  const customer = customerById(db, userId);
  const bookings = db
    .prepare('SELECT * FROM bookings WHERE user_id = ? ORDER BY created_at DESC, rowid DESC')
    .all(userId) as BookingRow[];
  return {
    profile: getProfile(db, customer),
    createdAt: customer.createdAt,
    vehicles: listVehicles(db, customer),
    bookings: withTexts(db, bookings),
    subscriptions: listSubscriptions(db, customer),
    loyalty: getLoyalty(db, customer),
    texts: textsOfCustomer(db, userId).map(ownerText),
  };
}

/**
 * The owner's adjustment: an `adjustment` ledger entry with its sign and the reason as its
 * source (the customer reads both in their loyalty history). Refused, with nothing written,
 * when it would take the balance below zero. Also `npm run operator -- adjust-points`.
 */
export function adjustPoints(
  db: Db,
  userId: string,
  input: OwnerPointsAdjustment,
  now: Date = new Date(),
): Loyalty {
  if (input.points === 0) throw badRequest('body/points must not be 0');
  const reason = input.reason.trim();
  if (reason === '') throw badRequest('body/reason must not be blank');
  return inWriteTransaction(db, () => {
    const customer = customerById(db, userId);
    const balance = getLoyalty(db, customer).points;
    if (balance + input.points < 0) {
      throw conflict(
        `The balance is ${balance} points; an adjustment of ${input.points} would take it below zero`,
      );
    }
    addLedgerEntry(db, {
      userId,
      type: 'adjustment',
      points: input.points,
      source: reason,
      at: now,
    });
    return getLoyalty(db, customer);
  });
}

/** The month before a `YYYY-MM` month. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

interface NumbersRow {
  created_at: string;
  updated_at: string;
  status: string;
  total_price: number;
}

/** This month against the last, in America/New_York (openapi.yaml, getOwnerNumbers). */
export function ownerNumbers(db: Db, now: Date = new Date()) {
  const thisMonth = monthKey(now);
  const lastMonth = previousMonth(thisMonth);
  const since = bookingInstant(`${lastMonth}-01`, '')?.toISOString() ?? '';
  const rows = statement(
    db,
    `SELECT created_at, updated_at, status, total_price FROM bookings
     WHERE created_at >= @since OR (status = 'Completed' AND updated_at >= @since)`,
  ).all({ since }) as NumbersRow[];
  const figures = (month: string) => {
    const sent = rows.filter((row) => monthKey(new Date(row.created_at)) === month);
    // A completed booking never changes again, so its updated_at is when it was completed.
    const done = rows.filter(
      (row) => row.status === 'Completed' && monthKey(new Date(row.updated_at)) === month,
    );
    const cents = done.reduce((sum, row) => sum + Math.round(row.total_price * 100), 0);
    return {
      month,
      requests: sent.length,
      jobsDone: done.length,
      revenue: cents / 100,
      completedRequests: sent.filter((row) => row.status === 'Completed').length,
    };
  };
  return {
    timeZone: NUMBERS_TIME_ZONE,
    thisMonth: figures(thisMonth),
    lastMonth: figures(lastMonth),
  };
}

const text = (value: unknown): string => String(value);

export function createOwnerCustomerHandlers(db: Db) {
  return {
    listOwnerCustomers: {
      run: (ctx) => ({ status: 200, body: listCustomers(db, ctx.query) }),
    },
    getOwnerCustomer: {
      run: (ctx) => ({ status: 200, body: getCustomerDetail(db, text(ctx.params.userId)) }),
    },
    adjustOwnerPoints: {
      run: (ctx) => ({
        status: 201,
        body: adjustPoints(db, text(ctx.params.userId), ctx.body),
      }),
    },
    getOwnerNumbers: { run: () => ({ status: 200, body: ownerNumbers(db) }) },
  } satisfies Partial<OperationHandlers>;
}
