/**
 * The local proxies in front of the API (the webpack dev server's `/api` and the static
 * server's) set X-Forwarded-For to the address of the connection they received, replacing
 * whatever the client sent, as a proxy in front of a deployed API must. The local stack does
 * not trust the header (no TRUST_PROXY, scripts/local-stack/localStack.ts): the API's own port is
 * reachable directly, where a client could write any address into it.
 */
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Headers a client could use to pose as someone else; never passed on. */
const CLIENT_FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
];

const clientAddress = (req: IncomingMessage) => req.socket.remoteAddress ?? '';

/** The request's headers as the API should see them (static server). */
export function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers = { ...req.headers };
  for (const name of CLIENT_FORWARDING_HEADERS) delete headers[name];
  return { ...headers, 'x-forwarded-for': clientAddress(req) };
}

/** The same for http-proxy-middleware's `proxyReq` event (webpack dev server). */
export function setForwardedFor(proxyReq: ClientRequest, req: IncomingMessage): void {
  for (const name of CLIENT_FORWARDING_HEADERS) proxyReq.removeHeader(name);
  proxyReq.setHeader('x-forwarded-for', clientAddress(req));
}

/** The webpack dev server's `/api` proxy. */
export const apiProxy = (target: string) => ({
  pathFilter: ['/api'],
  target,
  pathRewrite: { '^/api': '' },
  on: { proxyReq: setForwardedFor },
});
