/**
 * The owner console's operations (openapi.yaml, tag `owner`): the requests inbox, scheduling,
 * cancelling, completing, pictures and the day's route. Only members of the owners group
 * (the verified token's `cognito:groups`) with an authenticator app get past `requireOwner`. Every change to a booking
 * goes through a function of ../bookings/bookings.ts.
 */
import { createHash } from 'node:crypto';
import type { QueryOf } from '../../domain/contract/types';
import { bookingInstant } from '../../domain/dates';
import { OWNERS_GROUP } from '../../domain/owners';
import type { ServerOptions } from '../platform/config';
import type { Db } from '../platform/db';
import { whenNotBusy } from '../platform/busy';
import { badRequest, conflict, forbidden } from '../platform/errors';
import { bearerOf, type TokenVerifier } from '../platform/auth';
import type { AuthenticatorCheck } from './ownerAuthenticator';
import {
  completeBooking,
  ownerCancelBooking,
  picturesAreIn,
  scheduleBooking,
  undoCompletion,
} from '../bookings/bookings';
import { bookingRow, toBooking, type BookingRow } from '../bookings/bookingRows';
import {
  addPicture,
  listOwnerPictures,
  requestSigning,
  uprightWithoutMetadata,
} from '../pictures/pictures';
import { ownerBookingTimes, readRules, replaceRules } from '../availability/availability';
import type { Answer, Context, OperationHandlers } from '../platform/operationTypes';
import { readPictureUpload } from '../platform/pictureUpload';
import { idempotencyKeyOf, keptAnswer, once } from '../platform/idempotency';
import { openDigest } from '../mail/outbox';
import { markChangeSeen, unseenChange } from '../bookings/customerChanges';
import { enqueueOnMyWay, ownerText, textsByBooking } from '../mail/textOutbox';

const MAX_DESCRIPTION = 200;
/** The longest file name kept as a picture's label (most file systems' own limit). */
const MAX_LABEL = 255;

/**
 * 401 without a valid token (as every operation), 403 for a valid one outside the group, and
 * 403 for an owner whose account has no authenticator app (./ownerAuthenticator.ts).
 */
export async function requireOwner(
  verifyToken: TokenVerifier,
  authorization: string | undefined,
  checkAuthenticator: AuthenticatorCheck,
): Promise<string> {
  const token = await verifyToken(authorization);
  if (!token.groups.includes(OWNERS_GROUP)) {
    throw forbidden('Only the business owner may do this');
  }
  await checkAuthenticator(token, bearerOf(authorization) ?? '');
  return token.sub;
}

export function toOwnerBooking(row: BookingRow) {
  const customerChange = unseenChange(row);
  return {
    ...toBooking(row),
    seen: row.seen_at !== null,
    note: row.owner_note,
    cancelReason: row.cancel_reason,
    completedAt: row.completed_at,
    ...(customerChange ? { customerChange } : {}),
  };
}

/** Owner bookings with their texts (one query for them all). */
export function withTexts(db: Db, rows: BookingRow[]) {
  const texts = textsByBooking(
    db,
    rows.map((row) => row.booking_id),
  );
  return rows.map((row) => ({ ...toOwnerBooking(row), texts: texts.get(row.booking_id) ?? [] }));
}

/** The inbox's filters, search and paging, as openapi.yaml declares them. */
type InboxQuery = QueryOf<'listOwnerRequests'>;

