/**
 * What a production start of the API must have, checked before it listens, and the settings of
 * the running service (logs, backups) that only the entry points (main.ts, serve.ts) use.
 *
 * The local configuration (`IDENTITY_EMULATOR=cognito-local`, set by `npm start` and the test
 * stacks) is the only one that accepts tokens signed with the identity emulator's published key;
 * with NODE_ENV=production it is refused, and so are the emulator's pool, client and JWKS, a
 * missing SMTP_URL, COGNITO_JWKS_URL or PUBLIC_API_URL, and a missing or placeholder secret.
 */
import path from 'node:path';
import { exportJWK, type CryptoKey, type JWK } from 'jose';
import { BACKUP_RETENTION_DAYS, LOCAL_IDENTITY, type MainConfig } from './config';
import { loggedPath } from './loggedPath';

type Env = Record<string, string | undefined>;

/**
 * The public half of the key cognito-local signs every token with. It ships inside the
 * emulator's package (with its private half), so anyone can sign a token with it.
 */
export const EMULATOR_KEY = {
  kid: 'CognitoLocal',
  n:
    '2uLO7yh1_6Icfd89V3nNTc_qhfpDN7vEmOYlmJQlc9_RmOns26lg88fXXFntZESwHOm7_homO2Ih6NOtu4P5eskGs8d8VQMOQfF4YrP-' +
    'pawVz-gh1S7eSvzZRDHBT4ItUuoiVP1B9HN_uScKxIqjmitpPqEQB_o2NJv8npCfqUAU-4KmxquGtjdmfctswSZGdz59M3CAYKDfuvLH9' +
    '_vV6TRGgbUaUAXWC2WJrbbEXzK3XUDBrmF3Xo-yw8f3SgD3JOPl3HaaWMKL1zGVAsge7gQaGiJBzBurg5vwN61uDGGz0QZC1JqcUTl3cZnr' +
    'x_L8isIR7074SJEuljIZRnCcjQ',
} as const;

/** The emulator's pool and client (scripts/identity-emulator/cognitoLocal.ts). */
const EMULATOR_POOL = 'us-east-1_localpool';
const EMULATOR_CLIENT = 'localclientid000000000000';
const EMULATOR_PORT = '9229';

/** Secrets shorter than this, or one of these words, are placeholders. */
const MIN_SECRET_LENGTH = 32;
const PLACEHOLDER = /^(change-?me|changeit|secret|password|example|test|default|dev|local)/i;

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
};

export const isProduction = (env: Env): boolean => value(env, 'NODE_ENV') === 'production';

/** Whether a JWK (from the configured JWKS) is the emulator's published key. */
export function isEmulatorKey(jwk: JWK): boolean {
  return jwk.kty === 'RSA' && jwk.n === EMULATOR_KEY.n;
}

/** Whether this process runs with the local configuration (the emulator's key is accepted). */
export const acceptsEmulatorKey = (env: Env): boolean =>
  value(env, 'IDENTITY_EMULATOR') === LOCAL_IDENTITY;

function emulatorUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.port === EMULATOR_PORT || parsed.pathname.includes(EMULATOR_POOL);
  } catch {
    return false;
  }
}

function secretProblem(name: string, secret: string | undefined, required: boolean) {
  if (secret === undefined) {
    return required
      ? `${name} is required in production (e.g. the output of "openssl rand -hex 32"); its default changes on every start`
      : undefined;
  }
  if (secret.length < MIN_SECRET_LENGTH || PLACEHOLDER.test(secret)) {
    return `${name} is a default or placeholder secret; set at least ${MIN_SECRET_LENGTH} random characters (e.g. "openssl rand -hex 32")`;
  }
  return undefined;
}

/**
 * Signed picture links start with PUBLIC_API_URL; without it they would take their host from
 * the request's Host header, which whoever sends the request chooses.
 */
function publicApiUrlProblem(url: string | undefined): string | undefined {
  const example = 'e.g. https://api.example.com (the address the API is reached at)';
  if (url === undefined) return `PUBLIC_API_URL is required in production, ${example}`;
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // not an absolute address
  }
  return protocol === 'https:' || protocol === 'http:'
    ? undefined
    : `PUBLIC_API_URL must be an absolute http(s) address (got "${url}"), ${example}`;
}

