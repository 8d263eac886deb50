/**
 * The API's response headers (@fastify/helmet's set): `nosniff`, a Referrer-Policy and a policy
 * that lets no answer run anything. Every answer is JSON or a service picture; a picture opened
 * straight from its signed link is shown as an image and nothing else (no scripts, styles,
 * frames or plug-ins, and no page may frame it). Pictures stay loadable by the app on another
 * origin (`Cross-Origin-Resource-Policy: cross-origin`): the signed link is their access check.
 *
 * The set depends on nothing in the request, so it is computed once, when the server is built:
 * @fastify/helmet itself answers one request of a throwaway instance, and the headers it set
 * are then sent with every answer (registered as @fastify/helmet would be, an `onRequest` hook
 * of the whole server). Registered directly, @fastify/helmet builds the whole set again, CSP
 * included, on every request.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

const API_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  imgSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  sandbox: [],
};

const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: API_CONTENT_SECURITY_POLICY },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
};

/** The headers @fastify/helmet sets with HELMET_OPTIONS, as names (lower case) and values. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(helmet, HELMET_OPTIONS);
    // What helmet set on the response before the handler ran, and nothing Fastify adds later.
    probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(answer.json<Record<string, unknown>>()).map(([name, value]) => [
        name,
        String(value),
      ]),
    );
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
