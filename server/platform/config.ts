/** The server's configuration from environment variables (see server/README.md). */
import path from 'node:path';
import { BUSINESS_DEFAULTS } from '../../domain/business';
import { ANONYMOUS_HOLDS, OWNER_DIGEST } from './rules';
import { DEFAULT_ERASURE_LIST } from './erasureList';
import { originSecretsFromEnv } from './originSecret';

export const DEFAULT_QUOTE_RATE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };
/** The browser's error reports (POST /client-errors), per client address. */
export const CLIENT_ERROR_RATE_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };
/**
 * How many error reports are kept a day (UTC): from one client address, and from everyone
 * together (server/health/clientErrors.ts); past either, 429 until the next day.
 */
export const CLIENT_ERROR_DAILY_CAPS = { perAddress: 10, overall: 1000 };
/** The owner's calendar feed (GET /calendar/{token}.ics), per client address: apps poll it. */
export const CALENDAR_FEED_RATE_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };
/**
 * Where SES's bounces and complaints arrive (SNS, HTTPS), under the API's base: `POST` there is
 * handled by sesEvents.ts, and infra/ subscribes the SES topic to it.
 */
export const SES_EVENTS_PATH = '/ses-events';
/**
 * `POST /ses-events` per client address: SNS sends a few messages a day for one business's
 * mail, each from one of its many addresses; a forger sending more waits (429).
 */
export const SES_EVENTS_RATE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };
/**
 * Where Cognito's record of the owner's authenticator calls arrives (CloudTrail → EventBridge →
 * SNS, HTTPS), under the API's base: `POST` there is handled by ../owner/authenticatorEvents.ts,
 * and infra/ subscribes the topic to it.
 */
export const IDENTITY_EVENTS_PATH = '/identity-events';
/**
 * `POST /identity-events` per client address: SNS sends one message per authenticator call of
 * any account of the pool (a few a day); a forger sending more waits (429).
 */
export const IDENTITY_EVENTS_RATE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 };
/**
 * The user pool calls that change an account's authenticator app without GetUser's answer
 * showing it (a new secret confirmed; the two-step settings changed): the EventBridge rule sends
 * these, and ../owner/authenticatorEvents.ts e-mails them for the owner's account.
 */
export const AUTHENTICATOR_CALLS = ['VerifySoftwareToken', 'SetUserMFAPreference'] as const;
/** How EventBridge labels Cognito's user pool calls that CloudTrail recorded. */
export const COGNITO_CLOUDTRAIL_EVENT = {
  source: 'aws.cognito-idp',
  detailType: 'AWS API Call via CloudTrail',
  eventSource: 'cognito-idp.amazonaws.com',
} as const;
/**
 * Where the texts customers send us arrive (SNS, HTTPS, from the origination number's two-way
 * SMS), handled by ../mail/smsEvents.ts; per client address like the SES events.
 */
export const SMS_EVENTS_PATH = '/sms-events';
export const SMS_EVENTS_RATE_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };
/**
 * The value of IDENTITY_EMULATOR that turns on the local configuration (`npm start` and the test
 * stacks; ./productionConfig.ts refuses it in production).
 */
export const LOCAL_IDENTITY = 'cognito-local';
export const DEFAULT_CORS_ORIGINS = ['http://localhost:3000'];
/** The pool's id and access tokens live 60 minutes; nothing longer is accepted by default. */
export const DEFAULT_MAX_TOKEN_LIFETIME = 3600;
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

/** The figures of `fs.statfs` that say how full a disk is (in blocks). */
export interface DiskStats {
  blocks: number;
  bfree: number;
  bavail: number;
}

/** What the health checks (./readiness.ts) read besides the database: tests replace them. */
export interface ReadinessProbes {
  now: () => Date;
  /** When this server started (the backup age counts from it while there is no backup). */
  startedAt: Date;
  statfs: (dir: string) => Promise<DiskStats>;
}

/**
 * An SNS topic whose messages an endpoint takes (../mail/snsEndpoint.ts): SES's bounces and
 * complaints (SES_EVENTS_TOPIC_ARN), Cognito's authenticator calls (IDENTITY_EVENTS_TOPIC_ARN).
 */
