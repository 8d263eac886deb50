/**
 * A customer's rights over their account: "Download my data" (everything stored about them as
 * one JSON document) and "Delete my account" (the identity account deleted at the identity
 * provider, the deletion recorded in the erasure list outside the database (../platform/erasureList.ts;
 * a restore erases the account again, ./erasure.ts), then every personal row erased or
 * anonymised in one transaction, the picture files removed, the account's tokens refused from
 * then on, and an anonymous event left for the owner).
 *
 * Both walk one registry, `ACCOUNT_DATA`: a table that holds something of a customer gets an
 * entry here (its export section, how it is erased), and `test/server/account.test.ts` fails
 * while a table with a `user_id` or `email_lower` column has none.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeJwt } from 'jose';
import type { AccountDeletion, AccountExport } from '../../domain/contract/types';
import { EXPORT_INTERVAL_MS, FRESH_SIGN_IN_SECONDS } from '../../domain/accountRights';
import { inWriteTransaction, newId, statement, type Db } from '../platform/db';
import { whenNotBusy } from '../platform/busy';
import { appendErasure, erasureListPath } from '../platform/erasureList';
import { badRequest, forbidden, HttpError, unauthorized } from '../platform/errors';
import {
  emailPreferences,
  getLoyalty,
  getProfile,
  textConsents,
  type Customer,
} from '../customers/customers';
import { listVehicles } from '../vehicles/vehicles';
import { listBookings } from '../bookings/bookings';
import { listCalendlyBookings } from '../calendly/calendly';
import { listSubscriptions } from '../subscriptions/subscriptions';
import type { VerifiedToken } from '../platform/auth';
import type { ServerOptions } from '../platform/config';
import { me } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { recordSessionsEnded } from './sessions';
import {
  identityAction,
  identityEndpoint,
  type IdentityAnswer,
} from '../platform/identityProvider';

/** Whom a row belongs to: the account's id, and its verified e-mail in lower case ('' if none). */
export interface Subject {
  userId: string;
  emailLower: string;
}

interface AccountTable {
  table: string;
  /** Deletes or anonymises the subject's rows (runs inside the deletion's transaction). */
  erase: (db: Db, subject: Subject) => void;
}

const deleteByUser =
  (table: string) =>
  (db: Db, subject: Subject): void => {
    db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(subject.userId);
  };

/** The subject's website bookings: theirs, and quote requests sent without a token with their e-mail. */
const BOOKINGS_OF = `(user_id = :userId OR (user_id IS NULL AND :emailLower <> '' AND email_lower = :emailLower))`;

/** Rows of the subject's account or of one of their bookings. */
const deleteByUserOrBooking =
  (table: string) =>
  (db: Db, subject: Subject): void => {
    db.prepare(
      `DELETE FROM ${table}
       WHERE user_id = :userId OR booking_id IN (SELECT booking_id FROM bookings WHERE ${BOOKINGS_OF})`,
    ).run(subject);
  };

/**
 * Every table holding a customer's data, in the order they are erased (children first, so the
 * foreign keys hold at every step). Add a new table here.
 */
