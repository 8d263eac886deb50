/**
 * Backups of the API's data: the SQLite file through SQLite's online backup (a consistent
 * copy while the server keeps writing), then the pictures folder, into one dated folder per
 * backup; the oldest beyond `keep` are deleted. A restore goes into an empty data location
 * only, after checking the copy's integrity.
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
  /** How many complete backups to keep. */
  keep: number;
  /** Defaults to now; names the folder. */
  at?: Date;
}

const folderName = (at: Date) => `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}`;

/** The complete backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && !name.endsWith(PARTIAL))
    .filter((name) => existsSync(path.join(dir, name, BACKUP_MANIFEST)))
    .sort()
    .map((name) => path.join(dir, name));
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
  for (const old of listBackups(options.dir).slice(0, -options.keep)) {
    rmSync(old, { recursive: true, force: true });
  }
  return final;
}

export interface RestoreTarget {
  databasePath: string;
  picturesDir: string;
}

const isEmptyFolder = (dir: string) =>
  !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);

/**
 * Restores a backup folder into an empty data location (no database file, an empty or absent
 * pictures folder); refuses anything else, so a restore never overwrites live data.
 */
export function restoreBackup(backup: string, target: RestoreTarget): { pictures: number } {
  const file = path.join(backup, BACKUP_DB);
  if (!existsSync(path.join(backup, BACKUP_MANIFEST)) || !existsSync(file)) {
    throw new Error(`${backup} is not a complete backup (no ${BACKUP_MANIFEST} or ${BACKUP_DB})`);
  }
  for (const leftover of ['', '-wal', '-shm']) {
    if (existsSync(target.databasePath + leftover)) {
      throw new Error(
        `${target.databasePath + leftover} exists; restore only into an empty data folder`,
      );
    }
  }
  if (!isEmptyFolder(target.picturesDir)) {
    throw new Error(`${target.picturesDir} is not empty; restore only into an empty data folder`);
  }
  const check = integrityCheck(file);
  if (check !== 'ok') throw new Error(`The backup failed its integrity check: ${check}`);
  mkdirSync(path.dirname(path.resolve(target.databasePath)), { recursive: true });
  cpSync(file, target.databasePath);
  mkdirSync(target.picturesDir, { recursive: true });
  const pictures = path.join(backup, BACKUP_PICTURES);
  if (existsSync(pictures)) cpSync(pictures, target.picturesDir, { recursive: true });
  return { pictures: readdirSync(target.picturesDir).length };
}

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
  const target = `${db.name}.before-v${latest}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  db.prepare('VACUUM INTO ?').run(target);
  return target;
}
