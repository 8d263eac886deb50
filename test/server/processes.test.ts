/**
 * The commands other tools rely on, run as real processes: `npm run server` (server/main.ts)
 * and the operator CLI (server/cli.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calendarDayText } from '../../domain/dates';
import { repoRoot } from '../../domain/paths';
import { configFromEnv } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db';
import { cancelBooking, createBooking } from '../../server/bookings/bookings';
import { ensureCustomer, getLoyalty } from '../../server/customers/customers';
import {
  call,
  finished,
  quoteRequest,
  runTs,
  startIdentityProvider,
  type IdentityProvider,
} from './helpers';

let idp: IdentityProvider;
let dir: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  dir = mkdtempSync(path.join(os.tmpdir(), 'api-process-'));
});

afterAll(async () => {
  await idp.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (file: string, args: string[], env: Record<string, string>) => runTs(file, args, env);

it('server/main.ts starts from the environment, prints its address and stops on SIGTERM', async () => {
  const child = run('server/main.ts', [], {
    API_HOST: '127.0.0.1',
    API_PORT: '0',
    DATABASE_PATH: path.join(dir, 'main.db'),
    PICTURES_DIR: path.join(dir, 'pictures'),
    COGNITO_ISSUER: idp.issuer,
    COGNITO_CLIENT_ID: idp.clientId,
  });
  const done = finished(child);
  const line = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`server exited early: ${seen}`)));
  });
  try {
    expect((await call(line, 'GET', '/health')).body).toEqual({ status: 'ok' });
    const token = await idp.idToken('process-user', 'process@example.com');
    expect((await call(line, 'GET', '/profile/me', { token })).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  const result = await done;
  expect(result.code).toBe(0);
  expect(result.out.trim().split('\n')).toEqual([expect.stringMatching(/^API listening on /)]);
});

it('server/main.ts refuses to start without the identity provider settings', async () => {
  const result = await finished(
    run('server/main.ts', [], { COGNITO_ISSUER: '', COGNITO_CLIENT_ID: '' }),
  );
  expect(result.code).toBe(1);
  expect(result.err).toContain('COGNITO_ISSUER is required');
});

it('the operator CLI completes a booking and credits its points, once', async () => {
  const databasePath = path.join(dir, 'cli.db');
  const env = { DATABASE_PATH: databasePath, PICTURES_DIR: path.join(dir, 'cli-pictures') };
  const db = openDatabase(databasePath);
  const customer = ensureCustomer(db, { sub: 'cli-user', email: 'cli@example.com' });
  const booking = createBooking(
    db,
    quoteRequest({ vehicleType: 'Sedan', selectedAddons: [] }),
    customer,
  );
  db.close();

  // Its appointment is after today: refused, naming the day, unless done early.
  const future = await finished(run('server/cli.ts', ['complete-booking', booking.bookingId], env));
  expect(future.code).toBe(1);
  expect(future.err).toContain(`The appointment is on ${calendarDayText(booking.date ?? '')}`);
  const first = await finished(
    run('server/cli.ts', ['complete-booking', booking.bookingId, '--done-early'], env),
  );
  expect(first.code).toBe(0);
  expect(first.out).toContain(
    `Booking ${booking.bookingId} is Completed; 90 points credited to cli-user.`,
  );
  const again = await finished(run('server/cli.ts', ['complete-booking', booking.bookingId], env));
  expect(again.code).toBe(1);
  expect(again.err).toContain('is Completed, not Booked');

  const check = openDatabase(databasePath);
  try {
    expect(getLoyalty(check, customer).points).toBe(100 + 90);
  } finally {
    check.close();
  }
});

describe('configuration from the environment', () => {
  const base = {
    COGNITO_ISSUER: 'http://127.0.0.1:9229/us-east-1_localpool',
    COGNITO_CLIENT_ID: 'client',
  };

  it('has the documented defaults', () => {
    const config = configFromEnv(base);
    expect(config).toMatchObject({ host: '127.0.0.1', port: 4000 });
    expect(config.options).toMatchObject({
      databasePath: path.join('.local', 'data', 'app.db'),
      picturesDir: path.join('.local', 'data', 'pictures'),
      cognito: { issuer: base.COGNITO_ISSUER, clientId: 'client', jwksUrl: undefined },
      corsOrigins: ['http://localhost:3000'],
      quoteRateLimit: { max: 10, windowMs: 600_000 },
      trustProxy: 0,
    });
  });

  it('reads every variable and rejects bad numbers', () => {
    const config = configFromEnv({
      ...base,
      API_HOST: '0.0.0.0',
      API_PORT: '4100',
      COGNITO_JWKS_URL: 'http://127.0.0.1:9229/keys',
      PUBLIC_API_URL: 'http://localhost:3000/api',
      SIGNED_URL_SECRET: 's',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'k',
      QUOTE_RATE_LIMIT: '5',
      QUOTE_RATE_WINDOW_MS: '1000',
      CORS_ORIGINS: 'http://localhost:3000, https://example.com',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 4100 });
    expect(config.options).toMatchObject({
      cognito: { jwksUrl: 'http://127.0.0.1:9229/keys' },
      publicApiUrl: 'http://localhost:3000/api',
      signedUrlSecret: 's',
      calendlySigningKey: 'k',
      quoteRateLimit: { max: 5, windowMs: 1000 },
      corsOrigins: ['http://localhost:3000', 'https://example.com'],
      trustProxy: 2,
    });
    expect(() => configFromEnv({ ...base, API_PORT: 'abc' })).toThrow(
      'API_PORT must be an integer',
    );
    expect(() => configFromEnv({ ...base, QUOTE_RATE_LIMIT: '0' })).toThrow('QUOTE_RATE_LIMIT');
    // Trusting any proxy (or a list) would let a client's own X-Forwarded-For through.
    for (const TRUST_PROXY of ['true', 'loopback', '-1'])
      expect(() => configFromEnv({ ...base, TRUST_PROXY })).toThrow(
        'TRUST_PROXY must be the number of proxies in front of the API, e.g. 1',
      );
  });
});

it('a request that writes while another process (the operator CLI) writes waits for it instead of failing', async () => {
  const databasePath = path.join(dir, 'two-writers.db');
  const db = openDatabase(databasePath);
  const customer = ensureCustomer(db, { sub: 'two-writers', email: 'two@example.com' });
  const mine = createBooking(
    db,
    quoteRequest({ vehicleType: 'Sedan', selectedAddons: [] }),
    customer,
  );
  const other = createBooking(
    db,
    quoteRequest({ vehicleType: 'Sedan', selectedAddons: [] }),
    customer,
  );
  // Another process takes the write lock, changes another booking and commits 300 ms later.
  const writer = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.prepare('BEGIN IMMEDIATE').run();
       db.prepare("UPDATE bookings SET updated_at = 'x' WHERE booking_id = ?").run(process.argv[2]);
       console.log('locked');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
       db.prepare('COMMIT').run();`,
      databasePath,
      other.bookingId,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => writer.stdout!.once('data', () => resolve()));
  try {
    expect(cancelBooking(db, customer, mine.bookingId).status).toBe('Cancelled');
  } finally {
    await new Promise((resolve) => writer.once('exit', resolve));
    db.close();
  }
});
