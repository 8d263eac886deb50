/**
 * Only our CloudFront distribution reaches the API. The server's security group admits the
 * addresses of every CloudFront distribution, anyone's, and with TRUST_PROXY the client address
 * is the one CloudFront forwards: another distribution could name any address and get past
 * every per-address limit. Ours sends ORIGIN_SECRET_HEADER with a value from Secrets Manager
 * (infra/lib/siteStack.ts, which rotates it); a request without one of the accepted values
 * answers 403 before anything reads its address (the limits, the log), and the header is
 * dropped once checked so that nothing after this hook sees it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

/** The header our CloudFront distribution adds to every request it sends to the server. */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
/** The shortest value accepted (the generated ones are longer). */
const ORIGIN_SECRET_MIN_LENGTH = 32;

/**
 * ORIGIN_SECRETS: the accepted values, comma-separated (the current one, and during a rotation
 * the pending and the previous one); absent: no check (the local stack, reached directly).
 */
export function originSecretsFromEnv(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const secrets = raw.split(',').map((one) => one.trim());
  if (secrets.some((one) => one.length < ORIGIN_SECRET_MIN_LENGTH)) {
    throw new Error(
      `ORIGIN_SECRETS must be one or more values of at least ${ORIGIN_SECRET_MIN_LENGTH} characters, comma-separated`,
    );
  }
  return secrets;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Refuses (403) every request that does not carry one of `secrets` in ORIGIN_SECRET_HEADER. */
export function requireOriginSecret(app: FastifyInstance, secrets: string[]): void {
  const accepted = secrets.map(digest);
  app.addHook('onRequest', (request, _reply, done) => {
    const given = request.headers[ORIGIN_SECRET_HEADER];
    const candidate = typeof given === 'string' ? digest(given) : undefined;
    // Equal-length digests, compared in constant time, each of them.
    const admitted = accepted.reduce(
      (found, one) => (candidate !== undefined && timingSafeEqual(one, candidate)) || found,
      false,
    );
    delete request.headers[ORIGIN_SECRET_HEADER];
    done(admitted ? undefined : forbidden('This server answers only through the site'));
  });
}
