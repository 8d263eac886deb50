/**
 * Serves a production build as server/platform/staticSite.ts does for the one-process service (the
 * prerendered page or the SPA shell, the build's precompressed files, ETag and caching), for
 * the browser suite and the benchmark, with:
 * - the production response headers (securityHeaders.ts, computed from the build's
 *   configuration), so the browser enforces the app's own Content-Security-Policy;
 * - /api/* proxied to the API with the prefix removed (as the dev server does), so the app
 *   reaches it on its own origin with the default API_BASE_URL=/api; the API reference's own
 *   files in dist/api/ (index.html and its scripts) are served from there first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardedHeaders } from './forwarding';
import { buildSite, withApi } from '../../server/platform/staticSite';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  dist: string;
  /** 0 for any free port. */
  port: number;
  host?: string;
  /** The API's own address; /api/x is proxied to <apiTarget>/x. Without it /api answers 502. */
  apiTarget?: string;
  /** Response headers of the production host: securityHeaders(config). */
  headers: Record<string, string>;
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const host = options.host ?? '127.0.0.1';
  const site = await buildSite({ dist: options.dist, headers: options.headers });
  const proxy: http.RequestListener = (req, res) => {
    if (!options.apiTarget) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      return res.end('No API configured');
    }
    const url = new URL(req.url ?? '/', options.apiTarget);
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
  const server = http.createServer(withApi({ dist: options.dist, site, api: proxy }));

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => void site.close().then(() => done()));
          }),
      });
    });
  });
}
