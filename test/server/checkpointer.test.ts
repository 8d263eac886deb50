/**
 * WAL checkpoints run in a thread of their own (server/platform/checkpointer.ts): a request's commit only
 * appends to the log, and the thread copies the log into the database file soon after.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startCheckpointer } from '../../server/platform/checkpointer';
import { openDatabase } from '../../server/platform/db';
import {
  call,
  quoteRequest,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  until,
} from './helpers';

let idp: IdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider();
});
afterAll(async () => {
  await idp.close();
});

/** The bookings in the database file alone, as if its log were lost. */
function bookingsInFileAlone(databasePath: string, copyDir: string): number {
  const copy = path.join(copyDir, `copy-${Date.now()}-${Math.random()}.db`);
  copyFileSync(databasePath, copy);
  const db = new Database(copy, { readonly: true });
  try {
    // Before the first checkpoint the file does not even hold the tables.
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name = 'bookings'").all();
    if (tables.length === 0) return 0;
    return (db.prepare('SELECT COUNT(*) AS n FROM bookings').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

it('a quote request written through the API reaches the database file within seconds', async () => {
  const api = await startApi(idp);
  const copies = mkdtempSync(path.join(os.tmpdir(), 'checkpoint-copies-'));
  try {
    const answer = await call(api.baseUrl, 'POST', '/bookings', { body: quoteRequest() });
    expect(answer.status).toBe(201);
    // A handful of pages: SQLite's own checkpoint would wait for a thousand.
    await until(() => bookingsInFileAlone(api.databasePath, copies) === 1, 'the checkpoint');
  } finally {
    await api.close();
    rmSync(copies, { recursive: true, force: true });
  }
});

describe('the API connection', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const autocheckpoint = (db: Database.Database) =>
    db.pragma('wal_autocheckpoint', { simple: true }) as number;

  it('leaves checkpoints to the thread while it runs, and takes them back when it stops', async () => {
    const file = path.join(dir, 'app.db');
    const db = openDatabase(file);
    const checkpointer = startCheckpointer(db, file);
    expect(autocheckpoint(db)).toBe(0);
    await checkpointer.stop();
    expect(autocheckpoint(db)).toBe(1000);
    db.close();
  });

  it('checkpoints for itself, with a log line, when the thread cannot run', async () => {
    const file = path.join(dir, 'app.db');
    const db = openDatabase(file);
    const lines: string[] = [];
    // The thread opens a file that is not there and stops.
    const checkpointer = startCheckpointer(db, path.join(dir, 'missing', 'app.db'), {
      log: (line) => lines.push(line),
    });
    await until(() => lines.length > 0, 'the log line');
    expect(lines[0]).toMatch(/The checkpoint thread failed .*the API checkpoints for itself/);
    expect(autocheckpoint(db)).toBe(1000);
    await checkpointer.stop();
    db.close();
  });

  it('starts no thread for a database in memory', async () => {
    const db = openDatabase(':memory:');
    const checkpointer = startCheckpointer(db, ':memory:');
    expect(autocheckpoint(db)).toBe(1000);
    await checkpointer.stop();
    db.close();
  });
});
