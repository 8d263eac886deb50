/**
 * The SQLite file: opened in WAL mode, schema created and migrated on open. Every write
 * that touches more than one row runs in a transaction (better-sqlite3 is synchronous,
 * so a transaction is never interleaved with another request's).
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { BACKUP_RETENTION_DAYS } from './config';

export type Db = Database.Database;

/** A new 24-character lower-case hexadecimal id (the contract's `Id`). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/**
 * Like newId, but time-ordered: 12 hex digits of the millisecond clock, then 12 random ones.
 * Rows keyed by it are appended at the end of their index (for tables written on a hot path
 * whose ids are not shown to customers, such as the outbox's).
 */
export function newOrderedId(now: Date = new Date()): string {
  // The random part is the last 12 hex digits of a version 4 UUID (48 random bits): Node
  // draws those from a cached block of entropy, where each randomBytes call asks the system.
  return now.getTime().toString(16).padStart(12, '0') + randomUUID().slice(-12);
}

/**
 * A prepared statement, compiled once per database and SQL text (preparing costs more than
 * running a small statement; the hot paths, such as the outbox's writes, reuse theirs).
 */
const statements = new WeakMap<Db, Map<string, Database.Statement>>();
export function statement(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

/**
 * Schema versions, applied in order. Never edit a released entry: append a new one.
 * The applied version is kept in `schema_version`.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE customers (
    user_id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    phone TEXT,
    mobile TEXT,
    service_address TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX customers_email ON customers (email_lower);

  CREATE TABLE vehicles (
    vehicle_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES customers (user_id),
    make TEXT NOT NULL,
    model TEXT NOT NULL,
    year INTEGER NOT NULL,
    license_plate TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX vehicles_user ON vehicles (user_id);

  CREATE TABLE bookings (
    booking_id TEXT PRIMARY KEY,
    user_id TEXT REFERENCES customers (user_id),
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL,
    phone TEXT NOT NULL,
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    vehicle_type TEXT NOT NULL,
    vehicle TEXT NOT NULL DEFAULT '',
    selected_addons TEXT NOT NULL DEFAULT '[]',
    total_price REAL NOT NULL CHECK (total_price >= 0),
    status TEXT NOT NULL CHECK (status IN ('Booked', 'Completed', 'Cancelled')),
    service_name TEXT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX bookings_user ON bookings (user_id);
  CREATE INDEX bookings_email ON bookings (email_lower);

  CREATE TABLE pictures (
    picture_id TEXT PRIMARY KEY,
    booking_id TEXT NOT NULL REFERENCES bookings (booking_id),
    file TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    uploaded_at TEXT NOT NULL
  );
  CREATE INDEX pictures_booking ON pictures (booking_id);

  CREATE TABLE subscriptions (
    subscription_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES customers (user_id),
    plan TEXT NOT NULL CHECK (plan IN ('weekly', 'biweekly', 'monthly')),
    status TEXT NOT NULL CHECK (status IN ('active', 'cancelled')),
    created_at TEXT NOT NULL,
    cancelled_at TEXT
  );
  CREATE INDEX subscriptions_user ON subscriptions (user_id);

  CREATE TABLE loyalty_transactions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES customers (user_id),
    type TEXT NOT NULL CHECK (type IN ('earn', 'redeem', 'signup_bonus', 'adjustment')),
    points INTEGER NOT NULL CHECK (points >= 0),
    source TEXT NOT NULL,
    reason_key TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, reason_key)
  );
  CREATE INDEX loyalty_user ON loyalty_transactions (user_id, created_at);

  CREATE TABLE calendly_bookings (
    booking_id TEXT PRIMARY KEY,
    uri TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    service_name TEXT NOT NULL,
    start_time TEXT NOT NULL,
    vehicle TEXT,
    vehicle_type TEXT,
    canceled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX calendly_email ON calendly_bookings (email_lower);

  CREATE TABLE seeded_customers (
    user_id TEXT PRIMARY KEY REFERENCES customers (user_id),
    seeded_at TEXT NOT NULL
  );
  `,
  // 2: the invitee's reschedule and cancel links from the scheduling service's webhook.
  `
  ALTER TABLE calendly_bookings ADD COLUMN reschedule_url TEXT;
  ALTER TABLE calendly_bookings ADD COLUMN cancel_url TEXT;
  `,
  // A completed booking credits one account only; anonymous requests join an
  // account only when its owner claims them, and a "not mine" is remembered per account.
  `
  DELETE FROM loyalty_transactions
   WHERE reason_key LIKE 'booking:%' AND rowid NOT IN (
     SELECT MIN(rowid) FROM loyalty_transactions WHERE reason_key LIKE 'booking:%'
     GROUP BY reason_key);
  CREATE UNIQUE INDEX loyalty_booking_once ON loyalty_transactions (reason_key)
   WHERE reason_key LIKE 'booking:%';

  CREATE TABLE booking_claim_refusals (
    booking_id TEXT NOT NULL REFERENCES bookings (booking_id),
    user_id TEXT NOT NULL REFERENCES customers (user_id),
    decided_at TEXT NOT NULL,
    PRIMARY KEY (booking_id, user_id)
  );
  `,
  // Signed webhook deliveries already received, so a replay is refused.
  `
  CREATE TABLE webhook_deliveries (
    signature TEXT PRIMARY KEY,
    received_at TEXT NOT NULL
  );
  CREATE INDEX webhook_deliveries_at ON webhook_deliveries (received_at);
  `,
  // The service address a signed-in customer's quote request carries, as JSON.
  `
  ALTER TABLE bookings ADD COLUMN service_address TEXT;
  `,
  // bookings.selected_addons holds the add-ons the customer chose; a Premium Package includes
  // them all without their choosing, so its rows (which listed all six) hold none.
  `
  UPDATE bookings SET selected_addons = '[]' WHERE vehicle_type = 'Premium Package';
  `,
  // Per account, when its sessions last ended ("Sign out of all devices", password change):
  // tokens issued before it are refused (server/account/sessions.ts).
  `
  CREATE TABLE sessions_ended (
    sub TEXT PRIMARY KEY,
    ended_at INTEGER NOT NULL
  );
  `,
  // Deleted accounts (server/account/account.ts): their tokens are refused by a one-way digest of the
  // account id, and the owner sees an anonymous event per deletion.
  `
  CREATE TABLE deleted_accounts (
    subject_digest TEXT PRIMARY KEY,
    deleted_at TEXT NOT NULL
  );
  CREATE TABLE account_events (
    event_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('account_deleted')),
    occurred_at TEXT NOT NULL
  );
  CREATE INDEX account_events_at ON account_events (occurred_at);
  `,
  // The owner console: whether the owner has seen a request, the internal note the customer
  // never sees, the reason of an owner's cancellation, and the inbox's order.
  `
  ALTER TABLE bookings ADD COLUMN seen_at TEXT;
  ALTER TABLE bookings ADD COLUMN owner_note TEXT NOT NULL DEFAULT '';
  ALTER TABLE bookings ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
  CREATE INDEX bookings_inbox ON bookings (created_at DESC);
  CREATE INDEX bookings_unseen ON bookings (seen_at) WHERE seen_at IS NULL;
  `,
  // The e-mail outbox (server/mail/outbox.ts): each message is written in the transaction of the
  // change that causes it and sent by the mail worker; `dedupe_key` makes each one happen once.
  // And the customer's e-mail preferences (reminders, booking status changes).
  `
  CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    dedupe_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('owner', 'customer')),
    booking_id TEXT REFERENCES bookings (booking_id),
    payload TEXT NOT NULL,
    recipient TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
  );
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  ALTER TABLE customers ADD COLUMN email_reminders INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE customers ADD COLUMN email_status_updates INTEGER NOT NULL DEFAULT 1;
  `,
  // The owner's points adjustments (server/owner/ownerCustomers.ts): an `adjustment` entry may take
  // points away, so it may be negative (the table is rebuilt: SQLite cannot change a CHECK).
  // And the inbox's indexes (server/owner/owner.ts), ascending so that its newest-first page
  // (created_at DESC, rowid DESC) is a backward walk with no sort: unfiltered, by status
  // (without one SQLite scanned and sorted every Booked row) and by town; the customers list
  // (newest first) likewise.
  `
  CREATE TABLE loyalty_transactions_signed (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES customers (user_id),
    type TEXT NOT NULL CHECK (type IN ('earn', 'redeem', 'signup_bonus', 'adjustment')),
    points INTEGER NOT NULL CHECK (points >= 0 OR type = 'adjustment'),
    source TEXT NOT NULL,
    reason_key TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, reason_key)
  );
  INSERT INTO loyalty_transactions_signed
    SELECT id, user_id, type, points, source, reason_key, created_at FROM loyalty_transactions
    ORDER BY rowid;
  DROP TABLE loyalty_transactions;
  ALTER TABLE loyalty_transactions_signed RENAME TO loyalty_transactions;
  CREATE INDEX loyalty_user ON loyalty_transactions (user_id, created_at);
  CREATE UNIQUE INDEX loyalty_booking_once ON loyalty_transactions (reason_key)
   WHERE reason_key LIKE 'booking:%';
  DROP INDEX bookings_inbox;
  CREATE INDEX bookings_inbox_order ON bookings (created_at);
  CREATE INDEX bookings_inbox_status ON bookings (status, created_at);
  CREATE INDEX bookings_inbox_town
    ON bookings (lower(json_extract(service_address, '$.city')), created_at);
  CREATE INDEX customers_newest ON customers (created_at);
  `,
  // The outbox, cheaper to write (a quote request writes two messages; see server/mail/outbox.ts):
  // ids are time-ordered (newOrderedId), so every new row lands at the end of the id index
  // rather than on a random page, and a quote's two messages carry no dedupe key (the booking
  // they belong to is created in the same transaction, which cannot happen twice), so only the
  // messages that can repeat (status changes, reminders) go into the unique key's index.
  `
  CREATE TABLE outbox_ordered (
    id TEXT PRIMARY KEY,
    dedupe_key TEXT,
    kind TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('owner', 'customer')),
    booking_id TEXT REFERENCES bookings (booking_id),
    payload TEXT NOT NULL,
    recipient TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    CHECK (dedupe_key IS NOT NULL OR kind IN ('owner-quote', 'customer-quote'))
  );
  INSERT INTO outbox_ordered SELECT * FROM outbox ORDER BY rowid;
  DROP TABLE outbox;
  ALTER TABLE outbox_ordered RENAME TO outbox;
  CREATE UNIQUE INDEX outbox_once ON outbox (dedupe_key) WHERE dedupe_key IS NOT NULL;
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  `,
  // The outbox's failures (server/mail/worker.ts): why a message was given up (`refused`: the
  // mail server refused it for good; `expired`: it could not be delivered for the whole retry
  // period), and when the retry period started (when it was written, or queued again by the
  // operator).
  `
  ALTER TABLE outbox ADD COLUMN failure TEXT CHECK (failure IN ('refused', 'expired'));
  ALTER TABLE outbox ADD COLUMN queued_at TEXT;
  UPDATE outbox SET queued_at = created_at;
  `,
  // A picture's label: the file name the owner chose (`after.jpg`); the stored file keeps its
  // random name.
  `ALTER TABLE pictures ADD COLUMN label TEXT NOT NULL DEFAULT '';`,
  // Idempotency-Key of POST /bookings (server/platform/idempotency.ts): the first answer to a key, per
  // customer ('' for anonymous requests), kept 24 hours.
  `
  CREATE TABLE idempotency_keys (
    user_id TEXT NOT NULL,
    key TEXT NOT NULL,
    request_digest TEXT NOT NULL,
    booking_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    response TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  );
  CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
  `,
  // When the owner first set a booking's appointment (server/bookings/bookings.ts, scheduleBooking): the
  // customer is told their appointment is booked then, and that it has a new time after.
  `ALTER TABLE bookings ADD COLUMN scheduled_at TEXT;`,
  // The browser's error reports (server/health/clientErrors.ts): no personal data, kept 30 days; an
  // identical report within the hour counts one more occurrence of its row.
  `
  CREATE TABLE client_errors (
    id INTEGER PRIMARY KEY,
    message TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('error', 'rejection', 'chunk')),
    path TEXT NOT NULL,
    source TEXT,
    line INTEGER,
    version TEXT,
    occurrences INTEGER NOT NULL DEFAULT 1,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
  );
  CREATE INDEX client_errors_message ON client_errors (message, first_seen_at);
  CREATE INDEX client_errors_seen ON client_errors (last_seen_at);
  `,
  // The health page (server/owner/ownerHealth.ts): addresses SES reported as bouncing for good or as
  // complaining (server/mail/sesEvents.ts), which the mail worker no longer e-mails until the owner
  // allows them again; a message held back for that fails as `suppressed`; and when a message
  // failed (`failed_at`, for /health/ready's "failed lately"; for a message that failed before,
  // the end of its last try's claim). The outbox is rebuilt: SQLite cannot change a CHECK.
  `
  CREATE TABLE suppressed_addresses (
    email_lower TEXT PRIMARY KEY,
    reason TEXT NOT NULL CHECK (reason IN ('bounce', 'complaint')),
    detail TEXT NOT NULL DEFAULT '',
    suppressed_at TEXT NOT NULL
  );
  CREATE TABLE outbox_failures (
    id TEXT PRIMARY KEY,
    dedupe_key TEXT,
    kind TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('owner', 'customer')),
    booking_id TEXT REFERENCES bookings (booking_id),
    payload TEXT NOT NULL,
    recipient TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    failure TEXT CHECK (failure IN ('refused', 'expired', 'suppressed')),
    queued_at TEXT,
    failed_at TEXT,
    CHECK (dedupe_key IS NOT NULL OR kind IN ('owner-quote', 'customer-quote'))
  );
  INSERT INTO outbox_failures (id, dedupe_key, kind, audience, booking_id, payload, recipient,
      status, attempts, next_attempt_at, last_error, created_at, sent_at, failure, queued_at,
      failed_at)
    SELECT id, dedupe_key, kind, audience, booking_id, payload, recipient, status, attempts,
      next_attempt_at, last_error, created_at, sent_at, failure, queued_at,
      CASE WHEN status = 'failed' THEN next_attempt_at END
    FROM outbox ORDER BY rowid;
  DROP TABLE outbox;
  ALTER TABLE outbox_failures RENAME TO outbox;
  CREATE UNIQUE INDEX outbox_once ON outbox (dedupe_key) WHERE dedupe_key IS NOT NULL;
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  `,
  // When the owner marked a booking Completed (server/bookings/bookings.ts): the undo is offered for
  // 10 minutes from then.
  `ALTER TABLE bookings ADD COLUMN completed_at TEXT;`,
  // The e-mail's limits (server/mail/outbox.ts): the messages about a booking, found by booking (a
  // booking's status e-mails are coalesced; one confirmation a day to an unverified address);
  // and the kinds of e-mail an address turned off with an e-mail's one-click link
  // (server/mail/optOut.ts).
  `
  CREATE INDEX outbox_booking ON outbox (booking_id);
  CREATE TABLE email_opt_outs (
    email_lower TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('reminders', 'statusUpdates')),
    created_at TEXT NOT NULL,
    PRIMARY KEY (email_lower, kind)
  );
  `,
  // The owner's availability rules (server/availability/availability.ts): one row, the rules as JSON; the
  // defaults until the owner saves any. The held bookings of a range of days are read by date.
  `
  CREATE TABLE availability_rules (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    rules TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX bookings_held_date ON bookings (date) WHERE status = 'Booked';
  `,
  // The owner's private calendar feed (server/owner/calendarFeed.ts): one row, the secret of its
  // address (compared in constant time); a new one replaces it, and the old address is dead.
  `
  CREATE TABLE calendar_feed (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    token TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // The free times of a range of days (server/availability/availability.ts) read its Booked bookings from
  // one index alone: without statistics SQLite preferred bookings_inbox_status and read every
  // Booked row of every date from the table (npm run bench -- availability).
  `
  DROP INDEX bookings_held_date;
  CREATE INDEX bookings_held
    ON bookings (status, date, time, vehicle_type, selected_addons, booking_id);
  `,
  // Whether each owner's account had an authenticator app at the identity provider's last answer
  // (server/owner/ownerAuthenticator.ts): a change from it e-mails the owner.
  `
  CREATE TABLE owner_authenticators (
    sub TEXT PRIMARY KEY,
    has_app INTEGER NOT NULL CHECK (has_app IN (0, 1)),
    seen_at TEXT NOT NULL
  );
  `,
  // Until when a visitor's request holds its time (server/availability/availability.ts, holds):
  // NULL holds for as long as the booking is Booked (a customer's, or one the owner confirmed); a
  // time that has passed holds nothing. Visitors' requests the owner had not confirmed lapse two
  // days after they were sent (ANONYMOUS_HOLDS.lapseHours when this was written). The free times
  // still read bookings_held alone, now with hold_until in it.
  `
  ALTER TABLE bookings ADD COLUMN hold_until TEXT;
  UPDATE bookings SET hold_until = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+48 hours')
    WHERE user_id IS NULL AND scheduled_at IS NULL AND status = 'Booked' AND time != '';
  CREATE INDEX bookings_visitor_holds ON bookings (hold_until) WHERE hold_until IS NOT NULL;
  DROP INDEX bookings_held;
  CREATE INDEX bookings_held
    ON bookings (status, date, time, vehicle_type, selected_addons, booking_id, hold_until);
  `,
  // The owner's decision on a failed e-mail (server/mail/outbox.ts `dismissFailed`): until the
  // owner sends it again or dismisses it, with a reason, it is a problem of the health checks.
  // The mail alarm (server/mail/alarm.ts): one row per episode, raised once and cleared once.
  `
  ALTER TABLE outbox ADD COLUMN dismissed_at TEXT;
  ALTER TABLE outbox ADD COLUMN dismissed_by TEXT;
  ALTER TABLE outbox ADD COLUMN dismiss_reason TEXT;
  CREATE TABLE mail_alarms (
    id INTEGER PRIMARY KEY,
    reason TEXT NOT NULL,
    raised_at TEXT NOT NULL,
    cleared_at TEXT
  );
  `,
  // The customer's changes the owner has not seen yet (server/bookings/customerChanges.ts): one
  // JSON CustomerChange per booking (openapi.yaml), NULL once the owner said "Seen".
  `ALTER TABLE bookings ADD COLUMN customer_change TEXT;`,
  // The business's offer (server/offer/offer.ts): every change of the owner's draft is a version
  // (the offer as JSON, who made it and when, the version a restore copied); the latest is the
  // draft, and offer_published names the one visitors see. The seeded defaults are version 1,
  // written by the server when it finds none. A Premium Package booking keeps the add-ons it
  // included when it was made (package_addons; NULL before: the seeded defaults' add-ons).
  `
  CREATE TABLE offer_versions (
    version INTEGER PRIMARY KEY,
    offer TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    restored_from INTEGER,
    published_at TEXT
  );
  CREATE TABLE offer_published (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL REFERENCES offer_versions (version)
  );
  ALTER TABLE bookings ADD COLUMN package_addons TEXT;
  `,
  // Texts to customers (server/mail/textOutbox.ts): the account's choices (off until the customer
  // turns them on), the number they go to (the verified account phone, or the mobile confirmed
  // with a texted code) and the consent given, with its time and wording; a visitor's consent on
  // a quote request, on the booking; the codes being confirmed; the numbers that texted STOP;
  // and the texts themselves, an outbox of their own (one row per text, its words as sent).
  `
  ALTER TABLE customers ADD COLUMN text_reminders INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE customers ADD COLUMN text_status_updates INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE customers ADD COLUMN text_number TEXT;
  ALTER TABLE customers ADD COLUMN text_consent_at TEXT;
  ALTER TABLE customers ADD COLUMN text_consent_wording TEXT;
  ALTER TABLE bookings ADD COLUMN text_number TEXT;
  ALTER TABLE bookings ADD COLUMN text_consent_at TEXT;
  ALTER TABLE bookings ADD COLUMN text_consent_wording TEXT;
  CREATE TABLE text_codes (
    user_id TEXT PRIMARY KEY REFERENCES customers (user_id),
    number TEXT NOT NULL,
    code_digest TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE text_stops (
    number TEXT PRIMARY KEY,
    word TEXT NOT NULL,
    stopped_at TEXT NOT NULL
  );
  CREATE TABLE texts (
    id TEXT PRIMARY KEY,
    dedupe_key TEXT,
    kind TEXT NOT NULL,
    booking_id TEXT REFERENCES bookings (booking_id),
    user_id TEXT,
    number TEXT NOT NULL,
    payload TEXT NOT NULL,
    body TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    provider_id TEXT,
    failure TEXT CHECK (failure IN ('refused', 'expired', 'uncertain', 'stopped', 'capped')),
    last_error TEXT,
    failed_at TEXT
  );
  CREATE UNIQUE INDEX texts_once ON texts (dedupe_key) WHERE dedupe_key IS NOT NULL;
  CREATE INDEX texts_due ON texts (status, next_attempt_at);
  CREATE INDEX texts_booking ON texts (booking_id);
  CREATE INDEX texts_number ON texts (number, sent_at);
  `,
  // The gallery's pictures the owner uploads (server/offer/gallery.ts): one row per picture (its
  // id is a hash of the file and the image settings), with its upright size, placeholder colour
  // and the widths its WebP files were made in (files in <picturesDir>/gallery), who and when.
  // The offer's gallery entries name them (`uploads/<id>`); alt text and captions are the offer's.
  `
  CREATE TABLE gallery_pictures (
    id TEXT PRIMARY KEY,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    color TEXT NOT NULL,
    widths TEXT NOT NULL,
    uploaded_by TEXT NOT NULL,
    uploaded_at TEXT NOT NULL
  );
  `,
];

export const SCHEMA_VERSION = migrations.length;

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const apply = db.transaction(() => {
    const row = db.prepare('SELECT version FROM schema_version').get() as
      { version: number } | undefined;
    const current = row?.version ?? 0;
    if (current > migrations.length) {
      throw new Error(
        `The database is at schema version ${current}, newer than this server (${migrations.length})`,
      );
    }
    migrations.slice(current).forEach((sql) => db.exec(sql));
    if (row) db.prepare('UPDATE schema_version SET version = ?').run(migrations.length);
    else db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migrations.length);
  });
  // IMMEDIATE takes the write lock first, so two processes never migrate at once.
  apply.immediate();
}

/**
 * Runs `work` as one transaction that takes the write lock at its start (BEGIN IMMEDIATE). While
 * another connection or process (the operator CLI) holds it, the transaction fails at once with
 * SQLITE_BUSY (the API's connection does not wait, ./busy.ts) or waits busy_timeout (the
 * operator command's), and has written nothing. A transaction that reads and then writes would
 * instead fail half-way when another connection committed in between. Every transaction that
 * writes goes through here.
 */
export function inWriteTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}