export const ACCOUNT_DATA: readonly AccountTable[] = [
  {
    // The e-mails about the subject's requests (theirs and the owner's; they hold the details)
    // and any e-mail addressed to them.
    table: 'outbox',
    erase: (db, subject) => {
      db.prepare(
        `DELETE FROM outbox
         WHERE booking_id IN (SELECT booking_id FROM bookings WHERE ${BOOKINGS_OF})
            OR (:emailLower <> '' AND lower(recipient) = :emailLower)`,
      ).run(subject);
    },
  },
  {
    // The number the account's texts went to, if it texted STOP (server/mail/textOutbox.ts).
    table: 'text_stops',
    erase: (db, subject) => {
      db.prepare(
        'DELETE FROM text_stops WHERE number = (SELECT text_number FROM customers WHERE user_id = ?)',
      ).run(subject.userId);
    },
  },
  // The texts to the account and about its requests, and a code being confirmed.
  { table: 'texts', erase: deleteByUserOrBooking('texts') },
  { table: 'text_codes', erase: deleteByUser('text_codes') },
  // A quote's first answer, kept 24 hours for its Idempotency-Key (server/platform/idempotency.ts).
  { table: 'idempotency_keys', erase: deleteByUserOrBooking('idempotency_keys') },
  {
    table: 'pictures',
    erase: (db, subject) => {
      db.prepare(
        `DELETE FROM pictures WHERE booking_id IN (SELECT booking_id FROM bookings WHERE ${BOOKINGS_OF})`,
      ).run(subject);
    },
  },
  { table: 'booking_claim_refusals', erase: deleteByUserOrBooking('booking_claim_refusals') },
  {
    // Kept for the business's accounts: service, vehicle type, add-ons, price, date and status.
    table: 'bookings',
    erase: (db, subject) => {
      db.prepare(
        `UPDATE bookings SET user_id = NULL, name = '', email = '', email_lower = '', phone = '',
           vehicle = '', message = '', service_address = NULL, owner_note = '', cancel_reason = '',
           text_number = NULL, text_consent_at = NULL, text_consent_wording = NULL
         WHERE ${BOOKINGS_OF}`,
      ).run(subject);
    },
  },
  {
    // Kept like website bookings: service, vehicle type and start time.
    table: 'calendly_bookings',
    erase: (db, subject) => {
      if (subject.emailLower === '') return;
      db.prepare(
        `UPDATE calendly_bookings SET email = '', email_lower = '', name = '', vehicle = NULL,
           reschedule_url = NULL, cancel_url = NULL
         WHERE email_lower = ?`,
      ).run(subject.emailLower);
    },
  },
  {
    // The account's address on the suppression list (server/mail/suppression.ts), if it is there.
    table: 'suppressed_addresses',
    erase: (db, subject) => {
      if (subject.emailLower === '') return;
      db.prepare('DELETE FROM suppressed_addresses WHERE email_lower = ?').run(subject.emailLower);
    },
  },
  {
    // The kinds of e-mail the address turned off with a link (server/mail/optOut.ts).
    table: 'email_opt_outs',
    erase: (db, subject) => {
      if (subject.emailLower === '') return;
      db.prepare('DELETE FROM email_opt_outs WHERE email_lower = ?').run(subject.emailLower);
    },
  },
  { table: 'vehicles', erase: deleteByUser('vehicles') },
  { table: 'subscriptions', erase: deleteByUser('subscriptions') },
  { table: 'loyalty_transactions', erase: deleteByUser('loyalty_transactions') },
  { table: 'seeded_customers', erase: deleteByUser('seeded_customers') },
  {
    // When the account's sessions last ended (server/account/sessions.ts), by its id.
    table: 'sessions_ended',
    erase: (db, subject) => {
      db.prepare('DELETE FROM sessions_ended WHERE sub = ?').run(subject.userId);
    },
  },
  {
    // Whether an owner's account last had an authenticator app (server/owner/ownerAuthenticator.ts).
    table: 'owner_authenticators',
    erase: (db, subject) => {
      db.prepare('DELETE FROM owner_authenticators WHERE sub = ?').run(subject.userId);
    },
  },
  // An owner's account: the offer's versions and gallery pictures keep what, not who.
  {
    table: 'offer_versions',
    erase: (db, subject) => {
      db.prepare("UPDATE offer_versions SET created_by = 'erased' WHERE created_by = ?").run(
        subject.userId,
      );
    },
  },
  {
    table: 'gallery_pictures',
    erase: (db, subject) => {
      db.prepare("UPDATE gallery_pictures SET uploaded_by = 'erased' WHERE uploaded_by = ?").run(
        subject.userId,
      );
    },
  },
  { table: 'customers', erase: deleteByUser('customers') },
];

/** Tables that name a customer by neither id nor e-mail, or hold nothing of one. */
export const TABLES_WITHOUT_ACCOUNT_DATA: readonly string[] = [
  'schema_version',
  'webhook_deliveries',
  'deleted_accounts',
  'account_events',
  // Browser error reports: a message, a path and a file, scrubbed of addresses (clientErrors.ts).
  'client_errors',
  // The owner's availability rules (availability.ts): hours, days off, durations.
  'availability_rules',
  // The secret of the owner's calendar feed's address (calendarFeed.ts).
  'calendar_feed',
  // When e-mail as a whole failed, and why (mail/alarm.ts).
  'mail_alarms',
  // Which version of the offer is published (offer/offer.ts).
  'offer_published',
];

/** The one-way digest a deleted account is remembered by (its id is not kept). */
export const subjectDigest = (userId: string): string =>
  createHash('sha256').update(`account:${userId}`).digest('hex');

export function isDeletedAccount(db: Db, userId: string): boolean {
  return (
    statement(db, 'SELECT 1 FROM deleted_accounts WHERE subject_digest = ?').get(
      subjectDigest(userId),
    ) !== undefined
  );
}

/** Wraps a token verifier so that every token of a deleted account answers 401. */
export function refusingDeletedAccounts(
  db: Db,
  verify: (authorization: string | undefined) => Promise<VerifiedToken>,
): (authorization: string | undefined) => Promise<VerifiedToken> {
  return async (authorization) => {
    const token = await verify(authorization);
    if (isDeletedAccount(db, token.sub)) throw unauthorized('This account has been deleted');
    return token;
  };
}