export interface SnsTopicSettings {
  /** The topic's ARN. */
  topicArn: string;
  /** A signing certificate (PEM file) used instead of SNS's download: the local stack only. */
  certificateFile?: string;
  /** Confirms a subscription by fetching its SubscribeURL (tests replace it). */
  confirm?: (subscribeUrl: string) => Promise<void>;
  /** How long the signing certificate's download may take (tests shorten it). */
  certificateTimeoutMs?: number;
}

export interface ServerOptions {
  /** SQLite file (created and migrated on start). */
  databasePath: string;
  /** Folder holding the picture files. */
  picturesDir: string;
  /**
   * The erasure list (./erasureList.ts), outside the data folder so that putting back an older
   * data folder cannot take deletions back; beside the database file when absent.
   */
  erasureList?: string;
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
  /**
   * Past this many new requests within an hour the owner gets one digest instead of one e-mail
   * each (OWNER_DIGEST in ./rules.ts is the default).
   */
  ownerDigestThreshold?: number;
  /**
   * How many times visitors' requests may hold at once, in all (ANONYMOUS_HOLDS.total in
   * ./rules.ts is the default; the browser suite, whose journeys send many, raises it).
   */
  visitorHoldsTotal?: number;
  /** PUT and DELETE /bookings/{id} per customer (default: rules.ts BOOKING_CHANGE_RATE_LIMIT). */
  bookingChangeRateLimit?: { max: number; windowMs: number };
  /** Browser origins allowed by CORS. */
  corsOrigins?: string[];
  /**
   * How many proxies in front of the API to trust (Fastify `trustProxy` as a hop count): the
   * client address is the X-Forwarded-For entry that many hops from the connection; 0 ignores
   * the header. Each proxy must set the header to its client's address (or append it).
   */
  trustProxy?: number;
  /**
   * The values of the secret header only our CloudFront distribution sends (ORIGIN_SECRETS,
   * ./originSecret.ts): with them, any request without one answers 403. None: no check.
   */
  originSecrets?: string[];
  logger?: boolean | { level: string };
  /** openapi.yaml to serve (defaults to the repository's). */
  specPath?: string;
  /** E-mail: the outbox's sender and the texts' business identity (./mail/). */
  mail?: MailSettings;
  /**
   * The folder of the backups (BACKUP_DIR), whose newest one `/health/ready` and the owner's
   * health page look at; set by the service's start (./productionConfig.ts). Without it there is
   * no backup check.
   */
  backupDir?: string;
  /** The clock and disk figures of the health checks (./readiness.ts): tests replace them. */
  healthProbes?: Partial<ReadinessProbes>;
  /** SES's bounce and complaint notifications over SNS (../mail/sesEvents.ts). */
  sesEvents?: SnsTopicSettings;
  /** Cognito's authenticator calls over SNS (../owner/authenticatorEvents.ts). */
  identityEvents?: SnsTopicSettings;
  /** Texts to customers (../mail/textWorker.ts); without it texts wait in their outbox. */
  texts?: TextSettings;
  /** The texts customers send us, over SNS (../mail/smsEvents.ts). */
  smsEvents?: SnsTopicSettings;
  /**
   * Milliseconds since the epoch, for when the identity provider's authenticator events arrive
   * (../owner/authenticatorEvents.ts); tests pass a fake clock. Never set from the environment.
   */
  clock?: () => number;
  /**
   * The public pages rendered again on a publish or a change of the working hours
   * (../site/sitePages.ts): where the site is and, in production, its bucket and distribution.
   * Without it (the API alone), nothing is rendered.
   */
  sitePages?: SitePagesSettings;
  /**
   * `false` only to measure what the outbox costs (`npm run bench`): quote requests then write
   * no e-mail. Never set from the environment.
   */
  outbox?: boolean;
}

/**
 * Where the public pages are written when the server renders them again (SITE_DIR,
 * SITE_RENDERER_DIR, SITE_BUCKET, SITE_DISTRIBUTION_ID).
 */
export interface SitePagesSettings {
  /** The built site the static server reads (dist/): the shell, the assets, the pages. */
  dir: string;
  /** The server-rendering bundle and its manifest (dist-server/ssr/ after `npm run build`). */
  rendererDir: string;
  /** Production: the site's S3 bucket, which CloudFront serves… */
  bucket?: string;
  /** …and the distribution whose cached pages are invalidated. */
  distributionId?: string;
}

