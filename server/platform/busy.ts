/**
 * When another process holds the database's write lock (the operator command, a backup, a
 * migration): the API's connection does not wait for it (`API_BUSY_TIMEOUT_MS`), since
 * better-sqlite3 waits synchronously and every request of the process would wait with it.
 * A request that meets the lock is tried again after a short pause, off the event loop
 * (`whenNotBusy`), for up to `WRITE_WAIT_MS`; then it answers 503 with Retry-After and has
 * stored nothing (its transaction was rolled back). docs/architecture.md, "When another
 * process holds the write lock".
 */
import { isBusy } from './db';
import { HttpError } from './errors';

/**
 * The API connection's busy_timeout: it never waits for the lock. Reads never need it in WAL
 * mode; a write that meets the lock fails at once and is tried again by `whenNotBusy`.
 */
export const API_BUSY_TIMEOUT_MS = 0;

/** How long a request waits for the lock, in all, before it answers 503. */
const WRITE_WAIT_MS = 600;

/** The pauses between tries; the last one repeats until `WRITE_WAIT_MS` is spent. */
const PAUSES_MS = [5, 10, 20, 40, 80, 120] as const;

/** What a 503 asks the client to wait, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 1;

const BUSY_MESSAGE = 'The service is busy for a moment and nothing was changed; please try again';

/** The 503 a request answers when the lock stayed taken for its whole wait. */
export const serviceBusy = () =>
  new HttpError(503, BUSY_MESSAGE, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work`; while it fails because another connection holds the lock, runs it again after a
 * pause (the event loop serves other requests meanwhile), for up to `waitMs`; then throws
 * `serviceBusy()`. `work` must have no effect outside its transaction before it writes, so
 * that running it again is safe (every handler's writes are one transaction, or one statement).
 */
export async function whenNotBusy<T>(
  work: () => T | Promise<T>,
  waitMs: number = WRITE_WAIT_MS,
): Promise<T> {
  const deadline = performance.now() + waitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const wait = PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)] ?? WRITE_WAIT_MS;
      if (performance.now() + wait > deadline) throw serviceBusy();
      await pause(wait);
    }
  }
}
