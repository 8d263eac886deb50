/**
 * Serves a production build the way the production host does (README, "Shipping"), for the
 * browser suite and the benchmark:
 * - a path gets its prerendered page (/services → services/index.html) when there is one,
 *   else the SPA shell (app.html) with status 200; a missing file with an extension is a 404;
 * - the production response headers (securityHeaders.ts, computed from the build's
 *   configuration), so the browser enforces the app's own Content-Security-Policy;
 * - long cache for content-hashed assets, revalidation for everything else;
 * - brotli or gzip for text;
 * - /api/* proxied to the API with the prefix removed (as the dev server does), so the app
 *   reaches it on its own origin with the default API_BASE_URL=/api; the API reference's own
 *   files in dist/api/ (index.html and its scripts) are served from there first.
 */
import http from 'node:http';
import path from 'node:path';
import { forwardedHeaders } from './forwarding';
import { createSiteHandler, isApiReferenceFile } from '../../server/staticSite';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  dist: string;
  port: number;
  host?: string;
  /** The API's own address; /api/x is proxied to <apiTarget>/x. Without it /api answers 502. */
  apiTarget?: string;
  /** Response headers of the production host: securityHeaders(config). */
  headers: Record<string, string>;
}

export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const dist = path.resolve(options.dist);
  const host = options.host ?? '127.0.0.1';
  const site = createSiteHandler({ dist, headers: options.headers });
  const proxy = (req: http.IncomingMessage, res: http.ServerResponse, target: string) => {
    const url = new URL(req.url!.replace(/^\/api/, '') || '/', target);
    const upstream = http.request(
      url,
      { method: req.method, headers: { ...forwardedHeaders(req), host: url.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway');
    });
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/');
    if (isApi && !isApiReferenceFile(dist, req.method, urlPath)) {
      if (options.apiTarget) return proxy(req, res, options.apiTarget);
      res.writeHead(502, { 'content-type': 'text/plain' });
      return res.end('No API configured');
    }
    return site(req, res);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve({
        url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