/**
 * The pages' settings from the environment: SITE_DIR (or `defaultDir`, serve.ts's dist/) and
 * SITE_RENDERER_DIR (default dist-server/ssr); SITE_BUCKET and SITE_DISTRIBUTION_ID together
 * or not at all.
 */
export function sitePagesFromEnv(
  env: Env = process.env,
  defaultDir?: string,
): SitePagesSettings | undefined {
  const dir = value(env, 'SITE_DIR') ?? defaultDir;
  const bucket = value(env, 'SITE_BUCKET');
  const distributionId = value(env, 'SITE_DISTRIBUTION_ID');
  if ((bucket === undefined) !== (distributionId === undefined))
    throw new Error(
      'SITE_BUCKET and SITE_DISTRIBUTION_ID go together: the pages written to the bucket are invalidated in that distribution',
    );
  if (dir === undefined) return undefined;
  return {
    dir: path.resolve(dir),
    rendererDir: path.resolve(value(env, 'SITE_RENDERER_DIR') ?? path.join('dist-server', 'ssr')),
    bucket,
    distributionId,
  };
}

/** What the e-mails say about the business, and where they go. */
export interface BusinessIdentity {
  name: string;
  phone: string;
  email: string;
  /** The public site, for links in e-mails (no trailing slash). */
  siteUrl: string;
}

export interface MailSettings {
  /** smtp:// or smtps:// URL with credentials; without it nothing is sent (messages wait). */
  smtpUrl?: string;
  /** The From address, e.g. `Triangle Shine <bookings@triangleshinedetailing.com>`. */
  from: string;
  /** Where new quote requests go. */
  ownerEmail: string;
  /** Local time (America/New_York, HH:MM) the reminders of the next day's appointments go out. */
  reminderTime: string;
  /**
   * How long a message the mail server did not take (down, or refusing for now: SMTP 4xx) is
   * tried again before it is marked failed, from when it was queued.
   */
  retryForMs: number;
  /** The first retry's delay; each further one doubles, up to 30 minutes. */
  retryBaseMs: number;
  /** Days a sent message is kept in the outbox before the worker deletes it. */
  keepSentDays: number;
  business: BusinessIdentity;
  /**
   * The phone and e-mail the deployment fixed (BUSINESS_PHONE, BUSINESS_EMAIL): the e-mails give
   * these; what is not fixed is the published offer's contact (../offer/offer.ts).
   */
  fixedContact: Partial<Pick<BusinessIdentity, 'phone' | 'email'>>;
}

/**
 * Where texts go: `local` (TEXT_SINK=local, `npm start`): a text sink that logs each text and
 * keeps it in a file the local inbox page shows; `aws`: AWS End User Messaging SMS, from the
 * registered origination number (TEXT_ORIGINATION_NUMBER, its ARN or phone number).
 */
export type TextSink =
  | { kind: 'local'; inboxFile: string }
  | { kind: 'aws'; originationNumber: string; region?: string };

export interface TextSettings {
  sink: TextSink;
  /** Local time (America/New_York, HH:MM) the next day's reminders go: REMINDER_TIME. */
  reminderTime: string;
  /** How long a text the provider did not take is tried again (MAIL_RETRY_HOURS). */
  retryForMs: number;
  retryBaseMs: number;
  business: BusinessIdentity;
  /** Replaces the sender made from `sink` (tests): resolves with the provider's id. */
  sender?: { send(text: { id: string; to: string; body: string }): Promise<string> };
  /** The text worker's clock (tests move it). */
  now?: () => Date;
}

/** The business as the server's messages name it (texts, e-mails, consent wording). */
export const businessOf = (options: Pick<ServerOptions, 'texts' | 'mail'>): BusinessIdentity =>
  options.texts?.business ?? options.mail?.business ?? mailFromEnv({}).business;

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

