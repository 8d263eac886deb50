/**
 * Operator commands, from a shell on the server (the owner console, /owner, does the day's work
 * in the browser; some of these have no screen there). Uses DATABASE_PATH and PICTURES_DIR like
 * the server, and may run while the server is running.
 *
 *   npm run operator -- complete-booking <bookingId>
 *   npm run operator -- add-picture <bookingId> <image file> [--description TEXT]
 *   npm run operator -- redeem <sub or e-mail> <points>
 *   npm run operator -- adjust-points <sub or e-mail> --reason TEXT -- <points>
 *   npm run operator -- seed-demo --sub SUB --email EMAIL --name NAME
 *   npm run operator -- outbox-failed
 *   npm run operator -- outbox-resend [<messageId>] [--refused]
 *   npm run operator -- account-events
 *   npm run operator -- backup [--dir DIR]
 *   npm run operator -- restore <backup folder>
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_RETENTION_DAYS, storageFromEnv } from './platform/config';
import { openDatabase } from './platform/db';
import { completeBooking } from './bookings/bookings';
import { addPicture, uprightWithoutMetadata } from './pictures/pictures';
import { seedDemoCustomer } from './seed';
import { findCustomer, redeemPoints } from './customers/customers';
import { adjustPoints } from './owner/ownerCustomers';
import { HttpError } from './platform/errors';
import { listMessages, resendFailed } from './mail/outbox';
import { listAccountEvents } from './account/account';
import { reapplyErasures } from './account/erasure';
import { backupNow, restoreBackup } from './platform/backup';
import { erasureListPath } from './platform/erasureList';
import { backupSettingsFromEnv } from './platform/productionConfig';

const usage = `Usage:
  npm run operator -- complete-booking <bookingId> [--done-early]
      Marks a Booked booking Completed and writes its loyalty points (one transaction). An
      appointment on a day after today is refused unless --done-early.
  npm run operator -- add-picture <bookingId> <image.jpg|.png|.webp> [--description TEXT]
      Stores a service picture for that booking in PICTURES_DIR, turned upright and
      without its metadata (camera, time, GPS), as an upload from the owner console.
  npm run operator -- redeem <sub or e-mail> <points>
      Redeems loyalty points (from a balance of 2000; never below zero).
  npm run operator -- adjust-points <sub or e-mail> --reason TEXT -- <points>
      Adds (or, negative, takes away) points with a reason the customer sees, as the owner
      console does; refused when it would take the balance below zero. The points come after
      "--" so that a negative number is not read as an option.
  npm run operator -- seed-demo --sub SUB --email EMAIL --name NAME
      Seeds the demo customer's history (does nothing if already seeded).
  npm run operator -- outbox-failed
      Lists the e-mails the mail worker gave up on: refused (the mail server refused them for
      good, e.g. no such address) or expired (not delivered in 72 hours of tries), and why.
  npm run operator -- outbox-resend [<messageId>] [--refused]
      Queues failed e-mails (all, or one) again with fresh tries; the running server sends them.
      Refused ones would be refused again, so they are queued only with --refused.
  npm run operator -- account-events
      Lists when customers deleted their accounts (newest first; nothing about who).
  npm run operator -- backup [--dir DIR]
      Copies the database (SQLite online backup, safe while the server runs) and the pictures
      into DIR/backup-<date>/, and deletes the backups (and the copies taken before migrations)
      older than ${BACKUP_RETENTION_DAYS} days.
  npm run operator -- restore <backup folder>
      Restores a backup into DATABASE_PATH and PICTURES_DIR: the database file must not exist
      and the pictures folder must be empty; keep ERASURE_LIST_PATH (the list of deleted
      accounts), whose accounts are erased from the restored data again.
Environment: DATABASE_PATH (default .local/data/app.db), PICTURES_DIR (default .local/data/pictures),
ERASURE_LIST_PATH (default .local/erased-accounts; DATABASE_PATH.erased when only DATABASE_PATH
is set), BACKUP_DIR (default .local/backups).`;

const ID = /^[0-9a-f]{24}$/;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sub: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      reason: { type: 'string' },
      dir: { type: 'string' },
      refused: { type: 'boolean', default: false },
      'done-early': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const storage = storageFromEnv();

  if (command === 'complete-booking') {
    const bookingId = rest[0] ?? '';
    if (!ID.test(bookingId))
      throw new HttpError(400, 'complete-booking needs a 24-character booking id');
    const db = openDatabase(storage.databasePath);
    try {
      const result = completeBooking(db, bookingId, new Date(), {
        doneEarly: values['done-early'],
      });
      console.log(
        result.userId
          ? `Booking ${bookingId} is Completed; ${result.points} points credited to ${result.userId}.`
          : `Booking ${bookingId} is Completed; ${result.points} points will be credited when an account with ${result.booking.email} signs in.`,
      );
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'add-picture') {
    const [bookingId = '', file = ''] = rest;
    const extension = path.extname(file).slice(1).toLowerCase().replace('jpeg', 'jpg');
    if (!ID.test(bookingId) || !['jpg', 'png', 'webp'].includes(extension)) {
      throw new HttpError(400, 'add-picture needs a booking id and a .jpg, .png or .webp file');
    }
    const kind = extension as 'jpg' | 'png' | 'webp';
    const data = await uprightWithoutMetadata(readFileSync(file), kind);
    const db = openDatabase(storage.databasePath);
    try {
      const stored = addPicture(db, storage.picturesDir, {
        bookingId,
        data,
        extension: kind,
        description: values.description ?? '',
        label: path.basename(file),
      });
      console.log(`Stored ${path.basename(file)} (as ${stored}) for booking ${bookingId}.`);
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'redeem') {
    const [who = '', amount = ''] = rest;
    const points = Number(amount);
    if (!who || !Number.isInteger(points) || points <= 0) {
      throw new HttpError(
        400,
        'redeem needs a customer (sub or e-mail) and a whole number of points',
      );
    }
    const db = openDatabase(storage.databasePath);
    try {
      const loyalty = redeemPoints(db, findCustomer(db, who), points);
      console.log(
        `Redeemed ${points} points for ${loyalty.email}; the balance is ${loyalty.points}.`,
      );
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'adjust-points') {
    const [who = '', amount = ''] = rest;
    const points = Number(amount);
    if (!who || !/^-?\d+$/.test(amount) || !values.reason) {
      throw new HttpError(
        400,
        'adjust-points needs a customer (sub or e-mail), a whole number of points and --reason',
      );
    }
    const db = openDatabase(storage.databasePath);
    try {
      const { userId } = findCustomer(db, who);
      const loyalty = adjustPoints(db, userId, { points, reason: values.reason });
      console.log(
        `Adjusted ${loyalty.email} by ${points} points; the balance is ${loyalty.points}.`,
      );
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'seed-demo') {
    const { sub, email, name } = values;
    if (!sub || !email || !name)
      throw new HttpError(400, 'seed-demo needs --sub, --email and --name');
    const result = await seedDemoCustomer(storage, { sub, email, name });
    console.log(
      `${result.seeded ? 'Seeded' : 'Already seeded'} ${email}: ${result.vehicles} vehicles, ` +
        `${result.bookings} website bookings, ${result.calendlyBookings} Calendly bookings, ` +
        `${result.pictures} pictures, ${result.points} loyalty points.`,
    );
    return 0;
  }

  if (command === 'outbox-failed') {
    const db = openDatabase(storage.databasePath);
    try {
      const failed = listMessages(db, 'failed');
      if (failed.length === 0) console.log('No failed e-mails.');
      for (const m of failed)
        console.log(
          `${m.id}  ${m.kind}  booking ${m.booking_id ?? '-'}  ${m.failure ?? 'failed'} after ${m.attempts} tries  created ${m.created_at}  ${m.last_error ?? ''}`,
        );
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'account-events') {
    const db = openDatabase(storage.databasePath);
    try {
      const events = listAccountEvents(db);
      if (events.length === 0) console.log('No account events.');
      for (const event of events) console.log(`${event.occurredAt}  ${event.kind}`);
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'outbox-resend') {
    const id = rest[0];
    if (id !== undefined && !ID.test(id))
      throw new HttpError(400, 'outbox-resend takes an optional 24-character message id');
    const db = openDatabase(storage.databasePath);
    try {
      const count = resendFailed(db, { id, refused: values.refused });
      console.log(`Queued ${count} failed e-mail${count === 1 ? '' : 's'} again.`);
      const refused = listMessages(db, 'failed').filter((m) => m.failure === 'refused').length;
      if (refused > 0 && id === undefined)
        console.log(
          `${refused} refused for good by the mail server left failed (--refused queues them too).`,
        );
    } finally {
      db.close();
    }
    return 0;
  }

  if (command === 'backup') {
    const settings = backupSettingsFromEnv({
      ...process.env,
      ...(values.dir ? { BACKUP_DIR: values.dir } : {}),
    });
    const folder = await backupNow({ ...storage, ...settings });
    console.log(
      `Backup written to ${folder} (backups older than ${BACKUP_RETENTION_DAYS} days deleted).`,
    );
    return 0;
  }

  if (command === 'restore') {
    const backup = rest[0];
    if (!backup) throw new HttpError(400, 'restore needs the backup folder');
    const { pictures, erased } = restoreBackup(backup, storage, reapplyErasures);
    console.log(
      `Restored ${backup} into ${storage.databasePath} and ${storage.picturesDir} (${pictures} pictures); integrity check ok; ` +
        `${erased} deleted account${erased === 1 ? '' : 's'} erased again.`,
    );
    const list = erasureListPath(storage);
    if (list && !existsSync(list)) {
      console.log(
        `There is no list of deleted accounts at ${list}: if accounts were deleted after this backup and the list was moved away with the old data, put it back there before starting the API (it erases them as it starts).`,
      );
    }
    return 0;
  }

  console.error(`Unknown command "${command}".\n${usage}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof HttpError) {
      console.error(`Error: ${error.message}`);
      process.exit(error.statusCode === 400 ? 2 : 1);
    }
    console.error(error instanceof Error ? `Error: ${error.message}` : error);
    process.exit(1);
  },
);
