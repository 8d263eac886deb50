/**
 * The types of the operation table (one handler per openapi.yaml operationId) that every
 * resource's handler table shares (../vehicles/handlers.ts, ../owner/owner.ts,
 * ../account/account.ts, …), with what a handler uses (./idempotency.ts, ./validation.ts), so
 * that none imports another. The caller (`Customer`) is declared here: the platform imports no
 * resource.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationId, QueryOf, RequestBodyOf } from '../../domain/contract/types';

/** Who is calling, as established from a verified token. */
export interface Customer {
  userId: string;
  /** The verified e-mail ('' when none is known, e.g. a first request with an access token). */
  email: string;
  /**
   * Set while the customer's row is not stored yet: a first read that met another process's
   * write lock (it is created as soon as the lock is free). Reads answer as a new account.
   */
  joinedAt?: string;
}

/**
 * What a handler gets: `body` has its operation's request body type and `query` its query
 * parameters' types, because app.ts validates both against that operation in openapi.yaml
 * (coercing the query's values to their types) before the handler runs.
 */
export interface Context<Body = unknown, Query = Record<string, unknown>> {
  request: FastifyRequest;
  customer: Customer | null;
  /** On an owner operation, the owner account's id (its token's `sub`), for what it records. */
  owner?: string;
  params: Record<string, unknown>;
  query: Query;
  body: Body;
}

export interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Handler<Body = unknown, Query = Record<string, unknown>> {
  /** Runs before validation, with the raw body (the webhook's signature check). */
  before?: (request: FastifyRequest, rawBody: string) => void;
  run: (ctx: Context<Body, Query>) => Answer | Promise<Answer>;
}

/**
 * The operation table's type: one handler per operationId, each given its operation's request
 * body and query parameters. Handler modules write `satisfies Partial<OperationHandlers>` (a misspelled operation is
 * a compile error); app.ts checks the merged table is complete.
 */
export type OperationHandlers = {
  [Id in OperationId]: Handler<RequestBodyOf<Id>, QueryOf<Id>>;
};