/** The owner's view: when accounts were deleted, and nothing about whose. */
export function listAccountEvents(db: Db): { kind: string; occurredAt: string }[] {
  return (
    db
      .prepare('SELECT kind, occurred_at FROM account_events ORDER BY occurred_at DESC, rowid DESC')
      .all() as { kind: string; occurred_at: string }[]
  ).map((row) => ({ kind: row.kind, occurredAt: row.occurred_at }));
}

/** Everything stored about the customer, as `GET /account/export` answers it. */
export function exportAccount(db: Db, customer: Customer, now: Date = new Date()): AccountExport {
  const websiteBookings = listBookings(db, customer);
  const pictures = (
    db
      .prepare(
        `SELECT booking_id, description, uploaded_at FROM pictures
         WHERE booking_id IN (SELECT booking_id FROM bookings WHERE user_id = ?)
         ORDER BY uploaded_at, rowid`,
      )
      .all(customer.userId) as { booking_id: string; description: string; uploaded_at: string }[]
  ).map((row) => ({
    bookingId: row.booking_id,
    description: row.description,
    uploadedAt: row.uploaded_at,
  }));
  // What the owner wrote about those bookings (the customer's screens never show it).
  const ownerNotes = (
    db
      .prepare(
        `SELECT booking_id, owner_note, cancel_reason FROM bookings
         WHERE booking_id IN (SELECT value FROM json_each(?))
           AND (owner_note <> '' OR cancel_reason <> '')
         ORDER BY created_at, rowid`,
      )
      .all(JSON.stringify(websiteBookings.map((booking) => booking.bookingId))) as {
      booking_id: string;
      owner_note: string;
      cancel_reason: string;
    }[]
  ).map((row) => ({
    bookingId: row.booking_id,
    note: row.owner_note,
    cancelReason: row.cancel_reason,
  }));
  return {
    exportedAt: now.toISOString(),
    signIn: {
      userId: customer.userId,
      email: customer.email,
      emailVerified: customer.email !== '',
    },
    profile: getProfile(db, customer),
    vehicles: listVehicles(db, customer),
    bookings: websiteBookings,
    schedulingServiceBookings: listCalendlyBookings(db, customer, now),
    subscriptions: listSubscriptions(db, customer),
    loyalty: getLoyalty(db, customer),
    pictures,
    ownerNotes,
    emailPreferences: emailPreferences(db, customer.userId),
    texts: textConsents(
      db,
      customer.userId,
      websiteBookings.map((booking) => booking.bookingId),
    ),
  };
}

/** One download a minute per account (in memory: a restart forgets it, which only allows one more). */
export function createExportLimiter(intervalMs = EXPORT_INTERVAL_MS) {
  const last = new Map<string, number>();
  return (userId: string, now = Date.now()): void => {
    for (const [key, at] of last) if (now - at >= intervalMs) last.delete(key);
    const previous = last.get(userId);
    if (previous !== undefined) {
      const seconds = Math.max(1, Math.ceil((previous + intervalMs - now) / 1000));
      throw new HttpError(
        429,
        `You can download your data once a minute; try again in ${seconds} seconds`,
        { 'retry-after': String(seconds) },
      );
    }
    last.set(userId, now);
  };
}

/** Deletes the account at the identity provider with the customer's own access token. */
export type IdentityDeleter = (accessToken: string) => Promise<void>;

/** The identity provider refused or failed; nothing has been deleted. */
export class IdentityDeletionError extends Error {}

/**
 * Cognito's `DeleteUser` (the user deletes themself with their access token) at the identity
 * API endpoint (../platform/identityProvider.ts). An account the provider no longer knows counts as
 * deleted, so a deletion interrupted after this step finishes when it is sent again.
 */
export function cognitoDeleteUser(endpoint: string, timeoutMs = 10_000): IdentityDeleter {
  return async (accessToken) => {
    let answer: IdentityAnswer;
    try {
      answer = await identityAction(
        endpoint,
        'DeleteUser',
        { AccessToken: accessToken },
        timeoutMs,
      );
    } catch {
      throw new IdentityDeletionError('The identity provider could not be reached');
    }
    if (answer.ok || answer.type === 'UserNotFoundException') return;
    if (answer.type === 'NotAuthorizedException') {
      throw forbidden('Your sign-in is no longer valid; sign in again to delete your account');
    }
    throw new IdentityDeletionError(
      answer.message || `The identity provider answered ${answer.status}`,
    );
  };
}

/**
 * Erases or anonymises every row of the subject (ACCOUNT_DATA; inside the caller's
 * transaction) and answers the names of their picture files, for the caller to remove.
 */
export function eraseSubject(db: Db, subject: Subject): string[] {
  const files = (
    db
      .prepare(
        `SELECT file FROM pictures WHERE booking_id IN (SELECT booking_id FROM bookings WHERE ${BOOKINGS_OF})`,
      )
      .all(subject) as { file: string }[]
  ).map((row) => row.file);
  for (const entry of ACCOUNT_DATA) entry.erase(db, subject);
  return files;
}

