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
} from '../../server/health/clientErrors';
import { CLIENT_ERROR_RATE_LIMIT } from '../../server/platform/config';
import { startApi, startIdentityProvider, type IdentityProvider, type TestApi } from './helpers';

let idp: IdentityProvider;
let api: TestApi;

beforeAll(async () => {
  idp = await startIdentityProvider();
});
afterAll(async () => {
  await idp.close();
});
beforeEach(async () => {
  api = await startApi(idp);
});
afterEach(async () => {
  await api.close();
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

  it('floods of 1,000 reports from one address are cut at the limit; another address still reports', async () => {
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
    const { max } = CLIENT_ERROR_RATE_LIMIT;
    expect(statuses.filter((s) => s === 204)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - max);
    expect(storedRows()).toHaveLength(max);
    expect(
      (await post(JSON.stringify(report('Error: elsewhere')), '198.51.100.2')).statusCode,
    ).toBe(204);
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

describe('stored reports', () => {
  const day = 86_400_000;
  const base = { kind: 'error' as const, path: '/' };

  it('are counted by message over the last 7 days', () => {
    const db = openDatabase(':memory:');
    const now = new Date('2026-11-28T12:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * day);
    recordClientError(db, { ...base, message: 'A' }, at(1));
    recordClientError(db, { ...base, message: 'A' }, at(1));
    recordClientError(db, { ...base, message: 'A', path: '/contact' }, at(2));
    recordClientError(db, { ...base, message: 'B' }, at(6));
    recordClientError(db, { ...base, message: 'C' }, at(8));
    expect(countClientErrors(db, now)).toEqual([
      { message: 'A', count: 3 },
      { message: 'B', count: 1 },
    ]);
    db.close();
  });

  it(`are deleted after ${CLIENT_ERROR_KEEP_DAYS} days, by a later report`, () => {
    const db = openDatabase(':memory:');
    const start = new Date('2026-11-01T00:00:00Z');
    recordClientError(db, { ...base, message: 'old' }, start);
    recordClientError(db, { ...base, message: 'new' }, new Date(start.getTime() + 29 * day));
    const count = () =>
      (db.prepare('SELECT COUNT(*) AS n FROM client_errors').get() as { n: number }).n;
    expect(count()).toBe(2);
    recordClientError(db, { ...base, message: 'newer' }, new Date(start.getTime() + 31 * day));
    expect(count()).toBe(2);
    db.close();
  });
});
