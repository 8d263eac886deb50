/**
 * What the e-mail outbox costs a quote request (`npm run bench`): two API servers side by side
 * in one run, each on its own fresh SQLite file, answering anonymous POST /bookings over
 * loopback:
 * - "with the outbox": as in production, each request writes the booking and its two e-mails
 *   in one transaction, and the mail worker sends them meanwhile to a real SMTP server (maildev);
 * - "without": the same server with the outbox turned off (ServerOptions.outbox = false).
 * Rounds alternate between the two so a slow moment of the machine falls on both; the figure
 * is each one's median requests per second, and the ratio of the two (target: at least 90%).
 * The servers and the load run in this one process, alike for both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app';
import { mailFromEnv, type ServerOptions } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db';
import { startMaildev, caughtMail } from '../local-stack/maildev';
import { freePorts } from '../common/ports';

const OUTBOX_TARGET = 0.9;

export interface OutboxBench {
  rounds: number;
  requestsPerRound: number;
  concurrency: number;
  /** Requests per second of each round. */
  withOutbox: number[];
  without: number[];
  medianWith: number;
  medianWithout: number;
  /** medianWith / medianWithout. */
  ratio: number;
  withinTarget: boolean;
  /** E-mails the SMTP server had received when the measurement ended, and how many were written. */
  delivered: number;
  written: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A Saturday three weeks ahead (10:00 AM is offered on weekends). */
function saturday(): string {
  const date = new Date(Date.now() + 21 * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

async function startServer(dir: string, name: string, extra: Partial<ServerOptions>) {
  const app = await buildServer({
    databasePath: path.join(dir, `${name}.db`),
    picturesDir: path.join(dir, `${name}-pictures`),
    // Anonymous quote requests never check a token.
    cognito: { issuer: 'http://127.0.0.1:9/bench-pool', clientId: 'bench' },
    quoteRateLimit: { max: 1_000_000, windowMs: 60_000 },
    ...extra,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/** Sends `count` quote requests, `concurrency` at a time; returns requests per second. */
async function round(url: string, count: number, concurrency: number, tag: string) {
  const date = saturday();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const response = await fetch(`${url}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${tag} ${i}`,
          phone: '(919) 555-0100',
          email: `bench-${tag}-${i}@example.com`,
          vehicleType: 'SUV',
          selectedAddons: ['Pet Hair Removal'],
          date,
          time: '10:00 AM',
          vehicle: '2020 Subaru Outback',
          message: 'Bench',
          totalPrice: 145,
        }),
      });
      if (response.status !== 201)
        throw new Error(`POST /bookings answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Math.round((count / (performance.now() - started)) * 1000);
}

export async function measureOutboxCost(
  log: (line: string) => void,
  settings = { rounds: 10, requestsPerRound: 300, concurrency: 8 },
): Promise<OutboxBench> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
  const [smtp = 0, web = 0] = await freePorts(2);
  const catcher = await startMaildev({ smtp, web });
  const servers: FastifyInstance[] = [];
  try {
    const mail = mailFromEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp}` });
    const withOutbox = await startServer(dir, 'with', { mail });
    servers.push(withOutbox.app);
    const without = await startServer(dir, 'without', { outbox: false });
    servers.push(without.app);
    // One round each first (connections, JIT: the first rounds were visibly slower), not counted.
    await round(withOutbox.url, settings.requestsPerRound, settings.concurrency, 'warm-with');
    await round(without.url, settings.requestsPerRound, settings.concurrency, 'warm-without');

    const figures = { with: [] as number[], without: [] as number[] };
    for (let r = 1; r <= settings.rounds; r += 1) {
      // Alternate which goes first.
      const order = r % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const);
      for (const which of order) {
        const url = which === 'with' ? withOutbox.url : without.url;
        const perSecond = await round(
          url,
          settings.requestsPerRound,
          settings.concurrency,
          `${which}${r}`,
        );
        figures[which].push(perSecond);
        log(`quote requests ${which} the outbox, round ${r}: ${perSecond}/s`);
      }
    }
    const db = openDatabase(path.join(dir, 'with.db'));
    const written = (db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
    db.close();
    const delivered = (await caughtMail(`http://127.0.0.1:${web}`)).length;
    const medianWith = median(figures.with);
    const medianWithout = median(figures.without);
    const ratio = medianWith / medianWithout;
    return {
      ...settings,
      withOutbox: figures.with,
      without: figures.without,
      medianWith,
      medianWithout,
      ratio,
      withinTarget: ratio >= OUTBOX_TARGET,
      delivered,
      written,
    };
  } finally {
    for (const app of servers) await app.close();
    catcher.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of bench/results.md. */
export function outboxMarkdown(b: OutboxBench): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
  return `## Quote requests with the e-mail outbox

Two API servers side by side in one run, each on a fresh SQLite file: anonymous POST /bookings
over loopback, ${b.concurrency} at a time, ${b.rounds} rounds of ${b.requestsPerRound} requests
alternating between them. "With" is the production path (the booking and its two e-mails written
in one transaction, the mail worker sending them to a real SMTP server meanwhile); "without" is
the same server with the outbox turned off.

| | requests per second, per round | median |
| --- | --- | --- |
| with the outbox | ${b.withOutbox.join(', ')} | **${b.medianWith}** |
| without | ${b.without.join(', ')} | **${b.medianWithout}** |

With the outbox: **${pct(b.ratio)}** of the figure without it (target at least
${pct(OUTBOX_TARGET)}): ${b.withinTarget ? 'yes' : '**no**'}. E-mails written: ${b.written}; received by
the SMTP server when the last round ended: ${b.delivered}.
`;
}
