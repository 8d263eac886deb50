/**
 * The local proxies in front of the API (the webpack dev server's `/api` and the static
 * server's) tell it who the client is by setting X-Forwarded-For to the address of the
 * connection they received, replacing whatever the client sent: the API trusts exactly one
 * hop (TRUST_PROXY=1, scripts/lib/localStack.ts), so a made-up header neither resets a
 * visitor's quote allowance nor lets one visitor use up everyone's.
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

/** The proxies in front of the API (the one hop it trusts). */
export const TRUSTED_PROXY_HOPS = 1;

const clientAddress = (req: IncomingMessage) => req.socket.remoteAddress ?? '';

/** The request's headers as the API should see them (static server). */
export function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers = { ...req.headers };
  for (const name of CLIENT_FORWARDING_HEADERS) delete headers[name];
  return { ...headers, 'x-forwarded-for': clientAddress(req) };
}

/** The same for http-proxy-middleware's `onProxyReq` (webpack dev server). */
export function setForwardedFor(proxyReq: ClientRequest, req: IncomingMessage): void {
  for (const name of CLIENT_FORWARDING_HEADERS) proxyReq.removeHeader(name);
  proxyReq.setHeader('x-forwarded-for', clientAddress(req));
}

/** The webpack dev server's `/api` proxy. */
export const apiProxy = (target: string) => ({
  context: ['/api'],
  target,
  pathRewrite: { '^/api': '' },
  onProxyReq: setForwardedFor,
});
