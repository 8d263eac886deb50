/**
 * The reference API's server set-up: one Fastify route per openapi.yaml operation. Each request
 * is authenticated as the operation's `security` says (before its body is read), validated against the operation's
 * parameters and body schemas (./platform/validation.ts), then handled by the operation table:
 * the handler tables of the resources' folders (`<resource>/handlers.ts`, the owner console's
 * and the account's modules), merged here.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import {
  CALENDAR_FEED_RATE_LIMIT,
  CLIENT_ERROR_RATE_LIMIT,
  DEFAULT_CORS_ORIGINS,
  DEFAULT_QUOTE_RATE_LIMIT,
  SERVER_TIMEOUTS,
  SES_EVENTS_RATE_LIMIT,
  IDENTITY_EVENTS_RATE_LIMIT,
  SMS_EVENTS_RATE_LIMIT,
  type ServerOptions,
} from './platform/config';
import { accountKey, addressKey, isAccountKey } from './platform/clientKey';
import { isBusy, openDatabase } from './platform/db';
import { API_BUSY_TIMEOUT_MS, serviceBusy, whenNotBusy } from './platform/busy';
import { requireOriginSecret } from './platform/originSecret';
import { startCheckpointer, type Checkpointer } from './platform/checkpointer';
import { badRequest, HttpError, reasonPhrase } from './platform/errors';
import {
  createSchemaCompiler,
  defaultSpecPath,
  listOperations,
  loadOpenApi,
} from '../domain/contract/openapi';
import { createTokenVerifier, type TokenVerifier } from './platform/auth';
import { ensureCustomer, ensureCustomerSoon, type Customer } from './customers/customers';
import { createHealthHandlers } from './health/handlers';
import { createMailHandlers } from './mail/handlers';
import { createCustomerHandlers } from './customers/handlers';
import { createVehicleHandlers } from './vehicles/handlers';
import { createBookingHandlers } from './bookings/handlers';
import { createAvailabilityHandlers } from './availability/handlers';
import { createOfferHandlers } from './offer/handlers';
import { readPublishedOffer } from './offer/offer';
import { readRules } from './availability/availability';
import { createSitePages } from './site/sitePages';
import { createPictureHandlers } from './pictures/handlers';
import { createCalendlyHandlers } from './calendly/handlers';
import { createSubscriptionHandlers } from './subscriptions/handlers';
import type { Handler, OperationHandlers } from './platform/operationTypes';
import type { OperationId } from '../domain/contract/types';
import { refusingEndedSessions } from './account/sessions';
import { accountHandlers, refusingDeletedAccounts } from './account/account';
import { reapplyErasures } from './account/erasure';
import { compileRequestValidators, validateRequest } from './platform/validation';
import { startMailWorker, type MailWorker } from './mail/worker';
import { registerSecurityHeaders } from './platform/securityHeaders';
import { createOwnerHandlers, requireOwner } from './owner/owner';
import { MULTIPART_LIMITS } from './platform/pictureUpload';
import { createOwnerCustomerHandlers } from './owner/ownerCustomers';
import { ownerAuthenticatorCheck } from './owner/ownerAuthenticator';
import { identityEndpoint } from './platform/identityProvider';
import { isOwnerPath } from '../domain/owners';
import { installServiceHooks, requestIds } from './platform/service';
import { defaultProbes } from './platform/readiness';
import { registerSesEvents } from './mail/sesEvents';
import { registerIdentityEvents } from './owner/authenticatorEvents';
import { registerSmsEvents } from './mail/smsEvents';
import { startTextWorker, type TextWorker } from './mail/textWorker';
import { textSenderOf, registerLocalTextInbox } from './mail/textSink';
import { createOwnerHealthHandlers } from './owner/ownerHealth';
import { OPT_OUT_PATH } from './mail/optOut';
import { BOOKING_CHANGE_RATE_LIMIT } from './platform/rules';
import { setOwnerDigestThreshold } from './mail/outbox';
import { setVisitorHoldsTotal } from './availability/availability';
import { calendarFeedHandlers } from './owner/calendarFeed';

/**
 * A customer's changes to a booking (rate-limited like quote requests: they send e-mail). The
 * operations treated apart are named by OperationId: a renamed one is a compile error here.
 */
