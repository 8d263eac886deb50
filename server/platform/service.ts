/**
 * What the API needs to run as a long-lived service: request ids and request logs, the
 * readiness check, scheduled backups and a graceful stop. app.ts installs the hooks; main.ts
 * and serve.ts start the service.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { statement, type Db } from './db';
import { backupNow, pruneExpired } from './backup';
import type { MainConfig, ReadinessProbes } from './config';
import { readinessProblems, type ReadinessPaths } from './readiness';
import { loggedPath } from './loggedPath';
import {
  applyServiceConfig,
  backupSettingsFromEnv,
  isProduction,
  jwksProblem,
} from './productionConfig';

/** The header a request's id is echoed in (and logged under as `reqId`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const STOP_GRACE_MS = 10_000;

/**
 * Request ids (Fastify's `genReqId`): UUID-shaped, unique in this process by a counter in the
 * last group and across processes by the random rest, drawn once per start (a random UUID per
 * request cost more than the counter).
 */
export function requestIds(): () => string {
  const start = randomUUID().slice(0, 24);
  let count = 0;
  return () => start + (count++).toString(16).padStart(12, '0');
}

/** pino's levels at which `info` lines are written. */
const INFO_LOGGED = new Set(['info', 'debug', 'trace']);

/**
 * Each answer carries its request id (set when the request arrives, so errors and CORS
 * preflights carry it too); each request is logged once, at `info`, with its id, method, path
 * (the calendar feed's secret left out), status and time (never headers, query or body); at a higher level the hook that would log
 * is not installed at all. `GET /health/ready` answers 200 while the database answers a query
 * and nothing of ./readiness.ts is wrong (a stuck outbox, an old backup, a full disk); otherwise
 * 503 with the reasons, in words, in `reasons`.
 */
export function installServiceHooks(
  app: FastifyInstance,
  db: Db,
  options: ReadinessPaths,
  probes: ReadinessProbes,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (INFO_LOGGED.has(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          path: loggedPath(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  app.get('/health/ready', async (request, reply) => {
    let reasons: string[];
    try {
      statement(db, 'SELECT version FROM schema_version').get();
      reasons = await readinessProblems(db, options, probes);
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send({
        status: 'unavailable',
        database: 'unreachable',
        reasons: ['The database does not answer'],
      });
    }
    if (reasons.length === 0) return { status: 'ok', database: 'ok' };
    return reply.code(503).send({ status: 'unavailable', database: 'ok', reasons });
  });
}

type Env = Record<string, string | undefined>;

export interface RunningService {
  stop(signal: string): Promise<void>;
}

/**
 * Checks the configuration (exits 1 with every problem named), and in production makes sure
 * the configured key set does not hold the emulator's key.
 */
export async function checkedConfig(env: Env, read: (env: Env) => MainConfig): Promise<MainConfig> {
  let config: MainConfig;
  try {
    config = applyServiceConfig(env, read(env));
  } catch (error) {
    console.error(`API configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  const jwksUrl = config.options.cognito.jwksUrl;
  if (isProduction(env) && jwksUrl) {
    const problem = await jwksProblem(jwksUrl).catch((error: unknown) => {
      console.error(
        `API warning: could not read COGNITO_JWKS_URL at start (${(error as Error).message})`,
      );
      return undefined;
    });
    if (problem) {
      console.error(`API configuration error: ${problem}`);
      process.exit(1);
    }
  }
  return config;
}

/**
 * Runs scheduled backups (BACKUP_INTERVAL_HOURS, daily by default) and the retention of the
 * backups (BACKUP_RETENTION_DAYS, server/platform/config.ts), and stops cleanly on
 * SIGINT/SIGTERM: no new connections, in-flight requests finish (at most STOP_GRACE_MS), the
 * backup timer stops and a running backup completes, the database closes.
 */
export function runService(app: FastifyInstance, config: MainConfig, env: Env): RunningService {
  const backups = { ...config.options, ...backupSettingsFromEnv(env) };
  // The retention runs at the start and with every backup; with backups off, daily, so that
  // the backups already taken still expire.
  const task =
    backups.intervalHours > 0
      ? () =>
          backupNow(backups).then((folder) => app.log.info({ folder }, 'scheduled backup written'))
      : async () => void pruneExpired(backups);
  const failed = (error: unknown) =>
    app.log.error({ err: error }, 'scheduled backup or retention failed');
  let running: Promise<unknown> = (async () => pruneExpired(backups))().catch(failed);
  const timer = setInterval(
    () => {
      running = task().catch(failed);
    },
    (backups.intervalHours || 24) * 3600 * 1000,
  );
  timer.unref();

  let stopping: Promise<void> | undefined;
  const stop = (signal: string) =>
    (stopping ??= (async () => {
      app.log.info({ signal }, 'stopping');
      clearInterval(timer);
      const force = setTimeout(() => {
        console.error(`API did not stop within ${STOP_GRACE_MS} ms after ${signal}; exiting`);
        process.exit(1);
      }, STOP_GRACE_MS);
      force.unref();
      await running;
      await app.close();
      clearTimeout(force);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`API failed to stop after ${signal}:`, error);
          process.exit(1);
        },
      );
    });
  }
  return { stop };
}