/**
 * The deletion in the database: its digest in `deleted_accounts` (tokens refused from then on)
 * and the owner's anonymous event (inside the caller's transaction).
 */
export function recordDeletion(db: Db, digest: string, deletedAt: string): void {
  db.prepare(
    'INSERT OR IGNORE INTO deleted_accounts (subject_digest, deleted_at) VALUES (?, ?)',
  ).run(digest, deletedAt);
  db.prepare(
    "INSERT INTO account_events (event_id, kind, occurred_at) VALUES (?, 'account_deleted', ?)",
  ).run(newId(), deletedAt);
}

export interface DeletionDeps {
  picturesDir: string;
  /** The erasure list (../platform/erasureList.ts) the deletion is recorded in first; none in memory. */
  erasureList?: string;
  deleteIdentity: IdentityDeleter;
  /** Verifies the body's access token (signature, issuer, client, expiry). */
  verifyAccessToken: (authorization: string) => Promise<VerifiedToken>;
  now?: () => Date;
}

/**
 * "Delete my account". The order makes a failure halfway harmless: nothing is written before
 * the identity provider has deleted the account (if it fails, the account and its data are as
 * they were); then one transaction erases every row (all or nothing); the files go last.
 */
export async function deleteAccount(
  db: Db,
  customer: Customer,
  request: AccountDeletion,
  deps: DeletionDeps,
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  if (
    customer.email === '' ||
    request.email.trim().toLowerCase() !== customer.email.toLowerCase()
  ) {
    throw badRequest('The e-mail does not match this account');
  }
  const access = await deps.verifyAccessToken(`Bearer ${request.accessToken}`);
  if (access.tokenUse !== 'access' || access.sub !== customer.userId) {
    throw badRequest('accessToken must be an access token of this account');
  }
  // Verified above, so its claims can be read as they are.
  const authTime = decodeJwt(request.accessToken).auth_time;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (typeof authTime !== 'number' || nowSeconds - authTime > FRESH_SIGN_IN_SECONDS) {
    throw forbidden('Sign in again to delete your account (your last sign-in is too old)');
  }
  try {
    await deps.deleteIdentity(request.accessToken);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(
      502,
      'Your account could not be deleted right now; nothing was deleted. Please try again.',
    );
  }
  const subject: Subject = { userId: customer.userId, emailLower: customer.email.toLowerCase() };
  // On disk before any row changes: a restore, or the next start, erases the account again
  // whatever happens from here on.
  if (deps.erasureList) {
    appendErasure(deps.erasureList, subjectDigest(customer.userId), now.toISOString());
  }
  // The identity is gone already: the rows wait for another process's write lock here rather
  // than the whole request being tried again (../platform/busy.ts).
  const files = await whenNotBusy(() =>
    inWriteTransaction(db, () => {
      const names = eraseSubject(db, subject);
      recordDeletion(db, subjectDigest(customer.userId), now.toISOString());
      return names;
    }),
  );
  // Moves the erased pages from the write-ahead log into the file (secure_delete zeroed them).
  db.pragma('wal_checkpoint(TRUNCATE)');
  await Promise.all(
    files.map((file) => rm(path.join(deps.picturesDir, path.basename(file)), { force: true })),
  );
}

/**
 * The account's operations' handlers: download, deletion and "signed out everywhere"
 * (operation table slice; app.ts merges it).
 */
export function accountHandlers(
  db: Db,
  options: Pick<ServerOptions, 'databasePath' | 'erasureList' | 'picturesDir' | 'cognito'>,
  verifyToken: (authorization: string | undefined) => Promise<VerifiedToken>,
) {
  const limitExport = createExportLimiter();
  const deps: DeletionDeps = {
    picturesDir: options.picturesDir,
    erasureList: erasureListPath(options),
    deleteIdentity: cognitoDeleteUser(identityEndpoint(options.cognito.issuer)),
    verifyAccessToken: verifyToken,
  };
  return {
    exportMyData: {
      run: (ctx) => {
        const customer = me(ctx);
        limitExport(customer.userId);
        return {
          status: 200,
          body: exportAccount(db, customer),
          headers: { 'content-disposition': 'attachment; filename="my-data.json"' },
        };
      },
    },
    deleteMyAccount: {
      run: async (ctx) => {
        await deleteAccount(db, me(ctx), ctx.body, deps);
        return { status: 204 };
      },
    },
    reportSessionsEnded: {
      run: (ctx) => {
        recordSessionsEnded(db, me(ctx).userId);
        return { status: 204 };
      },
    },
  } satisfies Partial<OperationHandlers>;
}
