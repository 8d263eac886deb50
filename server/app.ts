/**
 * The reference API: one Fastify route per openapi.yaml operation. Each request is
 * authenticated as the operation's `security` says, validated against the operation's
 * parameters and body schemas (compiled from openapi.yaml), then handled.
 */
import { randomBytes } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type {
  BookingUpdate,
  CalendlyWebhookEvent,
  ClaimDecision,
  ProfileUpdate,
  QuoteRequest,
  SubscriptionInput,
  VehicleInput,
} from '../domain/contract/types';
import { DEFAULT_CORS_ORIGINS, DEFAULT_QUOTE_RATE_LIMIT, SERVER_TIMEOUTS } from './config';
import { accountKey, addressKey } from './clientKey';
import { openDatabase, type Db } from './db';
import { badRequest, HttpError, notFound, reasonPhrase } from './errors';
import {
  createSchemaCompiler,
  describeErrors,
  listOperations,
  loadOpenApi,
  type JsonSchema,
  type OperationSpec,
  type SchemaCompiler,
  type ParameterLocation,
} from '../domain/contract/openapi';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { ensureCustomer, getLoyalty, getProfile, updateProfile, type Customer } from './customers';
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from './vehicles';
import { cancelBooking, createBooking, listBookings, updateBooking } from './bookings';
import { claimBooking, listClaimable } from './claims';
import { cancelSubscription, createSubscription, listSubscriptions } from './subscriptions';
import { listPictures, readPicture, verifyPictureSignature } from './pictures';
import {
  applyWebhookEvent,
  listCalendlyBookings,
  recordDelivery,
  verifyWebhookSignature,
} from './calendly';

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

/** Quote requests are small; the contract allows 16 KiB. */
const QUOTE_BODY_LIMIT = 16 * 1024;
const BODY_LIMIT = 64 * 1024;

