/**
 * `Idempotency-Key` (openapi.yaml) on `POST /bookings`, the owner's completion and picture
 * upload: the first answer to a key is kept for 24 hours, per account (the customer's or the
 * owner's `sub`; anonymous requests share one scope, `''`), with a digest of what was asked.
 * The same key and request get that answer again and store nothing; another request is 422.
 */
import { createHash } from 'node:crypto';
import { inWriteTransaction, type Db } from './db';
import { HttpError } from './errors';
import type { Answer, Context } from './operationTypes';

/** How long a key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface KeyRow {
  request_digest: string;
  status: number;
  response: string;
}

/** A request's key, whose scope it belongs to, and what it asks (digested). */
export interface KeyedRequest {
  key: string | undefined;
  userId: string | null;
  /** What makes two requests the same: the body, and for an owner operation its booking. */
  body: unknown;
  /** The 422's words, naming what the key was used for. */
  reused?: string;
}

const REUSED = 'This Idempotency-Key was already used for a different request; send a new key';

/** The request's `Idempotency-Key` header (validated against openapi.yaml), if it has one. */
export function idempotencyKeyOf(ctx: Pick<Context, 'request'>): string | undefined {
  const key = ctx.request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

const digestOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * The answer kept for the request's key (after forgetting the expired ones), `undefined` when
 * the key is new; 422 when the key was used for another request. Call inside a transaction to
 * decide, outside one to skip work early.
 */
export function keptAnswer(db: Db, request: KeyedRequest, now: Date): Answer | undefined {
  if (request.key === undefined) return undefined;
  const oldest = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const kept = db
    .prepare(
      `SELECT request_digest, status, response FROM idempotency_keys
       WHERE user_id = ? AND key = ? AND created_at > ?`,
    )
    .get(request.userId ?? '', request.key, oldest) as KeyRow | undefined;
  if (!kept) return undefined;
  if (kept.request_digest !== digestOf(request.body)) {
    throw new HttpError(422, request.reused ?? REUSED);
  }
  return { status: kept.status, body: JSON.parse(kept.response) as unknown };
}

/**
 * Runs `create` once per (scope, key, request) within the TTL, in one write transaction with
 * the key's row, so two requests with one key never both create. Without a key it just runs.
 * A refusal (`create` throws) keeps nothing: the same key may be sent again.
 */
export function once(
  db: Db,
  request: KeyedRequest,
  create: () => Answer & { bookingId: string },
  now: Date = new Date(),
): Answer {
  const { key } = request;
  if (key === undefined) return create();
  return inWriteTransaction(db, () => {
    const oldest = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
    db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?').run(oldest);
    const kept = keptAnswer(db, request, now);
    if (kept) return kept;
    const answer = create();
    db.prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_digest, booking_id, status, response, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      request.userId ?? '',
      key,
      digestOf(request.body),
      answer.bookingId,
      answer.status,
      JSON.stringify(answer.body),
      now.toISOString(),
    );
    return { status: answer.status, body: answer.body };
  });
}