/**
 * The one retention period of the copies of the data: a backup (server/platform/backup.ts) and a copy
 * taken before a migration (server/platform/db.ts) are deleted once they are this many days old. A
 * deleted customer's details can remain in such a copy for at most this long after the
 * deletion (README and docs/product.md say so, and the privacy policy; privacyText.test.ts
 * checks they name this number). A restored copy has every deleted account erased again.
 */
export const BACKUP_RETENTION_DAYS = 14;

/** Paths are the storage folders the database and the pictures live in. */
export const DEFAULT_DATABASE_PATH = path.join('.local', 'data', 'app.db');
export const DEFAULT_PICTURES_DIR = path.join('.local', 'data', 'pictures');

/** Storage locations only (for the operator CLI, which needs no identity provider). */
export function storageFromEnv(env: Env = process.env) {
  return {
    databasePath: value(env, 'DATABASE_PATH') ?? DEFAULT_DATABASE_PATH,
    picturesDir: value(env, 'PICTURES_DIR') ?? DEFAULT_PICTURES_DIR,
    // The local stack's default data folder has its list beside it; a database named by
    // DATABASE_PATH alone keeps it beside the file (production names ERASURE_LIST_PATH).
    erasureList:
      value(env, 'ERASURE_LIST_PATH') ??
      (value(env, 'DATABASE_PATH') === undefined ? DEFAULT_ERASURE_LIST : undefined),
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

/**
 * Days a sent e-mail (which holds the requester's name, e-mail and phone) stays in the outbox;
 * the privacy policy (src/config/legal.ts) states it.
 */
export const KEEP_SENT_MAIL_DAYS = 30;
/** Hours an e-mail is tried again while the mail server is down or refuses it for now. */
export const MAIL_RETRY_HOURS = 72;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The e-mail settings (SMTP_URL, MAIL_FROM, OWNER_EMAIL, REMINDER_TIME, …; server/README.md). */
export function mailFromEnv(env: Env = process.env): MailSettings {
  const business: BusinessIdentity = {
    name: value(env, 'BUSINESS_NAME') ?? BUSINESS_DEFAULTS.name,
    phone: value(env, 'BUSINESS_PHONE') ?? BUSINESS_DEFAULTS.phone,
    email: value(env, 'BUSINESS_EMAIL') ?? BUSINESS_DEFAULTS.email,
    siteUrl: (value(env, 'SITE_URL') ?? BUSINESS_DEFAULTS.siteUrl).replace(/\/+$/, ''),
  };
  const smtpUrl = value(env, 'SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587');
  }
  const reminderTime = value(env, 'REMINDER_TIME') ?? '18:00';
  if (!HH_MM.test(reminderTime)) {
    throw new Error(
      `REMINDER_TIME must be a 24-hour time HH:MM, e.g. 18:00 (got "${reminderTime}")`,
    );
  }
  return {
    smtpUrl,
    from: value(env, 'MAIL_FROM') ?? `"${business.name}" <${business.email}>`,
    ownerEmail: value(env, 'OWNER_EMAIL') ?? business.email,
    reminderTime,
    retryForMs: integer(env, 'MAIL_RETRY_HOURS', MAIL_RETRY_HOURS, 1) * 60 * 60 * 1000,
    retryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 5000, 1),
    keepSentDays: KEEP_SENT_MAIL_DAYS,
    business,
    fixedContact: {
      ...(value(env, 'BUSINESS_PHONE') ? { phone: business.phone } : {}),
      ...(value(env, 'BUSINESS_EMAIL') ? { email: business.email } : {}),
    },
  };
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
      ownerDigestThreshold: integer(env, 'OWNER_DIGEST_THRESHOLD', OWNER_DIGEST.threshold, 1),
      visitorHoldsTotal: integer(env, 'VISITOR_HOLDS_TOTAL', ANONYMOUS_HOLDS.total, 0),
      corsOrigins:
        value(env, 'CORS_ORIGINS')
          ?.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean) ?? DEFAULT_CORS_ORIGINS,
      trustProxy: trustedHops(trustProxy),
      originSecrets: originSecretsFromEnv(value(env, 'ORIGIN_SECRETS')),
      logger: { level: value(env, 'LOG_LEVEL') ?? 'warn' },
      mail: mailFromEnv(env),
      sesEvents: snsTopicFromEnv(env, 'SES_EVENTS_TOPIC_ARN', 'ses-events'),
      identityEvents: identityEventsFromEnv(env),
      texts: textsFromEnv(env),
      smsEvents: smsEventsFromEnv(env),
      sitePages: sitePagesFromEnv(env),
    },
  };
}