/** SQLite's answer when another connection holds the lock (and busy_timeout ran out). */
export const isBusy = (error: unknown) =>
  (error as { code?: string } | null)?.code?.startsWith('SQLITE_BUSY') === true;

/**
 * Runs `work` (which may write, in transactions of its own) without waiting for a lock another
 * connection holds: busy_timeout is 0 meanwhile, so SQLite answers at once. Returns `busy` when
 * the lock was taken (the transaction that met it is rolled back; try again later). For background
 * work (the mail worker): better-sqlite3 waits synchronously, so waiting would hold up every
 * request of the process. (The API's connection never waits anyway, ./busy.ts; this keeps the
 * same work from waiting on a connection that does.)
 */
export function withoutWaiting<T>(db: Db, work: () => T): T | 'busy' {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return work();
  } catch (error) {
    if (isBusy(error)) return 'busy';
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}

/** How long a connection that may block (the operator command, scripts, threads) waits for the lock. */
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** A moment as it appears in a file name: `2026-01-15T03-00-00-000Z`. */
export const fileStamp = (at: Date): string => at.toISOString().replace(/[:.]/g, '-');

const FILE_STAMP = /(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3}Z)$/;

/** The moment a name ending in a `fileStamp` was written, or undefined for another name. */
export function stampedAt(name: string): Date | undefined {
  const match = FILE_STAMP.exec(name);
  if (!match) return undefined;
  const at = new Date(`${match[1]}:${match[2]}:${match[3]}.${match[4]}`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Whether a copy written at `at` is past the retention period (BACKUP_RETENTION_DAYS) at `now`. */
export const pastRetention = (at: Date, now: Date): boolean =>
  now.getTime() - at.getTime() >= BACKUP_RETENTION_DAYS * 86_400_000;

const BEFORE_MIGRATION = '.before-v';

/**
 * Before migrations change an existing database (at a version between 1 and `latest - 1`): a
 * copy of it beside the file (`<file>.before-v<latest>-<date>`), written with VACUUM INTO
 * (consistent, and synchronous like the migration). Migrations never touch the pictures.
 * Answers the copy's path, or undefined when nothing is migrated.
 */
export function snapshotBeforeMigration(db: Database.Database, latest: number): string | undefined {
  if (db.memory) return undefined;
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    .get();
  if (!table) return undefined;
  const row = db.prepare('SELECT version FROM schema_version').get() as
    { version: number } | undefined;
  if (!row || row.version === 0 || row.version >= latest) return undefined;
  const target = `${db.name}${BEFORE_MIGRATION}${latest}-${fileStamp(new Date())}`;
  db.prepare('VACUUM INTO ?').run(target);
  return target;
}

/**
 * Deletes the copies taken before migrations beside `file` that are past the retention period
 * (they hold what the database held then, deleted customers included). Answers how many.
 */
export function pruneBeforeMigrationCopies(file: string, now: Date = new Date()): number {
  const dir = path.dirname(path.resolve(file));
  if (file === ':memory:' || !existsSync(dir)) return 0;
  const prefix = `${path.basename(file)}${BEFORE_MIGRATION}`;
  let pruned = 0;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const at = stampedAt(name);
    if (at && pastRetention(at, now)) {
      rmSync(path.join(dir, name), { force: true });
      pruned += 1;
    }
  }
  return pruned;
}

/**
 * Opens (creating folders and file as needed) and migrates the database. Before a migration
 * the file is copied (snapshotBeforeMigration) unless `copyBeforeMigration` is false (a restore:
 * the backup it comes from is that copy); copies past the retention period are deleted.
 * The connection waits up to `busyTimeoutMs` (default 5 s, for the operator command and
 * scripts) for another connection's write lock; opening and migrating always may wait 5 s.
 */
export function openDatabase(
  file: string,
  options: { copyBeforeMigration?: boolean; busyTimeoutMs?: number } = {},
): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${DEFAULT_BUSY_TIMEOUT_MS}`);
  // Deleted rows are overwritten, not left in free pages (a deleted account's data is gone).
  db.pragma('secure_delete = ON');
  if (options.copyBeforeMigration !== false) snapshotBeforeMigration(db, migrations.length);
  migrate(db);
  pruneBeforeMigrationCopies(file);
  if (options.busyTimeoutMs !== undefined) db.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
  return db;
}
