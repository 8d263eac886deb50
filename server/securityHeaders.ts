/**
 * The API's response headers (@fastify/helmet): `nosniff`, a Referrer-Policy and a policy that
 * lets no answer run anything. Every answer is JSON or a service picture; a picture opened
 * straight from its signed link is shown as an image and nothing else (no scripts, styles,
 * frames or plug-ins, and no page may frame it). Pictures stay loadable by the app on another
 * origin (`Cross-Origin-Resource-Policy: cross-origin`): the signed link is their access check.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

const API_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  imgSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  sandbox: [],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_CONTENT_SECURITY_POLICY },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