const BOOKING_CHANGES: ReadonlySet<OperationId> = new Set([
  'updateBooking',
  'cancelBooking',
] satisfies OperationId[]);

/** Quote requests are small; the contract allows 16 KiB. */
const QUOTE_BODY_LIMIT = 16 * 1024;
/** A browser's error report (POST /client-errors) is a few short fields; the contract says 4 KiB. */
const CLIENT_ERROR_BODY_LIMIT = 4 * 1024;
const BODY_LIMIT = 64 * 1024;

/** Friendlier words for Fastify's own request errors. */
const fastifyMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: 'Content-Type must be application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Content-Length does not match the body',
  },
};

function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  details: Record<string, unknown> = {},
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: reasonPhrase(status), message, ...details });
}

/** Builds the server (not yet listening). Close it to close the database. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const doc = loadOpenApi(options.specPath);
  const operations = listOperations(doc);
  const paramCompiler = createSchemaCompiler(doc, { coerceTypes: true });
  const bodyCompiler = createSchemaCompiler(doc);
  const secret = options.signedUrlSecret || randomBytes(32).toString('hex');
  const verifySignature: TokenVerifier = createTokenVerifier({
    issuer: options.cognito.issuer,
    clientId: options.cognito.clientId,
    maxLifetimeSeconds: options.cognito.maxLifetimeSeconds,
    acceptEmulatorKey: options.cognito.acceptEmulatorKey,
    jwksUrl:
      options.cognito.jwksUrl ??
      `${options.cognito.issuer.replace(/\/+$/, '')}/.well-known/jwks.json`,
  });
  const quoteLimit = options.quoteRateLimit ?? DEFAULT_QUOTE_RATE_LIMIT;
  const changeLimit = options.bookingChangeRateLimit ?? BOOKING_CHANGE_RATE_LIMIT;

  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: requestIds(),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Trust exactly this many hops, whatever their addresses.
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxy ?? 0),
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    connectionTimeout: SERVER_TIMEOUTS.idleMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
  });
  app.server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  // First of all: behind CloudFront, only our distribution's requests (./platform/originSecret.ts).
  if (options.originSecrets) requireOriginSecret(app, options.originSecrets);
  // Never waits for another process's write lock (./platform/busy.ts): a request that meets
  // it is tried again off the event loop, so the other requests go on meanwhile.
  const db = openDatabase(options.databasePath, { busyTimeoutMs: API_BUSY_TIMEOUT_MS });
  if (options.ownerDigestThreshold !== undefined)
    setOwnerDigestThreshold(db, options.ownerDigestThreshold);
  if (options.visitorHoldsTotal !== undefined) setVisitorHoldsTotal(db, options.visitorHoldsTotal);
  // Before anything answers: accounts deleted after this database file was copied are erased
  // again (a file put back by hand; ./account/erasure.ts).
  reapplyErasures(db, options);
  // Every token, the owner's included, goes through both refusals.
  const verifyToken = refusingEndedSessions(db, refusingDeletedAccounts(db, verifySignature));
  // Owner operations also need the owner's authenticator app, asked of the identity provider.
  const checkAuthenticator = ownerAuthenticatorCheck(identityEndpoint(options.cognito.issuer), db);
  // The outbox's worker sends while the server listens (./mail/worker.ts).
  let mailWorker: MailWorker | undefined;
  const { mail } = options;
  // Reminders and status e-mails carry a signed one-click opt-out link to this API.
  const optOut = options.publicApiUrl ? { apiBaseUrl: options.publicApiUrl, secret } : undefined;
  if (mail)
    app.addHook('onReady', async () => void (mailWorker = startMailWorker(db, mail, { optOut })));
  // WAL checkpoints run in a thread of their own (./platform/checkpointer.ts).
  let textWorker: TextWorker | undefined;
  const { texts } = options;
  if (texts)
    app.addHook(
      'onReady',
      async () =>
        void (textWorker = startTextWorker(db, texts, {
          sender: await textSenderOf(texts),
          now: texts.now,
        })),
    );
  let checkpointer: Checkpointer | undefined;
  app.addHook(
    'onReady',
    async () => void (checkpointer = startCheckpointer(db, options.databasePath)),
  );
  app.addHook('onClose', async () => {
    await mailWorker?.stop();
    await textWorker?.stop();
    await checkpointer?.stop();
    db.close();
  });
  // The public pages follow the published offer and the working hours (./site/sitePages.ts):
  // rendered again on a publish, a change of the rules, and at start (a deploy of the site
  // writes the build's pages, made with the seeded offer).
  const sitePages = createSitePages(
    options.sitePages,
    () => ({ offer: readPublishedOffer(db), rules: readRules(db) }),
    app.log,
  );
  if (options.sitePages) app.addHook('onReady', async () => void sitePages.update('start'));
  const probes = { ...defaultProbes(), ...options.healthProbes };
  installServiceHooks(app, db, options, probes);

  const rawBodies = new WeakMap<FastifyRequest, string>();
  /** Who a request's token names, found before its body is read (the routes' preParsing). */
  const identities = new WeakMap<FastifyRequest, Parameters<typeof ensureCustomer>[1]>();
  /** The owner's account id on the console's operations, likewise found before the body. */
  const owners = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const source = typeof raw === 'string' ? raw : raw.toString('utf8');
    rawBodies.set(request, source);
    if (source.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(source));
    } catch {
      done(badRequest('Request body is not valid JSON'), undefined);
    }
  });

  // Form posts are refused (as any body that is not JSON), except the one-click unsubscribe
  // (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded), whose body is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, _raw, done) => {
      if (request.routeOptions.url === OPT_OUT_PATH) done(null, undefined);
      else done(badRequest('Content-Type must be application/json'), undefined);
    },
  );

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // The write lock, still taken by another process (a request not tried again): one line, no stack.
    if (isBusy(error)) {
      request.log.warn('the database is busy (another process holds its write lock)');
      error = serviceBusy();
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.message, error.details);
    }
    const known = error.code ? fastifyMessages[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong on our side; please try again');
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No operation ${request.method} ${request.url.split('?')[0]}`),
  );

  await app.register(cors, {
    origin: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After'],
    credentials: false,
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
  await registerSecurityHeaders(app);
  // The owner's picture uploads (server/platform/pictureUpload.ts) read their multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // The contract this server implements, as written, for any client or tool to read.
  const contractText = readFileSync(options.specPath ?? defaultSpecPath, 'utf8');
  app.get('/openapi.yaml', (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(contractText),
  );

  /** 429 naming what was too many, with the wait (`Retry-After` is set by the plugin). */
  const tooMany = (what: string) => (_request: FastifyRequest, context: { after: string }) =>
    new HttpError(429, `Too many ${what}; try again in ${context.after}`);
  /**
   * A limit per customer with a valid token. A request without one (or with an invalid one,
   * which answers 401 anyway) is limited by its address, or, for an operation that needs a
   * token (`anonymous: 'unlimited'`), not at all: it only ever answers 401.
   */
  const perCustomer = (
    limit: { max: number; windowMs: number },
    what: string,
    anonymous: 'address' | 'unlimited' = 'address',
  ) => ({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: async (request: FastifyRequest) => {
      const authorization = request.headers.authorization;
      if (authorization) {
        const token = await verifyToken(authorization).catch(() => undefined);
        if (token) return accountKey(token.sub);
      }
      return addressKey(request.ip);
    },
    allowList: (_request: FastifyRequest, key: string) =>
      anonymous === 'unlimited' && !isAccountKey(key),
    errorResponseBuilder: tooMany(what),
  });
  /** A limit per client address, for public operations (no token is read). */
  const perAddress = (limit: { max: number; windowMs: number }, what: string) => ({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => addressKey(request.ip),
    errorResponseBuilder: tooMany(what),
  });
  registerSesEvents(
    app,
    db,
    options.sesEvents,
    perAddress(SES_EVENTS_RATE_LIMIT, 'SES event deliveries'),
  );
  registerIdentityEvents(
    app,
    db,
    options.identityEvents,
    perAddress(IDENTITY_EVENTS_RATE_LIMIT, 'identity event deliveries'),
    options.clock,
  );
  registerSmsEvents(
    app,
    db,
    options.smsEvents,
    perAddress(SMS_EVENTS_RATE_LIMIT, 'incoming text deliveries'),
  );
  if (texts?.sink.kind === 'local') registerLocalTextInbox(app, texts.sink.inboxFile);

  // Keyed by the contract's operationIds: an operation without a handler, or a misspelled
  // one, is a compile error here (and still refused at start, below).
  const table = {
    ...createHealthHandlers(db),
    ...createMailHandlers(db, options, secret),
    ...createCustomerHandlers(db, options),
    ...createVehicleHandlers(db),
    ...createBookingHandlers(db, options),
    ...createAvailabilityHandlers(db),
    ...createOfferHandlers(db, options.picturesDir, sitePages),
    ...createPictureHandlers(db, options, secret),
    ...createCalendlyHandlers(db, options),
    ...createSubscriptionHandlers(db),
    ...createOwnerHandlers(db, options, secret, () => sitePages.update('working hours')),
    ...createOwnerCustomerHandlers(db),
    ...accountHandlers(db, options, verifyToken),
    ...createOwnerHealthHandlers(db, options, probes),
    ...calendarFeedHandlers(db, options),
  } satisfies OperationHandlers;
  // Each handler expects its operation's request body and query types; the route below
  // validates both against that operation before it runs the handler, which is what makes
  // this the one place their types are asserted (through unknown: a declared query's required
  // parameters are not in a plain record).
  const handlers = table as unknown as Record<OperationId, Handler>;
  /** The contract's operations are the table's keys: any other id is refused at start. */
  const isOperationId = (id: string): id is OperationId => Object.hasOwn(table, id);
  for (const op of operations) {
    // From here on the id is typed: comparing it with a name that is no operation (one renamed
    // in openapi.yaml) is a compile error.
    const id = op.operationId;
    if (!isOperationId(id)) throw new Error(`openapi.yaml operation ${id} has no handler`);
    const handler = handlers[id];
    const validators = compileRequestValidators(
      op,
      (schema) => paramCompiler.compile(schema),
      (schema) => bodyCompiler.compile(schema),
    );
    const isQuote = id === 'createBooking';
    const isClientError = id === 'reportClientError';
    const change = BOOKING_CHANGES.has(id);
    app.route({
      method: op.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: op.path.replace(/\{([^}]+)\}/g, ':$1'),
      bodyLimit: isQuote ? QUOTE_BODY_LIMIT : isClientError ? CLIENT_ERROR_BODY_LIMIT : BODY_LIMIT,
      config: isQuote
        ? { rateLimit: perCustomer(quoteLimit, 'quote requests') }
        : change
          ? { rateLimit: perCustomer(changeLimit, 'booking changes', 'unlimited') }
          : isClientError
            ? { rateLimit: perAddress(CLIENT_ERROR_RATE_LIMIT, 'error reports') }
            : id === 'getCalendarFeed'
              ? { rateLimit: perAddress(CALENDAR_FEED_RATE_LIMIT, 'calendar fetches') }
              : {},
      // The token is checked before the body is read (after the rate limit's onRequest): a
      // caller without a valid one gets 401, never a 400, 413 or 415 about a body it sent.
      preParsing: async (request) => {
        const authorization = request.headers.authorization;
        if (isOwnerPath(op.path))
          owners.set(request, await requireOwner(verifyToken, authorization, checkAuthenticator));
        else if (op.security === 'required' || (op.security === 'optional' && authorization)) {
          const token = await verifyToken(authorization);
          identities.set(request, {
            sub: token.sub,
            email: token.email,
            emailUnverified: token.emailUnverified,
            phone: token.phone,
          });
        }
      },
      handler: async (request, reply) => {
        const identity = identities.get(request) ?? null;
        const reads = request.method === 'GET';
        const attempt = async () => {
          // A read never waits to create or update the customer's row (reads do not write).
          const customer: Customer | null =
            identity && (reads ? ensureCustomerSoon(db, identity) : ensureCustomer(db, identity));
          handler.before?.(request, rawBodies.get(request) ?? '');
          const input = validateRequest(validators, request);
          return handler.run({ request, customer, owner: owners.get(request), ...input });
        };
        // Tried again while another process holds the write lock; a multipart body (the
        // owner's picture) is read once, so its handler waits for the lock itself.
        const answer = request.isMultipart() ? await attempt() : await whenNotBusy(attempt);
        reply.code(answer.status);
        if (answer.headers) reply.headers(answer.headers);
        if (answer.contentType) reply.type(answer.contentType);
        return answer.body === undefined ? reply.send() : reply.send(answer.body);
      },
    });
  }
  return app;
}
