/**
 * `Idempotency-Key` on `POST /bookings` (openapi.yaml): the first answer to a key is kept for
 * 24 hours, per customer (anonymous requests share one scope, `''`), with a digest of the body.
 * The same key and body get that answer again and store nothing; another body is 422.
 */
import { createHash } from 'node:crypto';
import { inWriteTransaction, type Db } from './db';
import { HttpError } from './errors';
import type { Answer } from './operationTypes';

/** How long a key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface KeyRow {
  request_digest: string;
  status: number;
  response: string;
}

/**
 * Runs `create` once per (scope, key, body) within the TTL, in one write transaction with the
 * key's row, so two requests with one key never both create. Without a key it just runs.
 */
export function once(
  db: Db,
  request: { key: string | undefined; userId: string | null; body: unknown },
  create: () => Answer & { bookingId: string },
  now: Date = new Date(),
): Answer {
  const { key } = request;
  if (key === undefined) return create();
  const scope = request.userId ?? '';
  const digest = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
  return inWriteTransaction(db, () => {
    const oldest = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
    db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?').run(oldest);
    const kept = db
      .prepare(
        'SELECT request_digest, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
      )
      .get(scope, key) as KeyRow | undefined;
    if (kept) {
      if (kept.request_digest !== digest) {
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different quote request; send a new key',
        );
      }
      return { status: kept.status, body: JSON.parse(kept.response) as unknown };
    }
    const answer = create();
    db.prepare(
      `INSERT INTO idempotency_keys (user_id, key, request_digest, booking_id, status, response, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      scope,
      key,
      digest,
      answer.bookingId,
      answer.status,
      JSON.stringify(answer.body),
      now.toISOString(),
    );
    return { status: answer.status, body: answer.body };
  });
}