interface Context {
  request: FastifyRequest;
  customer: Customer | null;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

interface Handler {
  /** Runs before validation, with the raw body (the webhook's signature check). */
  before?: (request: FastifyRequest, rawBody: string) => void;
  run: (ctx: Context) => Answer | Promise<Answer>;
}

/** The signed-in customer (operations whose security requires a token). */
function me(ctx: Context): Customer {
  if (!ctx.customer) throw new HttpError(401, 'Missing bearer token');
  return ctx.customer;
}

const ok = (body: unknown, status = 200): Answer => ({ status, body });
const text = (value: unknown): string => String(value);

function createHandlers(db: Db, options: ServerOptions, secret: string): Record<string, Handler> {
  const signing = (request: FastifyRequest) => ({
    baseUrl: (options.publicApiUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, ''),
    secret,
  });
  return {
    getHealth: { run: () => ok({ status: 'ok' }) },
    getMyProfile: { run: (ctx) => ok(getProfile(db, me(ctx))) },
    updateMyProfile: { run: (ctx) => ok(updateProfile(db, me(ctx), ctx.body as ProfileUpdate)) },
    listMyVehicles: { run: (ctx) => ok(listVehicles(db, me(ctx))) },
    createVehicle: { run: (ctx) => ok(createVehicle(db, me(ctx), ctx.body as VehicleInput), 201) },
    updateVehicle: {
      run: (ctx) => ok(updateVehicle(db, me(ctx), text(ctx.params.id), ctx.body as VehicleInput)),
    },
    deleteVehicle: {
      run: (ctx) => {
        deleteVehicle(db, me(ctx), text(ctx.params.id));
        return { status: 204 };
      },
    },
    getLoyalty: {
      run: (ctx) => {
        const customer = me(ctx);
        const asked = ctx.query.email;
        if (typeof asked === 'string' && asked.toLowerCase() !== customer.email.toLowerCase()) {
          throw notFound('Loyalty account not found');
        }
        return ok(getLoyalty(db, customer));
      },
    },
    listBookings: { run: (ctx) => ok(listBookings(db, me(ctx))) },
    createBooking: {
      run: (ctx) => ok(createBooking(db, ctx.body as QuoteRequest, ctx.customer), 201),
    },
    listClaimableBookings: { run: (ctx) => ok(listClaimable(db, me(ctx))) },
    claimBooking: {
      run: (ctx) => {
        const { decision } = ctx.body as ClaimDecision;
        claimBooking(db, me(ctx), text(ctx.params.id), decision);
        return { status: 204 };
      },
    },
    updateBooking: {
      run: (ctx) => ok(updateBooking(db, me(ctx), text(ctx.params.id), ctx.body as BookingUpdate)),
    },
    cancelBooking: { run: (ctx) => ok(cancelBooking(db, me(ctx), text(ctx.params.id))) },
    listServicePics: {
      run: (ctx) => ok(listPictures(db, me(ctx), text(ctx.query.bookingId), signing(ctx.request))),
    },
    getServicePicFile: {
      run: async (ctx) => {
        const file = text(ctx.params.file);
        const expires = Number(ctx.query.expires);
        verifyPictureSignature(secret, file, expires, text(ctx.query.signature));
        const picture = await readPicture(options.picturesDir, file);
        const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
        return {
          status: 200,
          body: picture.data,
          contentType: picture.contentType,
          headers: { 'cache-control': `private, max-age=${maxAge}` },
        };
      },
    },
    listCalendlyBookings: { run: (ctx) => ok(listCalendlyBookings(db, me(ctx))) },
    receiveCalendlyWebhook: {
      before: (request, rawBody) => {
        const header = request.headers['calendly-webhook-signature'];
        const signature = verifyWebhookSignature(
          options.calendlySigningKey,
          typeof header === 'string' ? header : undefined,
          rawBody,
        );
        recordDelivery(db, signature);
      },
      run: (ctx) => {
        applyWebhookEvent(db, ctx.body as CalendlyWebhookEvent);
        return { status: 204 };
      },
    },
    listSubscriptions: { run: (ctx) => ok(listSubscriptions(db, me(ctx))) },
    createSubscription: {
      run: (ctx) => ok(createSubscription(db, me(ctx), ctx.body as SubscriptionInput), 201),
    },
    cancelSubscription: {
      run: (ctx) => ok(cancelSubscription(db, me(ctx), text(ctx.params.id))),
    },
  };
}

type ValidateFunction = ReturnType<SchemaCompiler['compile']>;
type Compile = (schema: JsonSchema) => ValidateFunction;

interface RequestValidators {
  params: Partial<Record<ParameterLocation, ValidateFunction>>;
  body?: { required: boolean; validate: ValidateFunction };
}

function compileRequestValidators(
  op: OperationSpec,
  compileParams: Compile,
  compileBody: Compile,
): RequestValidators {
  const params: RequestValidators['params'] = {};
  for (const location of ['path', 'query', 'header'] as const) {
    const list = op.parameters.filter((param) => param.in === location);
    if (list.length === 0) continue;
    const key = (name: string) => (location === 'header' ? name.toLowerCase() : name);
    params[location] = compileParams({
      type: 'object',
      properties: Object.fromEntries(list.map((param) => [key(param.name), param.schema])),
      required: list.filter((param) => param.required).map((param) => key(param.name)),
    });
  }
  const body = op.requestBody
    ? { required: op.requestBody.required, validate: compileBody(op.requestBody.schema) }
    : undefined;
  return { params, body };
}

const locationLabel: Record<ParameterLocation, string> = {
  path: 'params',
  query: 'query',
  header: 'headers',
};

function validateRequest(
  validators: RequestValidators,
  request: FastifyRequest,
): Pick<Context, 'params' | 'query' | 'body'> {
  const values: Record<ParameterLocation, Record<string, unknown>> = {
    path: { ...(request.params as Record<string, unknown>) },
    query: { ...(request.query as Record<string, unknown>) },
    header: { ...request.headers },
  };
  for (const location of ['path', 'query', 'header'] as const) {
    const validate = validators.params[location];
    if (validate && !validate(values[location])) {
      throw badRequest(describeErrors(locationLabel[location], validate.errors));
    }
  }
  const body: unknown = request.body;
  if (validators.body) {
    if (body === undefined || body === null) {
      if (validators.body.required) throw badRequest('body is required (a JSON object)');
    } else if (!validators.body.validate(body)) {
      throw badRequest(describeErrors('body', validators.body.validate.errors));
    }
  }
  return { params: values.path, query: values.query, body };
}

/** Friendlier words for Fastify's own request errors. */
const fastifyMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: 'Content-Type must be application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Content-Length does not match the body',
  },
};

