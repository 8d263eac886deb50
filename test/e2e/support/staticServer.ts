/**
 * Serves a production build the way the production host does (README, "Shipping"): the
 * prerendered page of a path when there is one (/services → services/index.html), else the SPA
 * shell (app.html); the production security headers on every answer (computed by
 * scripts/lib/securityHeaders.ts from the build's configuration, so the browser enforces the
 * app's own Content-Security-Policy); and /api/* proxied to the API with the prefix removed,
 * so the app reaches it on its own origin with the default API_BASE_URL=/api.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cacheControl } from '../../../scripts/lib/securityHeaders';

/** The SPA shell webpack writes (webpack.config.ts, SHELL_FILE). */
const SHELL = 'app.html';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  dist: string;
  port: number;
  /** The API's own address; /api/x is proxied to <apiTarget>/x. */
  apiTarget: string;
  /** Response headers of the production host (securityHeaders(config)). */
  headers: Record<string, string>;
}

/** The file for a URL path inside dist (a file, or a folder's index.html), or null. */
function resolveFile(dist: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.join(dist, path.normalize(decoded));
  if (file !== dist && !file.startsWith(dist + path.sep)) return null;
  for (const candidate of [file, path.join(file, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const dist = path.resolve(options.dist);
  const api = new URL(options.apiTarget);

  const proxy = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = req.url!.replace(/^\/api/, '') || '/';
    const upstream = http.request(
      {
        hostname: api.hostname,
        port: api.port,
        method: req.method,
        path: target.startsWith('/') ? target : `/${target}`,
        headers: { ...req.headers, host: api.host },
      },
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
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return proxy(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    let file = resolveFile(dist, urlPath);
    // SPA fallback: a page path without a prerendered file gets the shell; a missing asset 404s.
    if (!file && !path.extname(urlPath)) file = path.join(dist, SHELL);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain', ...options.headers });
      return res.end('Not found');
    }
    res.writeHead(200, {
      ...options.headers,
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
      'cache-control': cacheControl(urlPath),
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        url: `http://localhost:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
