/**
 * `npm run bench`, the owner's inbox at scale: 10,000 quote requests are written into the local
 * stack's database (a year of them, most seen, a tenth completed or cancelled, in a dozen
 * towns), the owner signs in, and the inbox's first page (GET /owner/requests, the
 * `listOwnerRequests` operation) is asked for REPEAT times per variant: unfiltered, new (Booked)
 * only, one town, a search. The time is the API's answer on loopback (token verification,
 * validation, query and JSON included); the query alone is timed too, in this process on the
 * same file, with SQLite's plan for it. Writes its section into bench/results.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBooking } from '../../server/bookings/bookings';
import { inWriteTransaction, openDatabase } from '../../server/platform/db';
import { listOwnerRequests } from '../../server/owner/owner';
import type { QueryOf, QuoteRequest } from '../../domain/contract/types';
import { signInWithPassword } from '../identity-emulator/cognitoClient';
import type { LocalStack } from '../local-stack/localStack';

export const INBOX_REQUESTS = 10_000;
const INBOX_LIMIT_MS = 100;
const REPEAT = 100;
const WARM_UP = 10;
const TOWNS = ['Cary', 'Apex', 'Raleigh', 'Durham', 'Morrisville', 'Garner', 'Holly Springs'];
const SECTION = '## Owner inbox at scale';

interface Variant {
  label: string;
  query: Pick<QueryOf<'listOwnerRequests'>, 'status' | 'town' | 'q'>;
}

const VARIANTS: Variant[] = [
  { label: 'first page, no filter', query: {} },
  { label: 'first page, Booked only', query: { status: 'Booked' } },
  { label: 'first page, one town', query: { town: 'apex' } },
  { label: 'first page, a town with none', query: { town: 'nowhere' } },
  { label: 'first page, a search', query: { q: 'jordan 42' } },
  { label: 'first page, a search that finds none', query: { q: 'nobody at all' } },
];

interface InboxFigures {
  requests: number;
  repeat: number;
  variants: { label: string; httpP50: number; httpP95: number; queryP95: number; plan: string }[];
  withinLimit: boolean;
}

/** The `p`th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Writes `count` quote requests sent over the last year (the newest a minute ago). */
export function seedRequests(databasePath: string, count: number, now = Date.now()): void {
  const db = openDatabase(databasePath);
  try {
    inWriteTransaction(db, () => {
      const seen = db.prepare('UPDATE bookings SET seen_at = ?, status = ? WHERE booking_id = ?');
      for (let i = 0; i < count; i += 1) {
        const at = new Date(now - 60_000 - Math.floor(((count - i) / count) * 365 * 86_400_000));
        const input: QuoteRequest = {
          name: `Jordan ${i}`,
          phone: `(919) 555-${String(i % 10_000).padStart(4, '0')}`,
          email: `bench${i}@example.com`,
          vehicleType: i % 3 === 0 ? 'SUV' : 'Sedan',
          selectedAddons: i % 4 === 0 ? ['Pet Hair Removal'] : [],
          date: at.toISOString().slice(0, 10),
          time: '10:00 AM',
          vehicle: `20${10 + (i % 15)} Bench Car`,
          message: 'Written by npm run bench',
          totalPrice: 1,
          serviceAddress: {
            line1: `${i} Oak St`,
            city: TOWNS[i % TOWNS.length]!,
            state: 'NC',
            zip: '27511',
          },
        };
        const { bookingId } = createBooking(db, input, null, at, { demo: true });
        // The newest hundred are new; of the rest a tenth completed, a tenth cancelled.
        if (i < count - 100) {
          const status = i % 10 === 0 ? 'Completed' : i % 10 === 1 ? 'Cancelled' : 'Booked';
          seen.run(at.toISOString(), status, bookingId);
        }
      }
    });
  } finally {
    db.close();
  }
}

/** The owner's tokens from the local identity stack (password and authenticator code). */
export const ownerTokens = (stack: LocalStack): Promise<Record<string, unknown>> =>
  signInWithPassword(stack.cognitoUrl, stack.clientId, stack.ownerUser);

async function timeHttp(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REPEAT; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { items?: unknown[] };
    const elapsed = performance.now() - start;
    if (response.status !== 200 || !Array.isArray(body.items)) {
      throw new Error(`${url} answered ${response.status}`);
    }
    if (i >= WARM_UP) times.push(elapsed);
  }
  return times;
}

