/**
 * Backups of the API's data: the SQLite file through SQLite's online backup (a consistent
 * copy while the server keeps writing), then the pictures folder, into one dated folder per
 * backup; backups (and the copies taken before migrations, server/platform/db.ts) past the retention
 * period (BACKUP_RETENTION_DAYS, server/platform/config.ts) are deleted. A restore goes into an empty
 * data location only, after checking the copy's integrity, and erases the deleted accounts
 * again (the caller's `reapplyErasures`, server/account/erasure.ts) before anything can read it.
 *
 * A backup folder holds `app.db`, `pictures/` and `backup.json`. It is written under a
 * `.partial` name and renamed when complete, so a folder without it is always whole.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  fileStamp,
  openDatabase,
  pastRetention,
  pruneBeforeMigrationCopies,
  stampedAt,
  type Db,
} from './db';
import { erasureListPath } from './erasureList';

export const BACKUP_DB = 'app.db';
export const BACKUP_PICTURES = 'pictures';
export const BACKUP_MANIFEST = 'backup.json';
const PREFIX = 'backup-';
const PARTIAL = '.partial';

export interface BackupOptions {
  databasePath: string;
  picturesDir: string;
  /** Folder holding the dated backups. */
  dir: string;
  /** Defaults to now; names the folder, and is the "now" of the retention. */
  at?: Date;
}

const folderName = (at: Date) => `${PREFIX}${fileStamp(at)}`;

/** The complete backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && !name.endsWith(PARTIAL))
    .filter((name) => existsSync(path.join(dir, name, BACKUP_MANIFEST)))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The newest complete backup in `dir` and when it was taken, or undefined when there is none. */
export function lastBackup(dir: string): { folder: string; at: Date } | undefined {
  const folder = listBackups(dir).at(-1);
  const at = folder ? stampedAt(path.basename(folder)) : undefined;
  return folder && at ? { folder, at } : undefined;
}

/** The bytes of the files in a folder and its sub-folders. */
export function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** `PRAGMA integrity_check` of a SQLite file: "ok" or the problems found. */
export function integrityCheck(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

function schemaVersion(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT version FROM schema_version').get() as { version: number };
    return row.version;
  } finally {
    db.close();
  }
}

/**
 * Deletes the backups in `dir` (and any left `.partial` by a crash) and the copies taken before
 * migrations beside `databasePath` that are past the retention period at `now`. Answers how
 * many of each.
 */
export function pruneExpired(
  options: Pick<BackupOptions, 'databasePath' | 'dir'>,
  now: Date = new Date(),
): { backups: number; beforeMigration: number } {
  const expired = (existsSync(options.dir) ? readdirSync(options.dir) : []).filter((name) => {
    const whole = name.endsWith(PARTIAL) ? name.slice(0, -PARTIAL.length) : name;
    const at = name.startsWith(PREFIX) ? stampedAt(whole) : undefined;
    return at !== undefined && pastRetention(at, now);
  });
  for (const name of expired)
    rmSync(path.join(options.dir, name), { recursive: true, force: true });
  return {
    backups: expired.length,
    beforeMigration: pruneBeforeMigrationCopies(options.databasePath, now),
  };
}

/** Takes one backup and applies the retention; answers the new folder. */
export async function backupNow(options: BackupOptions): Promise<string> {
  if (!existsSync(options.databasePath)) {
    throw new Error(`There is no database at ${options.databasePath} to back up`);
  }
  const at = options.at ?? new Date();
  const final = path.join(options.dir, folderName(at));
  const partial = final + PARTIAL;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const source = new Database(options.databasePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // SQLite's online backup: copies pages in steps while others go on writing; a write by
    // another connection restarts it, so the copy is one consistent moment.
    await source.backup(path.join(partial, BACKUP_DB));
  } finally {
    source.close();
  }
  // After the database: every picture the copied rows name is already on disk (a picture file
  // is written before its row, and files are never changed).
  const pictures = path.join(partial, BACKUP_PICTURES);
  if (existsSync(options.picturesDir)) cpSync(options.picturesDir, pictures, { recursive: true });
  else mkdirSync(pictures);
  const check = integrityCheck(path.join(partial, BACKUP_DB));
  if (check !== 'ok') throw new Error(`The backup copy failed its integrity check: ${check}`);
  writeFileSync(
    path.join(partial, BACKUP_MANIFEST),
    `${JSON.stringify(
      {
        createdAt: at.toISOString(),
        schemaVersion: schemaVersion(path.join(partial, BACKUP_DB)),
        pictures: readdirSync(pictures).length,
      },
      null,
      2,
    )}\n`,
  );
  renameSync(partial, final);
  pruneExpired(options, at);
  return final;
}

export interface RestoreTarget {
  databasePath: string;
  picturesDir: string;
  /** The erasure list (./erasureList.ts), kept outside the data folder. */
  erasureList?: string;
}

const isEmptyFolder = (dir: string) =>
  !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);

/**
 * Restores a backup folder into an empty data location (no database file, an empty or absent
 * pictures folder); refuses anything else, so a restore never overwrites live data. The
 * erasure list outside the data folder stays: the accounts it names (deleted after the backup
 * was taken) are erased from the restored data by `reapplyErasures` (the account's, passed in:
 * the platform imports no resource) before the restore returns. Migrates the restored database
 * to this version (the backup itself is the copy from before).
 */
export function restoreBackup(
  backup: string,
  target: RestoreTarget,
  reapplyErasures: (db: Db, target: RestoreTarget) => number,
): { pictures: number; erased: number } {
  const file = path.join(backup, BACKUP_DB);
  if (!existsSync(path.join(backup, BACKUP_MANIFEST)) || !existsSync(file)) {
    throw new Error(`${backup} is not a complete backup (no ${BACKUP_MANIFEST} or ${BACKUP_DB})`);
  }
  // Emptying the whole data folder would lose the erasure list, and with it the deletions.
  const moveAway = `move the database and the pictures away first, leaving ${erasureListPath(target)} (the deleted accounts) in place`;
  for (const leftover of ['', '-wal', '-shm']) {
    if (existsSync(target.databasePath + leftover)) {
      throw new Error(`${target.databasePath + leftover} exists; ${moveAway}`);
    }
  }
  if (!isEmptyFolder(target.picturesDir)) {
    throw new Error(`${target.picturesDir} is not empty; ${moveAway}`);
  }
  const check = integrityCheck(file);
  if (check !== 'ok') throw new Error(`The backup failed its integrity check: ${check}`);
  mkdirSync(path.dirname(path.resolve(target.databasePath)), { recursive: true });
  cpSync(file, target.databasePath);
  mkdirSync(target.picturesDir, { recursive: true });
  const pictures = path.join(backup, BACKUP_PICTURES);
  if (existsSync(pictures)) cpSync(pictures, target.picturesDir, { recursive: true });
  const db = openDatabase(target.databasePath, { copyBeforeMigration: false });
  try {
    const erased = reapplyErasures(db, target);
    return { pictures: readdirSync(target.picturesDir).length, erased };
  } finally {
    db.close();
  }
}
