/**
 * Serves a production build (dist/) the way the production host does (README, "Shipping"),
 * with @fastify/static and @fastify/compress:
 * - a path gets its file, or its folder's index.html (/services → services/index.html, the
 *   prerendered pages); a path without an extension and without a file gets the SPA shell
 *   (app.html) with status 200; a missing file with an extension is a 404;
 * - the `.br` or `.gz` the build wrote beside a file (scripts/build/pageWeight.ts) to a client
 *   that accepts it; anything else of a compressible type is compressed while it is sent;
 * - ETag and Last-Modified, and 304 to a request that already holds the file;
 * - a year's cache for content-hashed assets, revalidation for everything else;
 * - the given response headers on every answer (the build's dist/_headers).
 * The API's one-process mode (serve.ts) and the local static server (scripts/local-stack) use it, with
 * `withApi` for their API under /api.
 */
import { readdirSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** The SPA shell webpack writes (SHELL_FILE in webpack.config.ts, not imported: it reads .env). */
const SHELL_FILE = 'app.html';

/** Where the API is, on the site's own origin (the app's default API_BASE_URL). */
const API_PREFIX = '/api';

/** Long cache for content-hashed assets; revalidate everything else. */
export function cacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The site: the build in `dist`, sending `headers` with every answer. */
export async function buildSite(options: {
  dist: string;
  headers: Record<string, string>;
}): Promise<FastifyInstance> {
  const dist = path.resolve(options.dist);
  const site = Fastify({
    // A path that does not decode (/%) is refused before any hook runs.
    frameworkErrors: (_error, _request, reply) => {
      reply.raw.writeHead(400, { ...options.headers, 'content-type': 'text/plain' });
      reply.raw.end('Bad request');
    },
  });
  site.addHook('onRequest', async (_request, reply) => {
    reply.headers(options.headers);
  });
  // Registered first, so it sees what the static files' routes send.
  await site.register(fastifyCompress);
  await site.register(fastifyStatic, {
    root: dist,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      const urlPath = `/${path.relative(dist, file).split(path.sep).join('/')}`;
      reply.header('cache-control', cacheControl(urlPath));
    },
  });
  site.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', 'GET, HEAD').send();
    }
    // SPA fallback: a page path without a prerendered file gets the shell; a missing asset 404s.
    if (path.posix.extname(request.url.split('?', 1)[0]!)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.sendFile(SHELL_FILE);
  });
  await site.ready();
  return site;
}

/**
 * The URL paths of the API reference the build writes to dist/api/ (its page and scripts),
 * which the site serves although they are under /api.
 */
function apiReferencePaths(dist: string): Set<string> {
  const paths = new Set<string>();
  let files: string[];
  try {
    files = readdirSync(path.join(dist, 'api'), { recursive: true, encoding: 'utf8' });
  } catch {
    return paths;
  }
  for (const file of files) {
    const urlPath = `${API_PREFIX}/${file.split(path.sep).join('/')}`;
    paths.add(urlPath);
    if (path.posix.basename(urlPath) === 'index.html') {
      const folder = path.posix.dirname(urlPath);
      paths.add(folder).add(`${folder}/`);
    }
  }
  return paths;
}

/**
 * One listener for the site and its API: `api` gets /api/x as /x, except the API reference's
 * files (GET and HEAD); `site` gets the rest.
 */
export function withApi(options: {
  dist: string;
  site: FastifyInstance;
  api: RequestListener;
}): RequestListener {
  const reference = apiReferencePaths(path.resolve(options.dist));
  return (req, res) => {
    const url = req.url ?? '/';
    const urlPath = url.split('?', 1)[0]!;
    const isApi = urlPath === API_PREFIX || urlPath.startsWith(`${API_PREFIX}/`);
    const isReference = (req.method === 'GET' || req.method === 'HEAD') && reference.has(urlPath);
    if (isApi && !isReference) {
      const rest = url.slice(API_PREFIX.length);
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      return options.api(req, res);
    }
    return options.site.routing(req, res);
  };
}
