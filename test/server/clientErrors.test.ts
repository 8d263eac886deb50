/**
 * POST /client-errors: the browser's error reports. Public, small, limited per address, stored
 * without personal data, kept 30 days and counted by message for the last 7 days.
 */
import Database from 'better-sqlite3';
import { openDatabase } from '../../server/platform/db';
import {
  CLIENT_ERROR_KEEP_DAYS,
  countClientErrors,
  recordClientError,
  scrubMessage,
} from '../../server/health/clientErrors';
import { CLIENT_ERROR_DAILY_CAPS } from '../../server/platform/config';
import { startApi, startIdentityProvider, type IdentityProvider, type TestApi } from './helpers';

let idp: IdentityProvider;
let api: TestApi;

beforeAll(async () => {
  idp = await startIdentityProvider();
});
afterAll(async () => {
  await idp.close();
});

const report = (message: string) => ({ message, kind: 'error', path: '/dashboard/bookings' });

const post = (payload: string, remoteAddress = '203.0.113.7') =>
  api.app.inject({
    method: 'POST',
    url: '/client-errors',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload,
  });

function storedRows(): Record<string, unknown>[] {
  const db = new Database(api.databasePath, { readonly: true });
  try {
    return db.prepare('SELECT * FROM client_errors').all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('POST /client-errors', () => {
  beforeEach(async () => {
    api = await startApi(idp);
  });
  afterEach(async () => {
    await api.close();
  });

  it('stores a report without a token, scrubbed of e-mail addresses and long numbers', async () => {
    const answer = await post(
      JSON.stringify({
        message: 'Error: no booking for jane.doe@example.com, card 4111111111111111',
        kind: 'chunk',
        path: '/dashboard/bookings',
        source: 'https://shine.example/static/js/main.1a2b.js',
        line: 12,
        version: '1.4.0',
      }),
    );
    expect(answer.statusCode).toBe(204);
    expect(storedRows()).toEqual([
      expect.objectContaining({
        message: 'Error: no booking for [e-mail], card [number]',
        kind: 'chunk',
        path: '/dashboard/bookings',
        source: 'https://shine.example/static/js/main.1a2b.js',
        line: 12,
        version: '1.4.0',
        occurrences: 1,
      }),
    ]);
  });

  it('floods of 1,000 reports from one address are cut at its daily cap; another address still reports', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      statuses.push(
        (
          await post(
            JSON.stringify(report(`Error: flood ${String.fromCharCode(65 + (i % 26))}${i % 7}`)),
          )
        ).statusCode,
      );
    }
    const { perAddress } = CLIENT_ERROR_DAILY_CAPS;
    expect(statuses.filter((s) => s === 204)).toHaveLength(perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - perAddress);
    expect(storedRows()).toHaveLength(perAddress);
    expect(
      (await post(JSON.stringify(report('Error: elsewhere')), '198.51.100.2')).statusCode,
    ).toBe(204);
  });

  it('answers 429 past the daily cap of one address, with the wait until the next day', async () => {
    const { perAddress } = CLIENT_ERROR_DAILY_CAPS;
    for (let i = 0; i < perAddress; i += 1)
      expect((await post(JSON.stringify(report(`Error: ${i}`)), '192.0.2.9')).statusCode).toBe(204);
    const refused = await post(JSON.stringify(report('Error: one more')), '192.0.2.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too Many Requests',
      message: 'Too many error reports today; try again tomorrow',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(86_400);
    expect(storedRows().map((row) => row.message)).not.toContain('Error: one more');
  });

  it('counts an identical report again rather than storing it twice', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await post(JSON.stringify(report('TypeError: x is undefined')))).statusCode).toBe(
        204,
      );
    }
    expect(storedRows()).toEqual([
      expect.objectContaining({ message: 'TypeError: x is undefined', occurrences: 3 }),
    ]);
  });

  it('keeps one row with a count for one scrubbed message, whatever page or file sent it', async () => {
    const sent = [
      { ...report('Error: no booking for jane@example.com'), path: '/dashboard' },
      { ...report('Error: no booking for sam@example.org'), kind: 'rejection', path: '/contact' },
      { ...report('Error: no booking for 919.555.0123'), source: '/static/js/a.js', line: 3 },
    ];
    for (const [i, body] of sent.entries())
      expect((await post(JSON.stringify(body), `198.51.100.${i + 10}`)).statusCode).toBe(204);
    const rows = storedRows();
    expect(rows.map((row) => [row.message, row.occurrences])).toEqual([
      ['Error: no booking for [e-mail]', 2],
      ['Error: no booking for [number]', 1],
    ]);
  });

  it('answers 413 to a body over 4 KiB, and stores nothing', async () => {
    const answer = await post(JSON.stringify({ ...report('x'), padding: 'y'.repeat(5000) }));
    expect(answer.statusCode).toBe(413);
    expect(storedRows()).toEqual([]);
  });

  it.each([
    ['not JSON', '{"message":'],
    ['a missing kind', JSON.stringify({ message: 'm', path: '/' })],
    ['an unknown kind', JSON.stringify({ ...report('m'), kind: 'crash' })],
    ['a path with a query string', JSON.stringify({ ...report('m'), path: '/auth?code=abc' })],
    ['a source with a query string', JSON.stringify({ ...report('m'), source: '/a.js?t=1' })],
    ['a message over 500 characters', JSON.stringify(report('m'.repeat(501)))],
    ['a field the contract does not know', JSON.stringify({ ...report('m'), email: 'a@b.co' })],
  ])('answers 400 to %s, and stores nothing', async (_name, payload) => {
    const answer = await post(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(expect.objectContaining({ error: 'Bad Request' }));
    expect(storedRows()).toEqual([]);
  });
});

