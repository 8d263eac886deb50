/**
 * One process, one port: the production build (dist/, DIST_DIR) with the headers the build
 * wrote to dist/_headers, and the API under /api (the app's default API_BASE_URL). Configured
 * and stopped like server/main.ts; prints `Site and API listening on http://HOST:PORT`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestListener } from 'node:http';
import { createSiteHandler, isApiReferenceFile } from './staticSite';
import { buildServer } from './app';
import { configFromEnv } from './config';
import { checkedConfig, runService } from './service';

/** The site-wide block (`/*`) of a Netlify-style _headers file. */
export function siteHeaders(file: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inSiteBlock = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith(' ')) inSiteBlock = line.trim() === '/*';
    else if (inSiteBlock) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}

async function main(): Promise<void> {
  const config = await checkedConfig(process.env, configFromEnv);
  const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
  const headersFile = path.join(dist, '_headers');
  if (!existsSync(headersFile)) {
    console.error(`API configuration error: ${headersFile} is missing; run "npm run build" first`);
    process.exit(1);
  }
  const site = createSiteHandler({ dist, headers: siteHeaders(headersFile) });
  const app = await buildServer(config.options);
  // Fastify's own request listener answers /api/*, with the prefix removed, except the API
  // reference's files (dist/api/); the rest is the site.
  const [api] = app.server.listeners('request') as RequestListener[];
  app.server.removeAllListeners('request');
  app.server.on('request', ((req, res) => {
    const url = req.url ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    const urlPath = new URL(url, 'http://localhost').pathname;
    if (api && isApi && !isApiReferenceFile(dist, req.method, urlPath)) {
      req.url = url.slice(4) || '/';
      return api(req, res);
    }
    return site(req, res);
  }) as RequestListener);
  runService(app, config, process.env);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Site and API listening on http://${config.host}:${port}`);
}

main().catch((error: unknown) => {
  console.error('Site and API failed to start:', error);
  process.exit(1);
});
