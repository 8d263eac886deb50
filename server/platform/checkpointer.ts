/**
 * SQLite's WAL checkpoints, off the API's event loop (docs/architecture.md, "A visitor sends a quote").
 *
 * In WAL mode a commit appends its pages to the -wal file; a checkpoint copies them back into
 * the database file and syncs both. By default SQLite runs one inside whichever commit takes
 * the log past 1,000 pages, so a request now and then waited for a whole checkpoint and its
 * two fsyncs (tens of milliseconds on a slow disk), and every page a request wrote cost it a
 * share of them. Here the API's connection does not checkpoint (`wal_autocheckpoint = 0`); a
 * worker thread with its own connection runs a PASSIVE checkpoint every `everyMs`, which never
 * blocks the API's readers or its writer. Nothing about durability changes: a commit is in the
 * log either way, and a crash between checkpoints is recovered from the log on the next open.
 *
 * If the thread cannot start or stops, the API's connection checkpoints for itself again.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';

/** SQLite's default: the log's size in pages at which a commit checkpoints. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** After a checkpoint that emptied it, the log file is cut back to this size. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

const DEFAULT_EVERY_MS = 200;

/**
 * The thread's code (CommonJS, so that it runs the same under tsx, jest and the production
 * bundle). better-sqlite3 is resolved from the folder the server runs in, or else from beside
 * its main script.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const path = require('node:path');
const from = [path.join(process.cwd(), 'index.js'), workerData.mainScript].filter(Boolean);
let Database;
for (const base of from) {
  try { Database = createRequire(base)('better-sqlite3'); break; } catch {}
}
if (!Database) throw new Error('better-sqlite3 cannot be found from ' + from.join(' or '));
const db = new Database(workerData.file, { fileMustExist: true });
// A PASSIVE checkpoint never waits for a lock; should one be asked for, the thread waits
// briefly (it is not the API's event loop, but its last checkpoint holds up a stop).
db.pragma('busy_timeout = 100');
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Runs a last checkpoint and ends the thread; the API's connection checkpoints again. */
  stop(): Promise<void>;
}

/**
 * Starts the checkpoint thread for `db`, opened on `file`. An in-memory database has no log:
 * nothing starts.
 */
export function startCheckpointer(
  db: Db,
  file: string,
  options: { everyMs?: number; log?: (line: string) => void } = {},
): Checkpointer {
  if (db.memory) return { stop: async () => undefined };
  const log = options.log ?? ((line: string) => console.error(line));
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: {
      file: path.resolve(file),
      everyMs: options.everyMs ?? DEFAULT_EVERY_MS,
      mainScript: process.argv[1],
    },
  });
  // The thread never keeps the process alive on its own.
  worker.unref();
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  db.pragma('wal_autocheckpoint = 0');

  let stopping = false;
  const selfCheckpoint = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', (error) => {
    log(`[db] The checkpoint thread failed (${error.message}); the API checkpoints for itself.`);
    selfCheckpoint();
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping) selfCheckpoint();
      resolve();
    }),
  );

  return {
    async stop() {
      stopping = true;
      selfCheckpoint();
      // Held open until the last checkpoint is done and the thread has ended.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