/**
 * Every problem with a production configuration, each naming its setting; empty outside
 * production and for a good configuration.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export function productionProblems(env: Env, config: MainConfig): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  const { cognito } = config.options;
  if (acceptsEmulatorKey(env)) {
    problems.push(
      `IDENTITY_EMULATOR=${LOCAL_IDENTITY} is the local configuration; remove it in production`,
    );
  }
  const jwksUrl = value(env, 'COGNITO_JWKS_URL');
  if (jwksUrl === undefined) {
    problems.push(
      'COGNITO_JWKS_URL is required in production, e.g. https://cognito-idp.<region>.amazonaws.com/<pool id>/.well-known/jwks.json',
    );
  } else if (emulatorUrl(jwksUrl)) {
    problems.push(
      `COGNITO_JWKS_URL is the identity emulator's key set (${jwksUrl}); use the user pool's`,
    );
  }
  if (emulatorUrl(cognito.issuer)) {
    problems.push(`COGNITO_ISSUER is the identity emulator's pool (${cognito.issuer})`);
  }
  if (cognito.clientId === EMULATOR_CLIENT) {
    problems.push(`COGNITO_CLIENT_ID is the identity emulator's app client (${EMULATOR_CLIENT})`);
  }
  if (value(env, 'SMTP_URL') === undefined) {
    problems.push(
      'SMTP_URL is required in production, e.g. smtps://USER:PASSWORD@email-smtp.<region>.amazonaws.com:465',
    );
  }
  const erasureList = value(env, 'ERASURE_LIST_PATH');
  const dataFolder = path.dirname(path.resolve(config.options.databasePath));
  if (
    erasureList === undefined ||
    !path.relative(dataFolder, path.resolve(erasureList)).startsWith('..')
  ) {
    problems.push(
      `ERASURE_LIST_PATH is required in production, outside the database's folder ${dataFolder} (a restore of that folder must not bring deleted accounts back), e.g. ERASURE_LIST_PATH=/var/lib/shine/erased-accounts`,
    );
  }
  // A proxy on this machine (nginx, API_HOST on loopback) is ours alone; one reached over the
  // network may be shared (CloudFront serves anyone's distributions from the same addresses).
  if (
    (config.options.trustProxy ?? 0) > 0 &&
    !LOOPBACK_HOSTS.has(config.host) &&
    !config.options.originSecrets
  ) {
    problems.push(
      `ORIGIN_SECRETS is required in production with TRUST_PROXY on ${config.host}: without it anyone's proxy (any CloudFront distribution) can name the client address (set it to the header only your proxy sends, infra/lib/originSecret.ts)`,
    );
  }
  const publicApiUrl = publicApiUrlProblem(value(env, 'PUBLIC_API_URL'));
  if (publicApiUrl) problems.push(publicApiUrl);
  for (const problem of [
    secretProblem('SIGNED_URL_SECRET', value(env, 'SIGNED_URL_SECRET'), true),
    secretProblem(
      'CALENDLY_WEBHOOK_SIGNING_KEY',
      value(env, 'CALENDLY_WEBHOOK_SIGNING_KEY'),
      false,
    ),
  ]) {
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * In production, fetches the configured key set once and names the emulator's key if it is
 * there. An unreachable key set is not a configuration error (the identity provider may be
 * briefly down); it is reported by the caller as a warning.
 */
export async function jwksProblem(jwksUrl: string): Promise<string | undefined> {
  const answer = await fetch(jwksUrl, { signal: AbortSignal.timeout(5000) });
  if (!answer.ok) throw new Error(`${jwksUrl} answered ${answer.status}`);
  const body = (await answer.json()) as { keys?: JWK[] };
  return (body.keys ?? []).some(isEmulatorKey)
    ? `COGNITO_JWKS_URL (${jwksUrl}) publishes the identity emulator's key`
    : undefined;
}

/** Whether a verified token's key is one this process accepts. */
export async function emulatorKeyUsed(key: CryptoKey | Uint8Array): Promise<boolean> {
  if (key instanceof Uint8Array) return false;
  return isEmulatorKey(await exportJWK(key));
}

function positive(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  }
  return parsed;
}

/** How long backups are kept is not a setting: it is BACKUP_RETENTION_DAYS (server/platform/config.ts). */
export interface BackupSettings {
  /** Folder that holds the dated backup folders. */
  dir: string;
  /** Hours between scheduled backups inside the service; 0 turns them off. */
  intervalHours: number;
}

export const DEFAULT_BACKUP_DIR = path.join('.local', 'backups');

export function backupSettingsFromEnv(env: Env = process.env): BackupSettings {
  if (value(env, 'BACKUP_KEEP') !== undefined) {
    throw new Error(
      `BACKUP_KEEP is no longer read: backups are kept for ${BACKUP_RETENTION_DAYS} days (BACKUP_RETENTION_DAYS in server/platform/config.ts); remove it`,
    );
  }
  const off = value(env, 'BACKUP_INTERVAL_HOURS') === '0';
  return {
    dir: value(env, 'BACKUP_DIR') ?? DEFAULT_BACKUP_DIR,
    intervalHours: off ? 0 : positive(env, 'BACKUP_INTERVAL_HOURS', 24),
  };
}

/**
 * The logger of the running service: JSON lines (pino) at LOG_LEVEL (`info` logs each request;
 * the default `warn` only problems). Requests
 * are logged by id, method, path (never the query: signed picture URLs carry their signature
 * there; nor the calendar feed's secret) and status; headers and bodies never, and the paths below are censored should any
 * code log them by mistake.
 */
export function serviceLogger(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'authorization',
        'token',
        'password',
        'body',
        '*.password',
        '*.token',
        '*.body',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { id?: string; method?: string; url?: string }) => ({
        id: request.id,
        method: request.method,
        path: loggedPath(request.url),
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * Reads and checks the whole start-up configuration: throws one error listing every problem.
 * Sets the emulator-key switch and the service logger on `config`.
 */
export function applyServiceConfig(env: Env, config: MainConfig): MainConfig {
  const problems = productionProblems(env, config);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
  config.options.cognito.acceptEmulatorKey = acceptsEmulatorKey(env);
  config.options.backupDir = backupSettingsFromEnv(env).dir;
  const level = typeof config.options.logger === 'object' ? config.options.logger.level : 'warn';
  config.options.logger = serviceLogger(level);
  return config;
}