/** Seeds, measures every variant and returns the figures. */
export async function measureInboxAtServer(
  stack: LocalStack,
  databasePath: string,
  log: (line: string) => void,
): Promise<InboxFigures> {
  log(`writing ${INBOX_REQUESTS} quote requests for the owner's inbox`);
  seedRequests(databasePath, INBOX_REQUESTS);
  // Owner operations take the access token (server/owner/ownerAuthenticator.ts).
  const token = String((await ownerTokens(stack)).AccessToken);
  const db = openDatabase(databasePath);
  const variants: InboxFigures['variants'] = [];
  try {
    for (const variant of VARIANTS) {
      const query = new URLSearchParams({ ...variant.query, limit: '20' }).toString();
      const http = await timeHttp(`${stack.apiUrl}/owner/requests?${query}`, token);
      const queryTimes: number[] = [];
      for (let i = 0; i < WARM_UP + REPEAT; i += 1) {
        const start = performance.now();
        listOwnerRequests(db, { ...variant.query, limit: 20 });
        if (i >= WARM_UP) queryTimes.push(performance.now() - start);
      }
      const plan = queryPlan(db, variant.query);
      variants.push({
        label: variant.label,
        httpP50: percentile(http, 50),
        httpP95: percentile(http, 95),
        queryP95: percentile(queryTimes, 95),
        plan,
      });
      log(`inbox ${variant.label}: p95 ${percentile(http, 95).toFixed(1)} ms (${plan})`);
    }
  } finally {
    db.close();
  }
  return {
    requests: INBOX_REQUESTS,
    repeat: REPEAT,
    variants,
    withinLimit: variants.every((variant) => variant.httpP95 <= INBOX_LIMIT_MS),
  };
}

/** How SQLite finds the page: the index it walks, or a scan and a sort. */
function queryPlan(db: ReturnType<typeof openDatabase>, query: Variant['query']): string {
  const where = [
    query.status ? 'status = @status' : '',
    query.town ? "lower(json_extract(service_address, '$.city')) = @town" : '',
  ].filter(Boolean);
  const rows = db
    .prepare(
      `EXPLAIN QUERY PLAN SELECT * FROM bookings ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, rowid DESC LIMIT 21`,
    )
    .all({ status: query.status ?? '', town: query.town ?? '' }) as { detail: string }[];
  return rows.map((row) => row.detail).join('; ');
}

function inboxMarkdown(figures: InboxFigures): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    SECTION,
    '',
    `${new Date().toISOString().slice(0, 10)}. ` +
      `${figures.requests.toLocaleString('en-US')} quote requests in the database; each variant asked ` +
      `${figures.repeat} times after a warm-up, one at a time, as the signed-in owner ` +
      '(GET /owner/requests?limit=20 on loopback: token check, validation, query and JSON). ' +
      '"query" is listOwnerRequests alone, in the bench process on the same file; the plan is ' +
      "SQLite's for the order and the status or town filter.",
    '',
    '| first page | p50 | p95 | query p95 | SQLite plan |',
    '| --- | --- | --- | --- | --- |',
    ...figures.variants.map(
      (v) => `| ${v.label} | ${ms(v.httpP50)} | ${ms(v.httpP95)} | ${ms(v.queryP95)} | ${v.plan} |`,
    ),
    '',
    `Target: p95 ≤ ${INBOX_LIMIT_MS} ms at the server: ${figures.withinLimit ? 'yes' : 'NO'}.`,
    '',
  ].join('\n');
}

/**
 * Replaces the section of a Markdown file that starts with `heading` (up to the next `## `), or
 * adds it at the end. The bench's parts that can run alone rewrite only their own section.
 */
export function replaceMarkdownSection(file: string, heading: string, section: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = current.indexOf(heading);
  const next = start < 0 ? -1 : current.indexOf('\n## ', start + heading.length);
  const before = start < 0 ? current : current.slice(0, start);
  const after = next < 0 ? '' : current.slice(next + 1);
  writeFileSync(file, `${before.trimEnd()}\n\n${section.trim()}\n${after ? `\n${after}` : ''}`);
}

/** Writes this part's section into bench/results.md. */
export function writeInboxSection(benchDir: string, figures: InboxFigures): void {
  replaceMarkdownSection(path.join(benchDir, 'results.md'), SECTION, inboxMarkdown(figures));
}
