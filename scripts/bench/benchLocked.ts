/**
 * Reads and writes while another process holds the database's write lock (`npm run bench --
 * locked`, also part of the whole `npm run bench`): this checkout's API (`server/main.ts`, as
 * `npm run server` starts it) on a SQLite file seeded with the demo customer, then two runs of
 * RUN_MS each with the same load, first with the lock free, then with this process holding
 * `BEGIN IMMEDIATE` on the same file for the whole run (as the operator command, a backup or a
 * migration would). The load: READERS keep-alive loops each asking GET /health, GET
 * /profile/me and GET /bookings in turn, and WRITERS loops each sending PUT /profile/me, every
 * one sending its next request PAUSE_MS after the last answer. Figures: the p99 and longest
 * answer time of the reads and of the writes, the connections reset, and the writes' statuses
 * (200 done, 503 busy with Retry-After). docs/architecture.md, "When another process holds the
 * write lock".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { projectRoot } from '../local-stack/localStack';
import { freePorts } from '../common/ports';
import { startChild, waitHealthy, type Child } from '../common/processes';
import { BENCH_CLIENT_ID, DEMO, seed, startIdentity } from './benchApi';

export const LOCKED_HEADING = '## While another process holds the write lock';
/** Each run's length: the lock is held for the whole locked run. */
const RUN_MS = 12_000;
const READERS = 3;
const WRITERS = 2;
const PAUSE_MS = 20;
const READS = ['/health', '/profile/me', '/bookings'] as const;
/** The targets: every read within this, none reset; every write answered within WRITE_LIMIT_MS. */
const READ_LIMIT_MS = 200;
const WRITE_LIMIT_MS = 1000;

interface Timings {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests whose connection was reset or refused (no answer at all). */
  failed: number;
  /** Answers by status. */
  statuses: Record<string, number>;
}

interface LockedRun {
  locked: boolean;
  reads: Timings;
  writes: Timings;
}

export interface LockedBench {
  runMs: number;
  readers: number;
  writers: number;
  cpus: number;
  loadBefore: number[];
  loadAfter: number[];
  runs: LockedRun[];
}

/** The nearest-rank percentile of `values` (sorted here). */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

class Recorder {
  private readonly times: number[] = [];
  private failed = 0;
  private readonly statuses: Record<string, number> = {};
  record(ms: number, status: number | 'failed') {
    if (status === 'failed') this.failed += 1;
    else {
      this.times.push(ms);
      this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    }
  }
  figures(): Timings {
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      count: this.times.length,
      p50: round(percentile(this.times, 50)),
      p99: round(percentile(this.times, 99)),
      max: round(Math.max(0, ...this.times)),
      failed: this.failed,
      statuses: this.statuses,
    };
  }
}

/** One loop sending `next()`'s request until `until`, recording each answer's time. */
async function loop(
  until: number,
  next: (turn: number) => { url: string; init: RequestInit },
  recorder: Recorder,
): Promise<void> {
  for (let turn = 0; performance.now() < until; turn += 1) {
    const { url, init } = next(turn);
    const started = performance.now();
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      recorder.record(performance.now() - started, response.status);
    } catch {
      recorder.record(performance.now() - started, 'failed');
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

async function run(base: string, token: string, databasePath: string, locked: boolean) {
  const reads = new Recorder();
  const writes = new Recorder();
  const holder = locked ? new Database(databasePath) : undefined;
  holder?.exec('BEGIN IMMEDIATE');
  try {
    const until = performance.now() + RUN_MS;
    const headers = { authorization: `Bearer ${token}` };
    await Promise.all([
      ...Array.from({ length: READERS }, () =>
        loop(
          until,
          (turn) => ({ url: `${base}${READS[turn % READS.length]}`, init: { headers } }),
          reads,
        ),
      ),
      ...Array.from({ length: WRITERS }, () =>
        loop(
          until,
          () => ({
            url: `${base}/profile/me`,
            init: {
              method: 'PUT',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ name: DEMO.name }),
            },
          }),
          writes,
        ),
      ),
    ]);
  } finally {
    if (holder?.inTransaction) holder.exec('ROLLBACK');
    holder?.close();
  }
  return { locked, reads: reads.figures(), writes: writes.figures() };
}