describe('scrubbing', () => {
  it.each([
    ['Error: call 919.555.0123', 'Error: call [number]'],
    ['Error: call (919) 555-0123', 'Error: call [number]'],
    ['Error: call +1 919 555 0123', 'Error: call [number]'],
    ['Error: call 919 555 0123 now', 'Error: call [number] now'],
    ['Error: card 4111 1111 1111 1111', 'Error: card [number]'],
    ['Error: from 10.20.30.40', 'Error: from [number]'],
    [
      'Failed to fetch https://api.shine.example/bookings/me?email=jane@example.com&t=1#top',
      'Failed to fetch https://api.shine.example/bookings/me',
    ],
    [
      'Failed at https://user:secret@shine.example/auth?code=abc',
      'Failed at https://shine.example/auth',
    ],
    [
      'Error: bad token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
      'Error: bad token [token]',
    ],
    ['Error: no feed q3Xv9T1cQm0m7kz2b8VfYwH6pA4rN5sJtL0eUiDgCxE', 'Error: no feed [token]'],
    ['Error: booking 6650c3f2a1b2c3d4e5f60718 missing', 'Error: booking [token] missing'],
  ])('scrubs %j', (message, scrubbed) => {
    expect(scrubMessage(message)).toBe(scrubbed);
  });

  it.each([
    "TypeError: Cannot read properties of undefined (reading 'map')",
    'ChunkLoadError: Loading chunk 42 failed. (error: /static/js/42.3f2a.js)',
    'Error: version 1.4.0 (build 42)',
    'ResizeObserverLoopCompletedWithUndeliveredNotifications',
  ])('leaves %j as it is', (message) => {
    expect(scrubMessage(message)).toBe(message);
  });
});

describe('stored reports', () => {
  const day = 86_400_000;
  const base = { kind: 'error' as const, path: '/' };

  it('are capped per day for everyone together, and again the next day', () => {
    const db = openDatabase(':memory:');
    const now = new Date('2026-11-28T12:00:00Z');
    const { overall, perAddress } = CLIENT_ERROR_DAILY_CAPS;
    let stored = 0;
    for (let i = 0; i < overall + 50; i += 1) {
      const address = `ip:198.51.${Math.floor(i / perAddress) % 256}.${i % 256}`;
      if (recordClientError(db, { ...base, message: `Error ${i}` }, { address, now })) stored += 1;
    }
    expect(stored).toBe(overall);
    const rows = () =>
      (db.prepare('SELECT COUNT(*) AS n FROM client_errors').get() as { n: number }).n;
    expect(rows()).toBe(overall);
    // A known message is still refused: the cap counts reports, not rows.
    expect(recordClientError(db, { ...base, message: 'Error 1' }, { address: 'ip:a', now })).toBe(
      false,
    );
    const tomorrow = new Date(now.getTime() + day);
    expect(
      recordClientError(db, { ...base, message: 'Error new' }, { address: 'ip:a', now: tomorrow }),
    ).toBe(true);
    db.close();
  });

  it('are counted by message over the last 7 days', () => {
    const db = openDatabase(':memory:');
    const now = new Date('2026-11-28T12:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * day);
    recordClientError(db, { ...base, message: 'A' }, { now: at(1) });
    recordClientError(db, { ...base, message: 'A' }, { now: at(1) });
    recordClientError(db, { ...base, message: 'A', path: '/contact' }, { now: at(2) });
    recordClientError(db, { ...base, message: 'B' }, { now: at(6) });
    recordClientError(db, { ...base, message: 'C' }, { now: at(8) });
    expect(countClientErrors(db, now)).toEqual({
      total: 4,
      messages: [
        { message: 'A', count: 3 },
        { message: 'B', count: 1 },
      ],
    });
    db.close();
  });

  it(`are deleted after ${CLIENT_ERROR_KEEP_DAYS} days, by a later report`, () => {
    const db = openDatabase(':memory:');
    const start = new Date('2026-11-01T00:00:00Z');
    recordClientError(db, { ...base, message: 'old' }, { now: start });
    recordClientError(
      db,
      { ...base, message: 'new' },
      { now: new Date(start.getTime() + 29 * day) },
    );
    const count = () =>
      (db.prepare('SELECT COUNT(*) AS n FROM client_errors').get() as { n: number }).n;
    expect(count()).toBe(2);
    recordClientError(
      db,
      { ...base, message: 'newer' },
      { now: new Date(start.getTime() + 31 * day) },
    );
    expect(count()).toBe(2);
    db.close();
  });
});
