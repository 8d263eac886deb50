/**
 * Backups that restore: the restore drill (50 concurrent writers in another process, a backup
 * taken while they write, a restore into an empty folder with the operator CLI), retention,
 * the refusal to restore over data, the copy before a migration and the service's schedule.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupNow, integrityCheck, listBackups } from '../../server/backup';
import { openDatabase, SCHEMA_VERSION } from '../../server/db';
import { createBooking } from '../../server/bookings';
import { finished, quoteRequest, runTs, startIdentityProvider } from './helpers';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'api-backup-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string>, stdin: 'ignore' | 'pipe' = 'ignore') =>
  runTs(args[0]!, args.slice(1), env, stdin);

it('restore drill: a backup taken during 50 concurrent writers restores every acknowledged write', async () => {
  const databasePath = path.join(dir, 'data', 'app.db');
  const picturesDir = path.join(dir, 'data', 'pictures');
  const writers = run(
    ['test/server/fixtures/writers.ts', databasePath, picturesDir, '50'],
    {},
    'pipe',
  );
  const acks: { bookingId: string; file: string }[] = [];
  let pending = '';
  writers.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [word, bookingId = '', file = ''] = line.split(' ');
      if (word === 'ack') acks.push({ bookingId, file });
    }
  });
  let writerErrors = '';
  writers.stderr?.on('data', (chunk: Buffer) => (writerErrors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => writers.on('exit', resolve));

  try {
    const deadline = Date.now() + 30_000;
    while (acks.length < 300 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(writerErrors).toBe('');
    expect(acks.length).toBeGreaterThanOrEqual(300);
    const acknowledged = acks.slice();
    const folder = await backupNow({
      databasePath,
      picturesDir,
      dir: path.join(dir, 'backups'),
      keep: 3,
    });
    // The writers went on while the backup ran.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(acks.length).toBeGreaterThan(acknowledged.length);
    writers.stdin?.end();
    expect(await exited).toBe(0);
    expect(writerErrors).toBe('');

    const restoredDb = path.join(dir, 'restored', 'app.db');
    const restoredPictures = path.join(dir, 'restored', 'pictures');
    const restore = await finished(
      run(['server/cli.ts', 'restore', folder], {
        DATABASE_PATH: restoredDb,
        PICTURES_DIR: restoredPictures,
      }),
    );
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toContain('integrity check ok');

    expect(integrityCheck(restoredDb)).toBe('ok');
    const db = new Database(restoredDb, { readonly: true });
    try {
      const bookings = new Set(
        (db.prepare('SELECT booking_id FROM bookings').all() as { booking_id: string }[]).map(
          (row) => row.booking_id,
        ),
      );
      const pictures = new Map(
        (
          db.prepare('SELECT file, booking_id FROM pictures').all() as {
            file: string;
            booking_id: string;
          }[]
        ).map((row) => [row.file, row.booking_id]),
      );
      const missing = acknowledged.filter(
        ({ bookingId, file }) =>
          !bookings.has(bookingId) ||
          pictures.get(file) !== bookingId ||
          !existsSync(path.join(restoredPictures, file)),
      );
      expect(missing).toEqual([]);
      // Every picture the restored database names is there.
      expect(
        [...pictures.keys()].filter((file) => !existsSync(path.join(restoredPictures, file))),
      ).toEqual([]);
    } finally {
      db.close();
    }
  } finally {
    writers.kill('SIGTERM');
    await exited;
  }
}, 120_000);

it('keeps the newest backups, and the CLI writes a dated folder', async () => {
  const storage = {
    databasePath: path.join(dir, 'app.db'),
    picturesDir: path.join(dir, 'pictures'),
  };
  openDatabase(storage.databasePath).close();
  const backups = path.join(dir, 'backups');
  const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
  for (const day of days) {
    await backupNow({ ...storage, dir: backups, keep: 2, at: new Date(`${day}T03:00:00Z`) });
  }
  expect(listBackups(backups).map((folder) => path.basename(folder))).toEqual([
    'backup-2026-01-02T03-00-00-000Z',
    'backup-2026-01-03T03-00-00-000Z',
  ]);

  const cli = await finished(
    run(['server/cli.ts', 'backup', '--dir', backups, '--keep', '2'], {
      DATABASE_PATH: storage.databasePath,
      PICTURES_DIR: storage.picturesDir,
    }),
  );
  expect(cli.code).toBe(0);
  expect(cli.out).toMatch(
    /Backup written to .*backup-\d{4}-\d\d-\d\dT[\d-]+Z \(keeping the newest 2\)/,
  );
  expect(listBackups(backups)).toHaveLength(2);
  expect(path.basename(listBackups(backups)[1]!)).toMatch(/^backup-20\d\d-/);
});

it('refuses to restore over existing data', async () => {
  const databasePath = path.join(dir, 'app.db');
  openDatabase(databasePath).close();
  const folder = await backupNow({
    databasePath,
    picturesDir: path.join(dir, 'pictures'),
    dir: path.join(dir, 'backups'),
    keep: 1,
  });
  const overData = await finished(
    run(['server/cli.ts', 'restore', folder], {
      DATABASE_PATH: databasePath,
      PICTURES_DIR: path.join(dir, 'other-pictures'),
    }),
  );
  expect(overData.code).toBe(1);
  expect(overData.err).toContain('exists; restore only into an empty data folder');

  const pictures = path.join(dir, 'full-pictures');
  mkdirSync(pictures);
  writeFileSync(path.join(pictures, 'x.png'), 'x');
  const overPictures = await finished(
    run(['server/cli.ts', 'restore', folder], {
      DATABASE_PATH: path.join(dir, 'new.db'),
      PICTURES_DIR: pictures,
    }),
  );
  expect(overPictures.code).toBe(1);
  expect(overPictures.err).toContain('is not empty; restore only into an empty data folder');
});

it('copies the database before a migration changes it', () => {
  const databasePath = path.join(dir, 'app.db');
  const db = openDatabase(databasePath);
  const booking = createBooking(db, quoteRequest(), null);
  // Back to the schema before the newest migration.
  db.exec('ALTER TABLE bookings DROP COLUMN service_address');
  db.prepare('UPDATE schema_version SET version = ?').run(SCHEMA_VERSION - 1);
  db.close();
  expect(readdirSync(dir).filter((name) => name.includes('.before-'))).toEqual([]);

  openDatabase(databasePath).close();
  const copies = readdirSync(dir).filter((name) => name.includes('.before-'));
  expect(copies).toEqual([
    expect.stringMatching(new RegExp(`^app\\.db\\.before-v${SCHEMA_VERSION}-`)),
  ]);
  const copy = new Database(path.join(dir, copies[0]!), { readonly: true });
  try {
    expect(copy.prepare('SELECT version FROM schema_version').get()).toEqual({
      version: SCHEMA_VERSION - 1,
    });
    expect(copy.prepare('SELECT booking_id FROM bookings').all()).toEqual([
      { booking_id: booking.bookingId },
    ]);
  } finally {
    copy.close();
  }
  // Opening an up-to-date database copies nothing.
  openDatabase(databasePath).close();
  expect(readdirSync(dir).filter((name) => name.includes('.before-'))).toHaveLength(1);
});

it('the service takes scheduled backups', async () => {
  const idp = await startIdentityProvider();
  const backups = path.join(dir, 'backups');
  const child = run(['server/main.ts'], {
    API_PORT: '0',
    DATABASE_PATH: path.join(dir, 'app.db'),
    PICTURES_DIR: path.join(dir, 'pictures'),
    COGNITO_ISSUER: idp.issuer,
    COGNITO_CLIENT_ID: idp.clientId,
    BACKUP_DIR: backups,
    // About every 0.7 seconds.
    BACKUP_INTERVAL_HOURS: '0.0002',
    BACKUP_KEEP: '2',
  });
  const done = finished(child);
  try {
    const deadline = Date.now() + 20_000;
    while (listBackups(backups).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(listBackups(backups)).toHaveLength(2);
  } finally {
    child.kill('SIGTERM');
    await idp.close();
  }
  expect((await done).code).toBe(0);
});
