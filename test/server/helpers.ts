/**
 * A real server on a temp SQLite file, and a stand-in identity provider: an RSA key pair
 * whose JWKS is served from a local HTTP server, signing real Cognito-shaped tokens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import {
  decodeJwt,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { repoRoot } from '../../domain/paths';
import { OWNERS_GROUP } from '../../domain/owners';
import type { FastifyInstance } from 'fastify';
import type { QuoteRequest } from '../../domain/contract/types';
import { webhookSignatureHeader } from '../../domain/contract/webhookSignature';
import { buildServer } from '../../server/app';
import { replaceRules } from '../../server/availability/availability';
import { openDatabase } from '../../server/platform/db';
import {
  DEFAULT_RULES,
  offeredTimes,
  weekdayNames,
  type AvailabilityRules,
} from '../../domain/availability';
import { quoteTotal } from '../../domain/pricing';
import { DEFAULT_OFFER } from '../../domain/offer';
import type { ServerOptions } from '../../server/platform/config';

export const CLIENT_ID = 'testclient0000000000000000';
const POOL = 'us-east-1_testpool';
const KID = 'test-key-1';

export interface IdentityProvider {
  issuer: string;
  clientId: string;
  /** An id token (token_use id, aud = client) for this customer. */
  idToken(sub: string, email: string, claims?: JWTPayload, options?: SignOptions): Promise<string>;
  /** An access token (token_use access, client_id = client). */
  accessToken(sub: string, claims?: JWTPayload, options?: SignOptions): Promise<string>;
  /** The subjects Cognito's `DeleteUser` (POST / at the issuer's origin) has deleted. */
  deletedUsers: string[];
  /** Makes the next `times` DeleteUser calls fail as an outage would (500). */
  failDeleteUser(times: number): void;
  /** Gives the account an authenticator app (or takes it away): GetUser's UserMFASettingList. */
  setAuthenticator(sub: string, on: boolean): void;
  /** The subjects Cognito's `GetUser` was asked about, in order. */
  getUserCalls: string[];
  /**
   * Revokes an access token at the provider (Cognito's RevokeToken or GlobalSignOut): GetUser
   * then answers NotAuthorizedException for it, while its signature and expiry stay good.
   */
  revoke(accessToken: string): void;
  /** Makes GetUser answer only after this many milliseconds (a slow provider), until set to 0. */
  delayGetUser(ms: number): void;
  /** Makes GetUser answer this error (e.g. NotAuthorizedException) until set to undefined. */
  failGetUser(error: { status: number; type: string; message: string } | undefined): void;
  /**
   * An owner's access token (group `owners`) whose account has an authenticator app: what the
   * owner console sends.
   */
  ownerToken(sub: string, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

interface SignOptions {
  /** Sign with a key the JWKS does not hold (same kid): a forged token. */
  forged?: boolean;
  issuer?: string;
  expiresAt?: number;
  /** `iat`; defaults to 5 seconds ago (the token lives 60 minutes from then). */
  issuedAt?: number;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** The key pair cognito-local ships in its package and signs every token with. */
async function emulatorKeyPair(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const keys = path.join(repoRoot, 'node_modules', 'cognito-local', 'lib', 'keys');
  const read = (name: string) =>
    (JSON.parse(readFileSync(path.join(keys, name), 'utf8')) as { jwk: JWK }).jwk;
  const privateKey = (await importJWK(read('cognitoLocal.private.json'), 'RS256')) as CryptoKey;
  return { privateKey, jwk: read('cognitoLocal.public.json') };
}

/**
 * A stand-in identity provider at a non-emulator address. With `emulatorKey`, it signs with
 * and publishes cognito-local's published key (kid "CognitoLocal"), as a misconfigured or
 * forged key set would.
 */
export async function startIdentityProvider(
  options: { emulatorKey?: boolean } = {},
): Promise<IdentityProvider> {
  const generated = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const emulator = options.emulatorKey ? await emulatorKeyPair() : undefined;
  const privateKey = emulator?.privateKey ?? generated.privateKey;
  const kid = emulator ? String(emulator.jwk.kid) : KID;
  const jwk = emulator?.jwk ?? {
    ...(await exportJWK(generated.publicKey)),
    kid: KID,
    alg: 'RS256',
    use: 'sig',
  };
  const deletedUsers: string[] = [];
  let deleteFailures = 0;
  const authenticators = new Set<string>();
  const getUserCalls: string[] = [];
  const revoked = new Set<string>();
  let getUserDelayMs = 0;
  let getUserError: { status: number; type: string; message: string } | undefined;
  const server = createServer((request, response) => {
    if (
      request.method === 'POST' &&
      request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.GetUser'
    ) {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      const answer = () => {
        response.setHeader('content-type', 'application/x-amz-json-1.1');
        const { AccessToken } = JSON.parse(body) as { AccessToken: string };
        const sub = String(decodeJwt(AccessToken).sub);
        getUserCalls.push(sub);
        const refusal = revoked.has(AccessToken)
          ? {
              status: 400,
              type: 'NotAuthorizedException',
              message: 'Access Token has been revoked',
            }
          : getUserError;
        if (refusal) {
          const { status, type, message } = refusal;
          response.writeHead(status).end(JSON.stringify({ __type: type, message }));
          return;
        }
        response.writeHead(200).end(
          JSON.stringify({
            Username: sub,
            UserAttributes: [{ Name: 'sub', Value: sub }],
            // Cognito leaves the list out when the account has no second factor.
            ...(authenticators.has(sub) ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] } : {}),
          }),
        );
      };
      request.on('end', () => setTimeout(answer, getUserDelayMs));
    } else if (
      request.method === 'POST' &&
      request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.DeleteUser'
    ) {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/x-amz-json-1.1');
        if (deleteFailures > 0) {
          deleteFailures -= 1;
          response.writeHead(500).end(JSON.stringify({ __type: 'InternalErrorException' }));
          return;
        }
        const { AccessToken } = JSON.parse(body) as { AccessToken: string };
        deletedUsers.push(String(decodeJwt(AccessToken).sub));
        response.writeHead(200).end('{}');
      });
    } else if (request.url === `/${POOL}/.well-known/jwks.json`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}/${POOL}`;

  const sign = (claims: JWTPayload, sub: string, options: SignOptions = {}) => {
    const key: CryptoKey = options.forged ? forger.privateKey : privateKey;
    const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000) - 5;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(options.issuer ?? issuer)
      .setSubject(sub)
      .setIssuedAt(issuedAt)
      .setExpirationTime(options.expiresAt ?? issuedAt + 3600)
      .sign(key);
  };

  return {
    issuer,
    clientId: CLIENT_ID,
    idToken: (sub, email, claims = {}, options) =>
      sign(
        { token_use: 'id', aud: CLIENT_ID, email, email_verified: true, ...claims },
        sub,
        options,
      ),
    accessToken: (sub, claims = {}, options) =>
      sign(
        { token_use: 'access', client_id: CLIENT_ID, scope: 'openid email', ...claims },
        sub,
        options,
      ),
    deletedUsers,
    failDeleteUser: (times) => {
      deleteFailures = times;
    },
    setAuthenticator: (sub, on) => void (on ? authenticators.add(sub) : authenticators.delete(sub)),
    getUserCalls,
    revoke: (accessToken) => void revoked.add(accessToken),
    delayGetUser: (ms) => {
      getUserDelayMs = ms;
    },
    failGetUser: (error) => {
      getUserError = error;
    },
    ownerToken: (sub, options) => {
      authenticators.add(sub);
      return sign(
        {
          token_use: 'access',
          client_id: CLIENT_ID,
          scope: 'aws.cognito.signin.user.admin',
          'cognito:groups': [OWNERS_GROUP],
        },
        sub,
        options,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestApi {
  app: FastifyInstance;
  baseUrl: string;
  dir: string;
  databasePath: string;
  picturesDir: string;
  close(): Promise<void>;
}

/** A one-pixel PNG: a picture the server accepts by its bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const SIGNED_URL_SECRET = 'test-signed-url-secret';
export const WEBHOOK_KEY = 'test-webhook-signing-key';

/**
 * The owner's rules test servers start with, unless a test asks for the defaults: the seeded
 * lists of times (the spec's quote form's) all day long, a year ahead, holds one job (a minute long, no travel), so that tests about
 * anything else can book as many quotes as they like, each at a time of its own (`quoteRequest`).
 */
export const ROOMY_RULES: AvailabilityRules = {
  ...DEFAULT_RULES,
  week: Object.fromEntries(
    weekdayNames.map((day) => [
      day,
      { open: true, start: '00:00', end: '23:59', times: DEFAULT_RULES.week[day].times },
    ]),
  ) as AvailabilityRules['week'],
  jobMinutes: { Sedan: 1, SUV: 1, Minivan: 1, 'Premium Package': 1 },
  travelMinutes: 0,
  maxJobsPerDay: 20,
  horizonDays: 365,
};

export async function startApi(
  idp: IdentityProvider,
  overrides: Partial<ServerOptions> = {},
  setup: { rules?: 'defaults' } = {},
): Promise<TestApi> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const databasePath = path.join(dir, 'app.db');
  const picturesDir = path.join(dir, 'pictures');
  if (setup.rules !== 'defaults') {
    const db = openDatabase(overrides.databasePath ?? databasePath);
    replaceRules(db, ROOMY_RULES);
    db.close();
  }
  const app = await buildServer({
    databasePath,
    picturesDir,
    cognito: { issuer: idp.issuer, clientId: idp.clientId },
    signedUrlSecret: SIGNED_URL_SECRET,
    calendlySigningKey: WEBHOOK_KEY,
    ...overrides,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    dir,
    databasePath,
    picturesDir,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(
  baseUrl: string,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.rawBody;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body };
}

/** A date `days` from today, as YYYY-MM-DD. */
export function futureDate(days = 14): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first Saturday at least `days` from today, as YYYY-MM-DD (weekend slots: 10:00 AM). */
export function futureSaturday(days = 14): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

/** The days quoteRequest() spreads its times over: after those tests name (futureSaturday()). */
const SLOT_DAYS = { first: 21, last: 364 };
let slotsGiven = 0;
/**
 * A time no earlier call gave: first the first time of each day (one job a day fits any rules
 * while the horizon lasts), then each day's second time, and so on.
 */
function nextSlot(): { date: string; time: string } {
  let remaining = slotsGiven;
  slotsGiven += 1;
  for (let pass = 0; pass < 6; pass += 1) {
    for (let days = SLOT_DAYS.first; days <= SLOT_DAYS.last; days += 1) {
      const date = futureDate(days);
      const time = offeredTimes(DEFAULT_RULES, date)[pass];
      if (time === undefined) continue;
      if (remaining === 0) return { date, time };
      remaining -= 1;
    }
  }
  throw new Error('quoteRequest() has given every time of the year');
}

/**
 * A valid quote request, at a time no other quote of this test file was given (a time of its own
 * under ROOMY_RULES); the overrides may set one.
 */
export const quoteRequest = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => {
  const vehicleType = overrides.vehicleType ?? 'SUV';
  const selectedAddons = overrides.selectedAddons ?? ['Pet Hair Removal'];
  return {
    name: 'Sam Carter',
    phone: '(919) 555-0199',
    email: 'sam@example.com',
    vehicleType,
    selectedAddons,
    ...nextSlot(),
    vehicle: '2020 Subaru Outback',
    message: 'Gate code 1234',
    // The total the seeded offer shows for this choice (the server refuses another, 409).
    totalPrice: quoteTotal(DEFAULT_OFFER, vehicleType, selectedAddons),
    ...overrides,
  };
};

/** A call-back request (no preferred date or time): holds no time, so any number fit any rules. */
export const callBackRequest = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => {
  const { date: _date, time: _time, ...request } = quoteRequest(overrides);
  return { ...request, ...overrides };
};

/** A quote body with any (also invalid) overrides, for sending over HTTP. */
export const quote = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const choice: Partial<QuoteRequest> = {};
  if (typeof overrides.vehicleType === 'string')
    choice.vehicleType = overrides.vehicleType as QuoteRequest['vehicleType'];
  if (Array.isArray(overrides.selectedAddons))
    choice.selectedAddons = overrides.selectedAddons as string[];
  return { ...quoteRequest(choice), ...overrides };
};

/**
 * An identity provider and an API started before the calling file's tests and stopped after
 * them; read `idp` and `api` inside the tests.
 */
export function serveApiForTests(overrides: Partial<ServerOptions> = {}): {
  readonly idp: IdentityProvider;
  readonly api: TestApi;
} {
  let idp: IdentityProvider | undefined;
  let api: TestApi | undefined;
  beforeAll(async () => {
    idp = await startIdentityProvider();
    api = await startApi(idp, overrides);
  });
  afterAll(async () => {
    await api?.close();
    await idp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('The API starts in beforeAll');
    return value;
  };
  return {
    get idp() {
      return started(idp);
    },
    get api() {
      return started(api);
    },
  };
}

/** Sends a signed `invitee.created` for a scheduling-service booking tomorrow. */
export async function sendInviteeCreated(
  baseUrl: string,
  invitee: { uri: string; email: string; name?: string; eventName: string },
): Promise<Answer> {
  const event = JSON.stringify({
    event: 'invitee.created',
    payload: {
      uri: invitee.uri,
      email: invitee.email,
      ...(invitee.name ? { name: invitee.name } : {}),
      scheduled_event: {
        name: invitee.eventName,
        start_time: new Date(Date.now() + 86_400_000).toISOString(),
      },
    },
  });
  return call(baseUrl, 'POST', '/webhooks/calendly', {
    rawBody: event,
    headers: { 'calendly-webhook-signature': webhookSignatureHeader(WEBHOOK_KEY, event) },
  });
}

const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

/** Runs a TypeScript file of the repository as its own process (through tsx). */
export function runTs(
  file: string,
  args: string[],
  env: Record<string, string | undefined>,
  stdin: 'ignore' | 'pipe' = 'ignore',
): ChildProcess {
  return spawn(tsx, [file, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: [stdin, 'pipe', 'pipe'],
  });
}

/** A process's exit code and everything it printed. */
export async function finished(
  child: ChildProcess,
): Promise<{ code: number | null; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}

/** Settings a production start accepts; the identity provider is the local stand-in. */
export const productionEnv = (idp: IdentityProvider, dir: string): Record<string, string> => ({
  NODE_ENV: 'production',
  API_HOST: '127.0.0.1',
  API_PORT: '0',
  DATABASE_PATH: path.join(dir, 'data', `${randomBytes(4).toString('hex')}.db`),
  PICTURES_DIR: path.join(dir, 'data', 'pictures'),
  ERASURE_LIST_PATH: path.join(dir, 'erased-accounts'),
  COGNITO_ISSUER: idp.issuer,
  COGNITO_JWKS_URL: `${idp.issuer}/.well-known/jwks.json`,
  COGNITO_CLIENT_ID: idp.clientId,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SIGNED_URL_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_API_URL: 'https://api.example.com',
  BACKUP_INTERVAL_HOURS: '0',
});

/** Polls `done` every 20 ms until it holds; fails with "timed out waiting for <what>" after `ms`. */
export async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The owner's e-mails about the authenticator app in the outbox of `databasePath`, oldest first. */
export function ownerAuthenticatorMails(
  databasePath: string,
): { change: string; audience: string }[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (
      db
        .prepare(
          "SELECT audience, payload FROM outbox WHERE kind = 'owner-authenticator' ORDER BY id",
        )
        .all() as { audience: string; payload: string }[]
    ).map((row) => ({
      audience: row.audience,
      change: (JSON.parse(row.payload) as { change: string }).change,
    }));
  } finally {
    db.close();
  }
}