function sendError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: reasonPhrase(status), message });
}

/** Builds the server (not yet listening). Close it to close the database. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const doc = loadOpenApi(options.specPath);
  const operations = listOperations(doc);
  const paramCompiler = createSchemaCompiler(doc, { coerceTypes: true });
  const bodyCompiler = createSchemaCompiler(doc);
  const secret = options.signedUrlSecret || randomBytes(32).toString('hex');
  const verifyToken: TokenVerifier = createTokenVerifier({
    issuer: options.cognito.issuer,
    clientId: options.cognito.clientId,
    jwksUrl:
      options.cognito.jwksUrl ??
      `${options.cognito.issuer.replace(/\/+$/, '')}/.well-known/jwks.json`,
  });
  const quoteLimit = options.quoteRateLimit ?? DEFAULT_QUOTE_RATE_LIMIT;

  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Trust exactly this many hops, whatever their addresses.
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxy ?? 0),
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    connectionTimeout: SERVER_TIMEOUTS.idleMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
  });
  app.server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  const db = openDatabase(options.databasePath);
  app.addHook('onClose', async () => {
    db.close();
  });

  const rawBodies = new WeakMap<FastifyRequest, string>();
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

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.message);
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
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    credentials: false,
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });

  const handlers = createHandlers(db, options, secret);
  for (const op of operations) {
    const handler = handlers[op.operationId];
    if (!handler) throw new Error(`openapi.yaml operation ${op.operationId} has no handler`);
    const validators = compileRequestValidators(
      op,
      (schema) => paramCompiler.compile(schema),
      (schema) => bodyCompiler.compile(schema),
    );
    const isQuote = op.operationId === 'createBooking';
    app.route({
      method: op.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: op.path.replace(/\{([^}]+)\}/g, ':$1'),
      bodyLimit: isQuote ? QUOTE_BODY_LIMIT : BODY_LIMIT,
      config: isQuote
        ? {
            rateLimit: {
              max: quoteLimit.max,
              timeWindow: quoteLimit.windowMs,
              // Per customer with a valid token; an invalid one is limited by address (and
              // answers 401 anyway).
              keyGenerator: async (request: FastifyRequest) => {
                const authorization = request.headers.authorization;
                if (authorization) {
                  const token = await verifyToken(authorization).catch(() => undefined);
                  if (token) return accountKey(token.sub);
                }
                return addressKey(request.ip);
              },
              errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
                new HttpError(429, `Too many quote requests; try again in ${context.after}`),
            },
          }
        : {},
      handler: async (request, reply) => {
        let customer: Customer | null = null;
        const authorization = request.headers.authorization;
        if (op.security === 'required' || (op.security === 'optional' && authorization)) {
          const token = await verifyToken(authorization);
          customer = ensureCustomer(db, {
            sub: token.sub,
            email: token.email,
            emailUnverified: token.emailUnverified,
          });
        }
        handler.before?.(request, rawBodies.get(request) ?? '');
        const input = validateRequest(validators, request);
        const answer = await handler.run({ request, customer, ...input });
        reply.code(answer.status);
        if (answer.headers) reply.headers(answer.headers);
        if (answer.contentType) reply.type(answer.contentType);
        return answer.body === undefined ? reply.send() : reply.send(answer.body);
      },
    });
  }
  return app;
}
