/**
 * Deleted accounts stay deleted: a backup, a copy taken before a migration or a database file
 * put back by hand still holds the accounts deleted after it was taken. Every restore
 * (server/platform/backup.ts) and every start of the API (server/app.ts, before it listens) erase the
 * accounts of the erasure list (../platform/erasureList.ts) again: their rows as a deletion erases them
 * (server/account/account.ts), their picture files, and their digests back in `deleted_accounts`, so
 * their tokens answer 401.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eraseSubject, recordDeletion, subjectDigest, type Subject } from './account';
import { inWriteTransaction, type Db } from '../platform/db';
import { appendErasure, erasureListPath, readErasures } from '../platform/erasureList';

export interface ErasureTarget {
  databasePath: string;
  picturesDir: string;
  /** The erasure list, outside the data folder (../platform/erasureList.ts `erasureListPath`). */
  erasureList?: string;
}

/**
 * Erases every listed account found in `db` again. The database's own `deleted_accounts` is
 * added to the list first (a list lost, or written before this database's deletions, is
 * completed from it). A deletion the database did not know gets its owner's event back, with
 * its time. Answers how many accounts had rows to erase.
 */
export function reapplyErasures(db: Db, target: ErasureTarget): number {
  const list = erasureListPath(target);
  if (!list) return 0;
  const erased = readErasures(list);
  const known = db.prepare('SELECT subject_digest, deleted_at FROM deleted_accounts').all() as {
    subject_digest: string;
    deleted_at: string;
  }[];
  for (const row of known) {
    if (erased.has(row.subject_digest)) continue;
    appendErasure(list, row.subject_digest, row.deleted_at);
    erased.set(row.subject_digest, row.deleted_at);
  }
  if (erased.size === 0) return 0;

  const subjects: Subject[] = (
    db.prepare('SELECT user_id, email_lower FROM customers').all() as {
      user_id: string;
      email_lower: string;
    }[]
  )
    .filter((row) => erased.has(subjectDigest(row.user_id)))
    .map((row) => ({ userId: row.user_id, emailLower: row.email_lower }));
  const inDatabase = new Set(known.map((row) => row.subject_digest));
  const unknown = [...erased].filter(([digest]) => !inDatabase.has(digest));
  if (subjects.length === 0 && unknown.length === 0) return 0;

  const files = inWriteTransaction(db, () => {
    const names = subjects.flatMap((subject) => eraseSubject(db, subject));
    for (const [digest, deletedAt] of unknown) recordDeletion(db, digest, deletedAt);
    return names;
  });
  // As a deletion does: the erased pages out of the write-ahead log (secure_delete zeroed them).
  db.pragma('wal_checkpoint(TRUNCATE)');
  for (const file of files) {
    rmSync(path.join(target.picturesDir, path.basename(file)), { force: true });
  }
  return subjects.length;
}
