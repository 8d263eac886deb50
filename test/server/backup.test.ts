/**
 * Backups that restore: the restore drill (50 concurrent writers in another process, a backup
 * taken while they write, a restore into an empty folder with the operator CLI), retention,
 * the refusal to restore over data, the copy before a migration and the service's schedule.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  backupNow,
  integrityCheck,
  listBackups,
  restoreBackup,
} from '../../server/platform/backup';
import {
  fileStamp,
  openDatabase,
  SCHEMA_VERSION,
  snapshotBeforeMigration,
} from '../../server/platform/db';
import { BACKUP_RETENTION_DAYS } from '../../server/platform/config';
import { createBooking } from '../../server/bookings/bookings';
import { reapplyErasures } from '../../server/account/erasure';
import { addPicture } from '../../server/pictures/pictures';
import {
  call,
  finished,
  quote,
  quoteRequest,
  runTs,
  startApi,
  startIdentityProvider,
  type TestApi,
} from './helpers';

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
    // No account was ever deleted here: the operator is told where the list would be.
    expect(restore.out).toContain(`There is no list of deleted accounts at ${restoredDb}.erased`);

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

it('deletes backups once they are older than the retention period, and the CLI writes a dated folder', async () => {
  const storage = {
    databasePath: path.join(dir, 'app.db'),
    picturesDir: path.join(dir, 'pictures'),
  };
  openDatabase(storage.databasePath).close();
  const backups = path.join(dir, 'backups');
  // The last one is taken exactly the retention period after the first.
  const taken = [0, 9, BACKUP_RETENTION_DAYS].map(
    (days) => new Date(Date.parse('2026-01-01T03:00:00Z') + days * 86_400_000),
  );
  // One a crash left unfinished the day before.
  const unfinished = path.join(
    backups,
    `backup-${fileStamp(new Date(taken[0]!.getTime() - 86_400_000))}.partial`,
  );
  mkdirSync(unfinished, { recursive: true });
  for (const at of taken) await backupNow({ ...storage, dir: backups, at });
  expect(existsSync(unfinished)).toBe(false);
  expect(listBackups(backups).map((folder) => path.basename(folder))).toEqual([
    `backup-${fileStamp(taken[1]!)}`,
    `backup-${fileStamp(taken[2]!)}`,
  ]);
  expect(path.basename(listBackups(backups)[0]!)).toBe('backup-2026-01-10T03-00-00-000Z');

  const cli = await finished(
    run(['server/cli.ts', 'backup', '--dir', backups], {
      DATABASE_PATH: storage.databasePath,
      PICTURES_DIR: storage.picturesDir,
    }),
  );
  expect(cli.err).toBe('');
  expect(cli.code).toBe(0);
  expect(cli.out).toMatch(
    new RegExp(
      `Backup written to .*backup-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z \\(backups older than ${BACKUP_RETENTION_DAYS} days deleted\\)`,
    ),
  );
  // Today's, alone: the others are months old.
  expect(listBackups(backups)).toHaveLength(1);
  expect(path.basename(listBackups(backups)[0]!)).toMatch(/^backup-20\d\d-/);
});

it('refuses to restore over existing data', async () => {
  const databasePath = path.join(dir, 'app.db');
  openDatabase(databasePath).close();
  const folder = await backupNow({
    databasePath,
    picturesDir: path.join(dir, 'pictures'),
    dir: path.join(dir, 'backups'),
  });
  const overData = await finished(
    run(['server/cli.ts', 'restore', folder], {
      DATABASE_PATH: databasePath,
      PICTURES_DIR: path.join(dir, 'other-pictures'),
    }),
  );
  expect(overData.code).toBe(1);
  expect(overData.err).toContain(
    `exists; move the database and the pictures away first, leaving ${databasePath}.erased (the deleted accounts) in place`,
  );

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
  expect(overPictures.err).toContain('is not empty; move the database and the pictures away first');
});

it('copies the database before a migration changes it', () => {
  const databasePath = path.join(dir, 'app.db');
  const db = openDatabase(databasePath);
  const booking = createBooking(db, quoteRequest(), null);
  expect(readdirSync(dir).filter((name) => name.includes('.before-'))).toEqual([]);
  // A server with one migration more than this database has (what openDatabase does first).
  snapshotBeforeMigration(db, SCHEMA_VERSION + 1);
  db.close();
  const copies = readdirSync(dir).filter((name) => name.includes('.before-'));
  expect(copies).toEqual([
    expect.stringMatching(new RegExp(`^app\\.db\\.before-v${SCHEMA_VERSION + 1}-`)),
  ]);
  const copy = new Database(path.join(dir, copies[0]!), { readonly: true });
  try {
    expect(copy.prepare('SELECT version FROM schema_version').get()).toEqual({
      version: SCHEMA_VERSION,
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

it('deletes the copies taken before migrations once they are older than the retention period', () => {
  const databasePath = path.join(dir, 'app.db');
  const day = 86_400_000;
  const copy = (version: number, daysAgo: number) =>
    `app.db.before-v${version}-${fileStamp(new Date(Date.now() - daysAgo * day))}`;
  const expired = copy(SCHEMA_VERSION - 1, BACKUP_RETENTION_DAYS + 0.01);
  const kept = copy(SCHEMA_VERSION, BACKUP_RETENTION_DAYS - 0.01);
  for (const name of [expired, kept, 'app.db.before-notes.txt']) {
    writeFileSync(path.join(dir, name), 'copy');
  }
  openDatabase(databasePath).close();
  expect(
    readdirSync(dir)
      .filter((name) => name.includes('.before-'))
      .sort(),
  ).toEqual(['app.db.before-notes.txt', kept].sort());
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

describe('a deleted customer stays deleted when a backup is restored', () => {
  const RILEY = { sub: 'riley-sub', email: 'Riley.Quinn@example.com', name: 'Riley Quinn' };
  const SAM = { sub: 'sam-sub', email: 'sam.carter@example.com', name: 'Sam Carter' };
  const RILEY_ADDRESS = { line1: '4 Elm Ct', city: 'Apex', state: 'NC', zip: '27502' };
  const SAM_ADDRESS = { line1: '9 Oak Ln', city: 'Cary', state: 'NC', zip: '27511' };

  /** Everything in a data folder's database files and pictures, as text. */
  const storedText = (databasePath: string, picturesDir: string): string =>
    [
      ...readdirSync(path.dirname(databasePath))
        .filter((name) => name.startsWith(path.basename(databasePath)))
        .map((name) => path.join(path.dirname(databasePath), name)),
      ...readdirSync(picturesDir).map((name) => path.join(picturesDir, name)),
    ]
      .map((file) => readFileSync(file).toString('latin1'))
      .join('\n');

  it('erases the account again on a restore (API and CLI) and when the API starts on a copied-back file', async () => {
    const idp = await startIdentityProvider();
    const data = path.join(dir, 'data');
    const storage = {
      databasePath: path.join(data, 'app.db'),
      picturesDir: path.join(data, 'pictures'),
    };
    let api: TestApi | undefined = await startApi(idp, storage);
    /** Stops the API (its own temporary folder goes; the data folder stays). */
    const stopApi = async () => {
      await api?.close();
      api = undefined;
    };
    try {
      const customers = [
        { ...RILEY, address: RILEY_ADDRESS, token: await idp.idToken(RILEY.sub, RILEY.email) },
        { ...SAM, address: SAM_ADDRESS, token: await idp.idToken(SAM.sub, SAM.email) },
      ];
      const pictures: Record<string, string> = {};
      for (const customer of customers) {
        const { baseUrl } = api;
        const as = (method: string, url: string, body?: unknown) =>
          call(baseUrl, method, url, { token: customer.token, body });
        expect(
          (
            await as('PUT', '/profile/me', {
              name: customer.name,
              serviceAddress: customer.address,
            })
          ).status,
        ).toBe(200);
        expect(
          (await as('POST', '/vehicles/me', { make: 'Mazda', model: 'CX-5', year: 2022 })).status,
        ).toBe(201);
        const booking = await as(
          'POST',
          '/bookings',
          quote({ email: customer.email, name: customer.name }),
        );
        const db = openDatabase(storage.databasePath);
        try {
          pictures[customer.sub] = addPicture(db, storage.picturesDir, {
            bookingId: (booking.body as { bookingId: string }).bookingId,
            data: Buffer.from(`picture of ${customer.name}'s car`),
            extension: 'jpg',
            description: 'After',
          });
        } finally {
          db.close();
        }
      }
      const [riley, sam] = customers as [(typeof customers)[0], (typeof customers)[0]];
      const backups = path.join(dir, 'backups');
      const folder = await backupNow({ ...storage, dir: backups });

      const deleted = await call(api.baseUrl, 'POST', '/account/deletion', {
        token: riley.token,
        body: {
          email: RILEY.email,
          accessToken: await idp.accessToken(RILEY.sub, {
            auth_time: Math.floor(Date.now() / 1000) - 30,
          }),
        },
      });
      expect(deleted.status).toBe(204);
      await stopApi();

      /** Riley is gone (rows, files, token) and Sam is all there, with the API on the data. */
      const checkRestored = async (how: string) => {
        const stored = storedText(storage.databasePath, storage.picturesDir);
        for (const detail of [
          RILEY.email,
          RILEY.email.toLowerCase(),
          RILEY.name,
          RILEY.sub,
          '4 Elm Ct',
        ]) {
          expect({ how, detail, found: stored.includes(detail) }).toEqual({
            how,
            detail,
            found: false,
          });
        }
        expect({
          how,
          picture: existsSync(path.join(storage.picturesDir, pictures[RILEY.sub]!)),
        }).toEqual({ how, picture: false });
        expect(existsSync(path.join(storage.picturesDir, pictures[SAM.sub]!))).toBe(true);
        api = await startApi(idp, storage);
        const { baseUrl } = api;
        const rileyAnswer = await call(baseUrl, 'GET', '/profile/me', { token: riley.token });
        expect({ how, status: rileyAnswer.status }).toEqual({ how, status: 401 });
        expect(await call(baseUrl, 'GET', '/profile/me', { token: sam.token })).toMatchObject({
          status: 200,
          body: { name: SAM.name, email: SAM.email, serviceAddress: { line1: '9 Oak Ln' } },
        });
        expect((await call(baseUrl, 'GET', '/vehicles/me', { token: sam.token })).body).toEqual([
          expect.objectContaining({ make: 'Mazda' }),
        ]);
        const db = openDatabase(storage.databasePath);
        try {
          expect(db.prepare('SELECT file FROM pictures').all()).toEqual([
            { file: pictures[SAM.sub] },
          ]);
          expect(db.prepare('SELECT user_id FROM customers').all()).toEqual([{ user_id: SAM.sub }]);
          expect(db.prepare('SELECT user_id FROM vehicles').all()).toEqual([{ user_id: SAM.sub }]);
        } finally {
          db.close();
        }
        await stopApi();
      };
      /** The operator moves the database and the pictures away (the erasure list stays). */
      const moveDataAway = () => {
        for (const suffix of ['', '-wal', '-shm'])
          rmSync(storage.databasePath + suffix, { force: true });
        rmSync(storage.picturesDir, { recursive: true, force: true });
      };

      moveDataAway();
      restoreBackup(folder, storage, reapplyErasures);
      await checkRestored('restoreBackup()');

      moveDataAway();
      const cli = await finished(
        run(['server/cli.ts', 'restore', folder], {
          DATABASE_PATH: storage.databasePath,
          PICTURES_DIR: storage.picturesDir,
        }),
      );
      expect(cli.err).toBe('');
      expect(cli.code).toBe(0);
      expect(cli.out).toContain('1 deleted account erased again');
      expect(cli.out).not.toContain('There is no list of deleted accounts');
      await checkRestored('the operator CLI');

      // A database file (and its pictures) copied back by hand: the API erases it as it starts.
      moveDataAway();
      copyFileSync(path.join(folder, 'app.db'), storage.databasePath);
      cpSync(path.join(folder, 'pictures'), storage.picturesDir, { recursive: true });
      api = await startApi(idp, storage);
      await stopApi();
      await checkRestored('an API started on a copied-back file');
    } finally {
      await stopApi();
      await idp.close();
    }
  }, 60_000);

  it('stays deleted when an older image of the whole data folder is put back (a volume restore)', async () => {
    const idp = await startIdentityProvider();
    const data = path.join(dir, 'data');
    // The list is kept outside the data folder, as on the server (off the data volume).
    const storage = {
      databasePath: path.join(data, 'app.db'),
      picturesDir: path.join(data, 'pictures'),
      erasureList: path.join(dir, 'erased-accounts'),
    };
    let api: TestApi | undefined = await startApi(idp, storage);
    try {
      const token = await idp.idToken(RILEY.sub, RILEY.email);
      const profile = { name: RILEY.name, serviceAddress: RILEY_ADDRESS };
      expect((await call(api.baseUrl, 'PUT', '/profile/me', { token, body: profile })).status).toBe(
        200,
      );
      await api.close();
      // The volume's snapshot: everything in the data folder, as it was before the deletion.
      const image = path.join(dir, 'volume-image');
      cpSync(data, image, { recursive: true });

      api = await startApi(idp, storage);
      const deleted = await call(api.baseUrl, 'POST', '/account/deletion', {
        token,
        body: {
          email: RILEY.email,
          accessToken: await idp.accessToken(RILEY.sub, {
            auth_time: Math.floor(Date.now() / 1000) - 30,
          }),
        },
      });
      expect(deleted.status).toBe(204);
      await api.close();

      // The restore swaps the older volume in: the whole data folder goes back in time.
      rmSync(data, { recursive: true, force: true });
      cpSync(image, data, { recursive: true });
      api = await startApi(idp, storage);
      expect((await call(api.baseUrl, 'GET', '/profile/me', { token })).status).toBe(401);
      await api.close();
      api = undefined;
      expect(readFileSync(storage.databasePath).toString('latin1')).not.toContain(RILEY.name);
      expect(readdirSync(data)).not.toContain('app.db.erased');
    } finally {
      await api?.close();
      await idp.close();
    }
  }, 60_000);
});