export async function measureWhileLocked(log: (line: string) => void): Promise<LockedBench> {
  const state = mkdtempSync(path.join(os.tmpdir(), 'bench-locked-'));
  const identity = await startIdentity();
  let child: Child | undefined;
  try {
    const databasePath = path.join(state, 'app.db');
    const picturesDir = path.join(state, 'pictures');
    log('while locked: seeding the demo customer');
    seed(projectRoot, databasePath, picturesDir, Date.now());
    const [port] = await freePorts(1);
    child = startChild(
      'API (while locked)',
      {
        command: process.execPath,
        args: ['--import', 'tsx', 'server/main.ts'],
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH,
          API_HOST: '127.0.0.1',
          API_PORT: String(port),
          DATABASE_PATH: databasePath,
          PICTURES_DIR: picturesDir,
          COGNITO_ISSUER: identity.issuer,
          COGNITO_CLIENT_ID: BENCH_CLIENT_ID,
          SIGNED_URL_SECRET: 'bench-signed-url-secret-0123456789abcdef',
        },
      },
      path.join(state, 'api.log'),
      () => undefined,
    );
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(child, `${base}/health`, 60_000);
    // Uncounted: each route's first answers cost more (its code still being compiled).
    for (const url of READS)
      for (let i = 0; i < 20; i += 1)
        await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${identity.idToken}` } });
    const loadBefore = os.loadavg();
    const runs: LockedRun[] = [];
    for (const locked of [false, true]) {
      const result = await run(base, identity.idToken, databasePath, locked);
      runs.push(result);
      log(
        `${locked ? 'locked' : 'unlocked'}: reads p99 ${result.reads.p99} ms (max ` +
          `${result.reads.max}, ${result.reads.failed} failed); writes p99 ${result.writes.p99} ms ` +
          `(max ${result.writes.max}) ${JSON.stringify(result.writes.statuses)}`,
      );
    }
    return {
      runMs: RUN_MS,
      readers: READERS,
      writers: WRITERS,
      cpus: os.cpus().length,
      loadBefore,
      loadAfter: os.loadavg(),
      runs,
    };
  } finally {
    await child?.stop();
    await new Promise((resolve) => identity.server.close(resolve));
    rmSync(state, { recursive: true, force: true });
  }
}

export function lockedMarkdown(bench: LockedBench): string {
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  const statuses = (t: Timings) =>
    Object.entries(t.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  const rows = bench.runs.map(
    ({ locked, reads, writes }) =>
      `| ${locked ? `**while locked** (${bench.runMs / 1000} s)` : 'unlocked'} | ${reads.count} | ` +
      `${reads.p50} | **${reads.p99}** | ${reads.max} | ${reads.failed} | ${writes.count} | ` +
      `**${writes.p99}** | ${writes.max} | ${statuses(writes)} | ${writes.failed} |`,
  );
  const locked = bench.runs.find((r) => r.locked);
  const within =
    locked !== undefined &&
    locked.reads.max < READ_LIMIT_MS &&
    locked.reads.failed === 0 &&
    locked.writes.max < WRITE_LIMIT_MS &&
    locked.writes.failed === 0;
  return `${LOCKED_HEADING}

\`npm run bench -- locked\` (also part of the whole \`npm run bench\`): this checkout's API
(\`server/main.ts\`) on a SQLite file seeded with the demo customer; ${bench.readers} loops each
asking GET ${READS.join(', GET ')} in turn and ${bench.writers} loops each sending PUT /profile/me,
all keep-alive, each sending its next request ${PAUSE_MS} ms after the last answer, for
${bench.runMs / 1000} s with the lock free, then ${bench.runMs / 1000} s while another process
(the bench's own, on the same file) holds \`BEGIN IMMEDIATE\` throughout. Answer times in ms,
at the client; "failed" counts requests that got no answer (a reset connection). Load average
(1 / 5 / 15 min, ${bench.cpus} CPUs) ${load(bench.loadBefore)} before, ${load(bench.loadAfter)} after.

| run | reads | read p50 | read p99 | read max | reads failed | writes | write p99 | write max | write answers | writes failed |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

While locked, every read within ${READ_LIMIT_MS} ms and none failed, every write answered within
${WRITE_LIMIT_MS} ms (done, or 503 with Retry-After having stored nothing): ${within ? 'yes' : '**no**'}.
`;
}