const encodeCursor = (createdAt: string, rowid: number) =>
  Buffer.from(`${createdAt}|${rowid}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; rowid: number } {
  const [createdAt, rowid] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !/^\d+$/.test(rowid ?? '') || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest('query/cursor is not a cursor this list gave');
  }
  return { createdAt, rowid: Number(rowid) };
}

/**
 * One page of `select` (which names `rowid AS row_number`), newest `created_at` first, after
 * the row the cursor names when one is given; the cursor of the next page, null on the last.
 */
export function newestFirstPage<Row extends { created_at: string }>(
  db: Db,
  select: string,
  filter: { where: string[]; params: Record<string, string | number> },
  cursor: string | undefined,
  limit = 20,
): { page: Row[]; nextCursor: string | null } {
  const where = [...filter.where];
  const params = { ...filter.params };
  if (cursor) {
    const { createdAt, rowid } = decodeCursor(cursor);
    where.push('(created_at < @cursorAt OR (created_at = @cursorAt AND rowid < @cursorRow))');
    params.cursorAt = createdAt;
    params.cursorRow = rowid;
  }
  const rows = db
    .prepare(
      `${select} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, rowid DESC LIMIT ${limit + 1}`,
    )
    .all(params) as (Row & { row_number: number })[];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page,
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.row_number) : null,
  };
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
export const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** One page of the inbox, newest first, and the count of requests not seen yet. */
export function listOwnerRequests(db: Db, query: InboxQuery) {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (query.status) {
    where.push('status = @status');
    params.status = query.status;
  }
  if (query.from) {
    where.push("date <> '' AND date >= @from");
    params.from = query.from;
  }
  if (query.to) {
    where.push("date <> '' AND date <= @to");
    params.to = query.to;
  }
  if (query.town) {
    where.push("lower(json_extract(service_address, '$.city')) = @town");
    params.town = query.town.trim().toLowerCase();
  }
  if (query.q) {
    where.push(
      "(lower(name) LIKE @q ESCAPE '\\' OR phone LIKE @q ESCAPE '\\' OR email_lower LIKE @q ESCAPE '\\')",
    );
    params.q = contains(query.q.trim());
  }
  const { page, nextCursor } = newestFirstPage<BookingRow>(
    db,
    'SELECT rowid AS row_number, * FROM bookings',
    { where, params },
    query.cursor,
    query.limit,
  );
  const { count } = db
    .prepare('SELECT COUNT(*) AS count FROM bookings WHERE seen_at IS NULL')
    .get() as { count: number };
  return {
    items: withTexts(db, page),
    nextCursor,
    newCount: count,
    mailDigest: openDigest(db),
  };
}

export function markSeen(db: Db, bookingId: string, now: Date = new Date()) {
  bookingRow(db, bookingId);
  db.prepare('UPDATE bookings SET seen_at = COALESCE(seen_at, ?) WHERE booking_id = ?').run(
    now.toISOString(),
    bookingId,
  );
  return toOwnerBooking(bookingRow(db, bookingId));
}

/** `YYYY-MM-DD` plus whole days. */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Booked appointments from `from` for `days` days, in the order of the day. */
export function listRoute(db: Db, from: string, days: number) {
  const rows = db
    .prepare(
      `SELECT * FROM bookings WHERE status = 'Booked' AND date >= @from AND date <= @to
       ORDER BY date`,
    )
    .all({ from, to: addDays(from, days - 1) }) as BookingRow[];
  const at = (row: BookingRow) => bookingInstant(row.date, row.time)?.getTime() ?? 0;
  return withTexts(
    db,
    rows.sort((a, b) => at(a) - at(b)),
  );
}

/**
 * The name of the file the owner chose, as its label: the last part of any path, without
 * control characters, trimmed. Past 255 characters it is refused.
 */
function pictureLabel(filename: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = (filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
  const label = (name.split(/[\\/]/).pop() ?? '').trim();
  if (label.length > MAX_LABEL) {
    throw badRequest(`The picture's file name must NOT have more than ${MAX_LABEL} characters`);
  }
  return label;
}

/** What an owner's request is scoped to for its `Idempotency-Key`: their account. */
const ownerScope = (ctx: Context) => `owner:${ctx.owner ?? ''}`;

/**
 * Stores an uploaded picture once per `Idempotency-Key` (server/platform/idempotency.ts): the
 * request is the booking, the description, the label and the file's bytes (digested). A key
 * already answered is answered again before the picture is decoded, and checked again in the
 * transaction that stores it, so two uploads with one key store one picture.
 */
async function uploadPicture(db: Db, picturesDir: string, ctx: Context, bookingId: string) {
  const { request } = ctx;
  bookingRow(db, bookingId);
  const upload = await readPictureUpload(request);
  const extension = upload.kind;
  const description = upload.field('description');
  if (description.length > MAX_DESCRIPTION) {
    throw badRequest(`body/description must NOT have more than ${MAX_DESCRIPTION} characters`);
  }
  const label = pictureLabel(upload.filename);
  const at = new Date();
  const keyed = {
    key: idempotencyKeyOf(ctx),
    userId: ownerScope(ctx),
    body: {
      operation: 'uploadOwnerPicture',
      bookingId,
      description,
      label,
      file: createHash('sha256').update(upload.data).digest('hex'),
    },
  };
  const kept = keptAnswer(db, keyed, at);
  if (kept) return kept;
  const picture = await uprightWithoutMetadata(upload.data, extension);
  // The body is read once: the row waits for another process's write lock here.
  return whenNotBusy(() =>
    once(
      db,
      keyed,
      () => {
        const file = addPicture(db, picturesDir, {
          bookingId,
          data: picture,
          extension,
          description,
          label,
          at,
        });
        const stored = { file, label, bookingId, description, uploadedAt: at.toISOString() };
        return { ...ok(stored, 201), bookingId };
      },
      at,
    ),
  );
}

