/**
 * A small static server for dist/ that behaves like the production host (README, "Shipping"):
 * - a path is served from its prerendered page (/services → services/index.html) when there
 *   is one, else from the SPA shell (app.html) with status 200;
 * - content-hashed files under /assets/ are cached for a year (immutable), HTML is
 *   revalidated on every visit, other files are cached for an hour;
 * - text is compressed with brotli (or gzip for clients without it);
 * - security headers, including the Content-Security-Policy the app must satisfy;
 * - /api/* is proxied to the API (the prefix removed), as the dev server does.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const SHELL = 'app.html';

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
};
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

/** Cache-Control by path (hashed assets never change; HTML must be revalidated). */
export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html') || !path.extname(urlPath)) return 'no-cache';
  return 'public, max-age=3600';
}

/** The Content-Security-Policy for the given API and identity origins. */
export function contentSecurityPolicy(connectOrigins: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Emotion writes the critical CSS into the page and inserts style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export interface StaticServerOptions {
  dist: string;
  port: number;
  host?: string;
  /** Where /api/* goes (e.g. the local API); without it /api answers 502. */
  apiTarget?: string;
  /** Extra origins the app may call (the identity endpoint), for the CSP. */
  connectOrigins?: string[];
}

interface Cached {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
}

/** Resolves a URL path to a file in dist (clean URLs, prerendered index.html), or null. */
export function resolveFile(dist: string, urlPath: string): string | null {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [path.join(dist, clean), path.join(dist, clean, 'index.html')];
  for (const file of candidates) {
    if (!file.startsWith(dist)) continue;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

export function startStaticServer(options: StaticServerOptions): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const dist = path.resolve(options.dist);
  const host = options.host ?? '127.0.0.1';
  const cache = new Map<string, Cached>();
  const csp = contentSecurityPolicy(options.connectOrigins ?? []);

  const load = (file: string): Cached => {
    let entry = cache.get(file);
    if (!entry) {
      const ext = path.extname(file);
      const body = readFileSync(file);
      entry = { body, type: TYPES[ext] ?? 'application/octet-stream' };
      if (COMPRESSIBLE.has(ext) && body.length > 512) {
        entry.br = brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
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
      { method: req.method, headers: { ...req.headers, host: url.host } },
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
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      if (options.apiTarget) return proxy(req, res, options.apiTarget);
      res.writeHead(502, { 'content-type': 'text/plain' });
      return res.end('No API configured');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    let file = resolveFile(dist, urlPath);
    // SPA fallback: any other page path gets the shell; a missing file is a 404.
    if (!file && !path.extname(urlPath)) file = path.join(dist, SHELL);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    const entry = load(file);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const headers: http.OutgoingHttpHeaders = {
      'content-type': entry.type,
      'cache-control': cacheControl(file.endsWith('.html') ? '/x.html' : urlPath),
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    if (entry.type.startsWith('text/html')) {
      headers['content-security-policy'] = csp;
      headers['x-frame-options'] = 'DENY';
    }
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
      resolve({
        url: `http://${host}:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
