/**
 * One process, one port: the production build (dist/, DIST_DIR) with the headers the build
 * wrote to dist/_headers, and the API under /api (the app's default API_BASE_URL). Configured
 * and stopped like server/main.ts; prints `Site and API listening on http://HOST:PORT`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite, withApi } from './platform/staticSite';
import { buildServer } from './app';
import { configFromEnv, sitePagesFromEnv } from './platform/config';
import { checkedConfig, runService } from './platform/service';

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
  const site = await buildSite({ dist, headers: siteHeaders(headersFile) });
  // The pages this process serves are the ones a publish renders again (SITE_DIR by default).
  const app = await buildServer({
    ...config.options,
    sitePages: sitePagesFromEnv(process.env, dist),
  });
  app.addHook('onClose', () => site.close());
  // The API's server answers /api/* with the API, its prefix removed (except the API
  // reference's files, dist/api/), and the rest with the site.
  app.server.removeAllListeners('request');
  app.server.on('request', withApi({ dist, site, api: app.routing }));
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
