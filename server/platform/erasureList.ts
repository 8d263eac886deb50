/**
 * The erasure list: every deleted account, as the one-way digest `deleted_accounts` keeps
 * (server/account/account.ts `subjectDigest`) and the time of the deletion, one per line. Nothing else,
 * so nothing personal.
 *
 * It is a file outside the data folder (ERASURE_LIST_PATH; on the server on the root disk, not
 * the data volume AWS Backup copies, and mirrored to a versioned S3 object: README), not a
 * table: a backup holds the database and the pictures only, and a restore replaces just those,
 * or the whole data folder (a volume restore), so the list outlives every restore and every
 * copy of the database put back by hand. A restore and each start of the API erase the listed
 * accounts again (server/account/erasure.ts). The file is only ever appended to, and each line
 * is on disk (fsync) before the deletion's rows are touched.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Where the local stack keeps the list: beside its data folder (`.local/data`), not in it. */
export const DEFAULT_ERASURE_LIST = path.join('.local', 'erased-accounts');

/**
 * Where the list of this storage is kept: `erasureList` when set (ERASURE_LIST_PATH), else
 * beside the database file (a test's or a tool's own database); none for an in-memory one.
 */
export function erasureListPath(storage: {
  databasePath: string;
  erasureList?: string;
}): string | undefined {
  if (storage.erasureList) return storage.erasureList;
  return storage.databasePath === ':memory:' ? undefined : `${storage.databasePath}.erased`;
}

const LINE = /^([0-9a-f]{64}) (\S+)$/;

/**
 * The listed deletions (digest → when). A line cut short by a crash while it was written is
 * not one (its deletion had not begun: the rows are erased after the line is on disk).
 */
export function readErasures(file: string): Map<string, string> {
  const erased = new Map<string, string>();
  if (!existsSync(file)) return erased;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = LINE.exec(line);
    if (match && !erased.has(match[1]!)) erased.set(match[1]!, match[2]!);
  }
  return erased;
}

/** Appends one deletion and waits until it is on disk (the file, and a new file's folder entry). */
export function appendErasure(file: string, digest: string, deletedAt: string): void {
  if (!/^[0-9a-f]{64}$/.test(digest) || /\s/.test(deletedAt)) {
    throw new Error(`Not an erasure: ${digest} ${deletedAt}`);
  }
  const created = !existsSync(file);
  const fd = openSync(file, 'a+');
  try {
    // A line cut short by a crash is ended first, so that this one stands alone.
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const torn = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    writeSync(fd, `${torn ? '\n' : ''}${digest} ${deletedAt}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (created) {
    const dir = openSync(path.dirname(path.resolve(file)), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
}
