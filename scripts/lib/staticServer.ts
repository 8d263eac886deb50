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
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { forwardedHeaders } from './forwarding';
import { cacheControl } from './securityHeaders';

/** The SPA shell webpack writes (SHELL_FILE in webpack.config.ts, not imported: it reads .env). */
const SHELL_FILE = 'app.html';

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
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const BROTLI_MAX_BYTES = 512 * 1024;
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.svg',
  '.txt',
]);

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

interface Cached {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
}

/** The file for a URL path inside dist (a file, or a folder's index.html), or null. */
export function resolveFile(dist: string, urlPath: string): string | null {
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
  const host = options.host ?? '127.0.0.1';
  const cache = new Map<string, Cached>();

  const load = (file: string): Cached => {
    let entry = cache.get(file);
    if (!entry) {
      const ext = path.extname(file);
      const body = readFileSync(file);
      entry = { body, type: TYPES[ext] ?? 'application/octet-stream' };
      if (COMPRESSIBLE.has(ext) && body.length > 512) {
        entry.br = brotliCompressSync(body, {
          params: {
            // The strongest level costs seconds on a file of megabytes (the API reference's
            // Redoc bundle), during which the server answers nothing: level 5 for those.
            [zlib.BROTLI_PARAM_QUALITY]: body.length > BROTLI_MAX_BYTES ? 5 : 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        entry.gzip = gzipSync(body, { level: 9 });
      }
      cache.set(file, entry);
    }
    return entry;
  };

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
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // The API reference's files (dist/api/) first; any other /api/x is the API's /x.
    const apiReference = urlPath.startsWith('/api/') && isRead && resolveFile(dist, urlPath);
    if ((urlPath === '/api' || urlPath.startsWith('/api/')) && !apiReference) {
      if (options.apiTarget) return proxy(req, res, options.apiTarget);
      res.writeHead(502, { 'content-type': 'text/plain' });
      return res.end('No API configured');
    }
    if (!isRead) {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    let file = resolveFile(dist, urlPath);
    // SPA fallback: a page path without a prerendered file gets the shell; a missing asset 404s.
    if (!file && !path.extname(urlPath)) file = path.join(dist, SHELL_FILE);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain', ...options.headers });
      return res.end('Not found');
    }
    const entry = load(file);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const headers: http.OutgoingHttpHeaders = {
      ...options.headers,
      'content-type': entry.type,
      'cache-control': cacheControl(urlPath),
      vary: 'Accept-Encoding',
    };
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accepts)) {
      body = entry.br;
      headers['content-encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
      body = entry.gzip;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
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
