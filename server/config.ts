/** The server's configuration from environment variables (see server/README.md). */
import path from 'node:path';
import { DEFAULT_MAX_TOKEN_LIFETIME } from './auth';

export const DEFAULT_QUOTE_RATE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };
export const DEFAULT_CORS_ORIGINS = ['http://localhost:3000'];
/** A slow or stalled client cannot hold a connection open for ever. */
export const SERVER_TIMEOUTS = {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: 30_000,
  /** The headers must arrive within this. */
  headersMs: 10_000,
  /** An idle socket is closed after this. */
  idleMs: 60_000,
  keepAliveMs: 5_000,
} as const;

export interface ServerOptions {
  /** SQLite file (created and migrated on start). */
  databasePath: string;
  /** Folder holding the picture files. */
  picturesDir: string;
  cognito: {
    /** e.g. http://127.0.0.1:9229/us-east-1_localpool */
    issuer: string;
    /** Defaults to `${issuer}/.well-known/jwks.json`. */
    jwksUrl?: string;
    clientId: string;
    /** The longest token lifetime accepted (exp - iat, seconds; default 3600). */
    maxLifetimeSeconds?: number;
    /** Accept tokens signed with the identity emulator's published key (local configuration). */
    acceptEmulatorKey?: boolean;
  };
  /** Absolute base of signed picture URLs; defaults to the request's own origin. */
  publicApiUrl?: string;
  /** HMAC key of picture URLs; random per process when absent. */
  signedUrlSecret?: string;
  /** Calendly webhook signing key; without it every webhook call answers 401. */
  calendlySigningKey?: string;
  /** POST /bookings per customer with a token, per client address (IPv6: /64) without. */
  quoteRateLimit?: { max: number; windowMs: number };
  /** Browser origins allowed by CORS. */
  corsOrigins?: string[];
  /**
   * How many proxies in front of the API to trust (Fastify `trustProxy` as a hop count): the
   * client address is the X-Forwarded-For entry that many hops from the connection; 0 ignores
   * the header. Each proxy must set the header to its client's address (or append it).
   */
  trustProxy?: number;
  logger?: boolean | { level: string };
  /** openapi.yaml to serve (defaults to the repository's). */
  specPath?: string;
}

export interface MainConfig {
  host: string;
  port: number;
  options: ServerOptions;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
};

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new Error(`${name} must be an integer of at least ${min} (got "${raw}")`);
  }
  return parsed;
}

function required(env: Env, name: string, example: string): string {
  const raw = value(env, name);
  if (raw === undefined) throw new Error(`${name} is required, e.g. ${name}=${example}`);
  return raw;
}

/** Paths are the storage folders the database and the pictures live in. */
export const DEFAULT_DATABASE_PATH = path.join('.local', 'data', 'app.db');
export const DEFAULT_PICTURES_DIR = path.join('.local', 'data', 'pictures');

/** Storage locations only (for the operator CLI, which needs no identity provider). */
export function storageFromEnv(env: Env = process.env) {
  return {
    databasePath: value(env, 'DATABASE_PATH') ?? DEFAULT_DATABASE_PATH,
    picturesDir: value(env, 'PICTURES_DIR') ?? DEFAULT_PICTURES_DIR,
  };
}

/**
 * TRUST_PROXY: the number of proxies in front of the API (0 or absent: none). `true` or an
 * address list would let a client's own X-Forwarded-For entries through, so they are refused.
 */
function trustedHops(raw: string | undefined): number {
  if (raw === undefined || raw === 'false') return 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the API, e.g. 1 (got "${raw}")`,
    );
  }
  return hops;
}

export function configFromEnv(env: Env = process.env): MainConfig {
  const trustProxy = value(env, 'TRUST_PROXY');
  const issuer = required(env, 'COGNITO_ISSUER', 'http://127.0.0.1:9229/us-east-1_localpool');
  return {
    host: value(env, 'API_HOST') ?? '127.0.0.1',
    port: integer(env, 'API_PORT', 4000),
    options: {
      ...storageFromEnv(env),
      cognito: {
        issuer,
        jwksUrl: value(env, 'COGNITO_JWKS_URL'),
        clientId: required(env, 'COGNITO_CLIENT_ID', 'localclientid000000000000'),
        maxLifetimeSeconds: integer(env, 'TOKEN_MAX_LIFETIME', DEFAULT_MAX_TOKEN_LIFETIME, 60),
      },
      publicApiUrl: value(env, 'PUBLIC_API_URL'),
      signedUrlSecret: value(env, 'SIGNED_URL_SECRET'),
      calendlySigningKey: value(env, 'CALENDLY_WEBHOOK_SIGNING_KEY'),
      quoteRateLimit: {
        max: integer(env, 'QUOTE_RATE_LIMIT', DEFAULT_QUOTE_RATE_LIMIT.max, 1),
        windowMs: integer(env, 'QUOTE_RATE_WINDOW_MS', DEFAULT_QUOTE_RATE_LIMIT.windowMs, 1),
      },
      corsOrigins:
        value(env, 'CORS_ORIGINS')
          ?.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean) ?? DEFAULT_CORS_ORIGINS,
      trustProxy: trustedHops(trustProxy),
      logger: { level: value(env, 'LOG_LEVEL') ?? 'warn' },
    },
  };
}