/**
 * An SNS topic's ARN from `name`: SES_EVENTS_TOPIC_ARN (the SES configuration set's bounces and
 * complaints) or IDENTITY_EVENTS_TOPIC_ARN (Cognito's authenticator calls); the endpoint accepts
 * messages of that topic only (none without it).
 */
function snsTopicFromEnv(env: Env, name: string, example: string): SnsTopicSettings | undefined {
  const topicArn = value(env, name);
  if (topicArn === undefined) return undefined;
  if (!/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/.test(topicArn))
    throw new Error(
      `${name} must be an SNS topic ARN, e.g. arn:aws:sns:us-east-1:123456789012:${example} (got "${topicArn}")`,
    );
  return { topicArn };
}

/**
 * TEXT_SINK: `local` (texts logged and kept in TEXT_INBOX_FILE) or `aws` (End User Messaging
 * SMS from TEXT_ORIGINATION_NUMBER); unset, texts wait in their outbox.
 */
export function textsFromEnv(env: Env = process.env): TextSettings | undefined {
  const sink = value(env, 'TEXT_SINK');
  if (sink === undefined) return undefined;
  const mail = mailFromEnv(env);
  const common = {
    reminderTime: mail.reminderTime,
    retryForMs: mail.retryForMs,
    retryBaseMs: mail.retryBaseMs,
    business: mail.business,
  };
  if (sink === 'local')
    return {
      ...common,
      sink: { kind: 'local', inboxFile: value(env, 'TEXT_INBOX_FILE') ?? '.local/texts.jsonl' },
    };
  if (sink === 'aws') {
    const originationNumber = value(env, 'TEXT_ORIGINATION_NUMBER');
    if (!originationNumber)
      throw new Error('TEXT_SINK=aws needs TEXT_ORIGINATION_NUMBER (the phone number or its ARN)');
    return {
      ...common,
      sink: { kind: 'aws', originationNumber, region: value(env, 'AWS_REGION') },
    };
  }
  throw new Error(`TEXT_SINK must be local or aws (got "${sink}")`);
}

/**
 * SMS_EVENTS_TOPIC_ARN: the SNS topic of the origination number's incoming texts;
 * `POST /sms-events` accepts messages of that topic only. With the local sink,
 * SMS_EVENTS_CERT_FILE is the signing certificate the local script signs with (SNS's own is
 * downloaded otherwise).
 */
/**
 * IDENTITY_EVENTS_TOPIC_ARN, and IDENTITY_EVENTS_CERT_FILE: the local stack's signing certificate
 * for the identity emulator's authenticator calls, taken only in the local configuration
 * (IDENTITY_EMULATOR=cognito-local), where nothing else could deliver them.
 */
function identityEventsFromEnv(env: Env): SnsTopicSettings | undefined {
  const settings = snsTopicFromEnv(env, 'IDENTITY_EVENTS_TOPIC_ARN', 'identity-events');
  const certFile = value(env, 'IDENTITY_EVENTS_CERT_FILE');
  if (!settings || !certFile) return settings;
  if (value(env, 'IDENTITY_EMULATOR') !== LOCAL_IDENTITY)
    throw new Error(
      `IDENTITY_EVENTS_CERT_FILE is for the local configuration only (IDENTITY_EMULATOR=${LOCAL_IDENTITY})`,
    );
  return { ...settings, certificateFile: certFile };
}

function smsEventsFromEnv(env: Env): SnsTopicSettings | undefined {
  const settings = snsTopicFromEnv(env, 'SMS_EVENTS_TOPIC_ARN', 'sms-events');
  const certFile = value(env, 'SMS_EVENTS_CERT_FILE');
  if (!settings || !certFile) return settings;
  if (value(env, 'TEXT_SINK') !== 'local')
    throw new Error('SMS_EVENTS_CERT_FILE is for the local text sink only (TEXT_SINK=local)');
  return { ...settings, certificateFile: certFile };
}
