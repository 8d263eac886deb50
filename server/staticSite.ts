/**
 * Serves a production build (dist/) the way the production host does (README, "Shipping"):
 * - a path gets its prerendered page (/services → services/index.html) when there is one,
 *   else the SPA shell (app.html) with status 200; a missing file with an extension is a 404;
 * - the given response headers on every answer (the build's dist/_headers);
 * - long cache for content-hashed assets, revalidation for everything else;
 * - brotli or gzip for text.
 * The API's one-process mode (serve.ts) and the local static server (scripts/lib) use it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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

/** Long cache for content-hashed assets; revalidate everything else. */
export function cacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
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

/** The request handler for the build in `dist`, sending `headers` with every answer. */
export function createSiteHandler(options: {
  dist: string;
  headers: Record<string, string>;
}): http.RequestListener {
  const dist = path.resolve(options.dist);
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

  return (req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
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
  };
}

/**
 * Whether a request under /api is for a file of the API reference the build writes to
 * dist/api/ (its page and scripts), which the site serves; any other /api/x is the API's /x.
 */
export function isApiReferenceFile(dist: string, method: string | undefined, urlPath: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    urlPath.startsWith('/api/') &&
    resolveFile(dist, urlPath) !== null
  );
}