const ok = (body: unknown, status = 200): Answer => ({ status, body });
const text = (value: unknown): string => String(value);

/**
 * `rulesChanged`: the working hours the public pages show may have changed (app.ts renders them
 * again; a failure is logged there and the next change or publish writes them again).
 */
export function createOwnerHandlers(
  db: Db,
  options: ServerOptions,
  secret: string,
  rulesChanged: () => Promise<unknown> = async () => undefined,
) {
  const signing = requestSigning(options, secret);
  return {
    listOwnerRequests: { run: (ctx) => ok(listOwnerRequests(db, ctx.query)) },
    markOwnerRequestSeen: { run: (ctx) => ok(markSeen(db, text(ctx.params.id))) },
    markOwnerCustomerChangeSeen: {
      run: (ctx) => ok(toOwnerBooking(markChangeSeen(db, text(ctx.params.id), ctx.body.at))),
    },
    scheduleOwnerBooking: {
      run: (ctx) => ok(toOwnerBooking(scheduleBooking(db, text(ctx.params.id), ctx.body))),
    },
    getOwnerBookingAvailability: {
      run: (ctx) => ok(ownerBookingTimes(db, text(ctx.params.id), ctx.query)),
    },
    cancelOwnerBooking: {
      run: (ctx) => {
        const { reason } = ctx.body;
        return ok(toOwnerBooking(ownerCancelBooking(db, text(ctx.params.id), reason)));
      },
    },
    completeOwnerBooking: {
      run: (ctx) => {
        const bookingId = text(ctx.params.id);
        const doneEarly = ctx.body?.doneEarly === true;
        // A phone that queued the completion offline sends it until it has an answer: one key,
        // one completion (one set of points, one "done" e-mail), the same answer again.
        const keyed = {
          key: idempotencyKeyOf(ctx),
          userId: ownerScope(ctx),
          body: { operation: 'completeOwnerBooking', bookingId, doneEarly },
        };
        return once(db, keyed, () => {
          const { points } = completeBooking(db, bookingId, new Date(), { doneEarly });
          const booking = toOwnerBooking(bookingRow(db, bookingId));
          return { ...ok({ booking, points }), bookingId };
        });
      },
    },
    undoOwnerCompletion: {
      run: (ctx) => ok(toOwnerBooking(undoCompletion(db, text(ctx.params.id)))),
    },
    ownerPicturesIn: {
      run: (ctx) => {
        picturesAreIn(db, text(ctx.params.id));
        return { status: 204 };
      },
    },
    listOwnerPictures: {
      run: (ctx) => ok(listOwnerPictures(db, text(ctx.params.id), signing(ctx.request))),
    },
    uploadOwnerPicture: {
      run: (ctx) => uploadPicture(db, options.picturesDir, ctx, text(ctx.params.id)),
    },
    sendOwnerOnMyWay: {
      run: (ctx) => {
        const row = bookingRow(db, text(ctx.params.id));
        if (row.status !== 'Booked') throw conflict('Only a Booked appointment gets "On my way"');
        return ok(ownerText(enqueueOnMyWay(db, row, ctx.body.minutes, new Date())), 201);
      },
    },
    listOwnerRoute: {
      run: (ctx) => ok(listRoute(db, ctx.query.from, ctx.query.days ?? 1)),
    },
    getOwnerAvailability: { run: () => ok(readRules(db)) },
    replaceOwnerAvailability: {
      // Answered once the pages show the new hours (a few seconds), as "at once" promises.
      run: async (ctx) => {
        const rules = replaceRules(db, ctx.body);
        await rulesChanged();
        return ok(rules);
      },
    },
  } satisfies Partial<OperationHandlers>;
}
