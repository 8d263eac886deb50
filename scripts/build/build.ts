/**
 * The build (scripts/build/, its entry): what CI, the browser suite, the bench and a release run
 * to make dist/ and dist-server/. The folder also holds `npm run codegen`'s configuration, its
 * check (codegen-check.ts) and `npm run images` (images.ts).
 *
 * Production build (`npm run build`):
 * 1. webpack: the browser bundle into dist/ (shell dist/app.html) and the server-rendering
 *    bundle for the pages' renderer (shipped with the server, which renders the pages again on
 *    a publish); it fails when the app's entry would download
 *    again, under another file, a large module the islands loaded, and when a module of the owner
 *    console (src/features/owner) is in a file any other page loads (scripts/build/ownerIsolation.ts);
 * 2. prerender: the public pages into dist/ as static HTML (scripts/build/prerender.ts);
 *    then the API reference of openapi.yaml into dist/api/ (scripts/build/apiReference.ts); then
 *    every text file of dist/ gets its brotli and gzip beside it (scripts/build/pageWeight.ts);
 * 3. the API bundled to plain JavaScript in dist-server/, with the server-rendering bundle and
 *    its manifest in dist-server/ssr/ (scripts/build/serverBundle.ts);
 * 4. the JavaScript budget: the gzip size of what / loads before it is interactive
 *    (scripts/build/bundleReport.ts). Over budget, the build fails (and with it CI).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import {
  APP_ENTRY,
  createConfig,
  createServerConfig,
  ISLANDS_ENTRY,
  SHELL_FILE,
  SPLIT_MIN_SIZE,
} from '../../webpack.config';
import { islandChunkGroup } from '../../domain/islandMarkers';
import { prerender, writeRendererManifest } from './prerender';
import type { ChunkAssets } from '../../server/site/pageRenderer';
import { robotsTxt, sitemapXml, urlPathOf } from './sitemap';
import { business } from '../../src/config/business';
import { reportInitialJs, reportModulesLoadedAgain, summarizeChunks } from './bundleReport';
import { reportOwnerIsolation } from './ownerIsolation';
import { headerConfigFromEnv, headersFile } from './securityHeaders';
import { buildImages } from './images';
import { precompressBuild } from './pageWeight';
import { writeRoutePages } from './routePreload';
import { writeApiReference } from './apiReference';
import { buildServerBundle } from './serverBundle';

const started = performance.now();
// Responsive images from assets/images into public/images (unchanged ones are reused).
const images = await buildImages();
console.log(
  `images: ${images.sources} sources, ${images.encoded} encoded, ${images.reused} reused (${images.ms} ms)`,
);
const compiler = webpack([
  createConfig({ mode: 'production' }),
  createServerConfig({ mode: 'production' }),
]);
const multiStats = await new Promise<webpack.MultiStats>((resolve, reject) =>
  compiler.run((err, result) => (err || !result ? reject(err) : resolve(result))),
);
await new Promise<void>((resolve) => compiler.close(() => resolve()));
if (multiStats.hasErrors()) {
  console.error(multiStats.toString({ all: false, errors: true, colors: true }));
  process.exit(1);
}
if (multiStats.hasWarnings()) console.warn(multiStats.toString({ all: false, warnings: true }));

const [clientStats] = multiStats.stats;
const { namedChunkGroups = {} } = clientStats!.toJson({ all: false, chunkGroups: true });
const chunkAssets: ChunkAssets = Object.fromEntries(
  Object.entries(namedChunkGroups).map(([name, group]) => [
    name,
    (group.assets ?? []).map((asset) => asset.name),
  ]),
);
writeRendererManifest(chunkAssets);
// The app's entry shares the islands' files (webpack.config.ts): a large module of theirs that
// it would download again under another file fails the build.
const islandGroups = Object.keys(namedChunkGroups).filter(
  (name) => name === ISLANDS_ENTRY || name.startsWith(islandChunkGroup('')),
);
const summary = summarizeChunks(clientStats!.compilation);
if (!reportModulesLoadedAgain(summary, islandGroups, APP_ENTRY, SPLIT_MIN_SIZE)) {
  console.error(
    `Build failed: the modules above (${SPLIT_MIN_SIZE / 1000} KB or more) should be in one file for the app and the islands.`,
  );
  process.exit(1);
}
// The owner console loads for owners only: an owner module in another page's files fails the build.
if (!reportOwnerIsolation(summary)) {
  console.error('Build failed: owner console modules are reachable from pages outside it.');
  process.exit(1);
}
console.log(`webpack: ${((performance.now() - started) / 1000).toFixed(1)} s`);

const dist = path.resolve('dist');
const pages = await prerender({ dist });
// Search engines: the prerendered (public) pages, and the app's private routes kept out.
const siteUrl = business.siteUrl;
writeFileSync(
  path.join(dist, 'sitemap.xml'),
  sitemapXml(
    siteUrl,
    pages.map((file) => urlPathOf(dist, file)),
  ),
);
writeFileSync(path.join(dist, 'robots.txt'), robotsTxt(siteUrl));
console.log(`  sitemap.xml (${pages.length} pages) and robots.txt for ${siteUrl}`);
// /dashboard: the shell with its first render's code announced (scripts/build/routePreload.ts).
for (const { page, preloads } of writeRoutePages(dist, SHELL_FILE, chunkAssets)) {
  console.log(`  shell for /${page} → ${page}/index.html (${preloads} scripts preloaded)`);
}
// The host's headers (Netlify / Cloudflare Pages format): CSP for the configured origins, caching.
const reference = writeApiReference(dist);
console.log(
  `API reference of openapi.yaml → api/index.html (${(reference.bytes / 1024).toFixed(0)} KB)`,
);
writeFileSync(path.join(dist, '_headers'), headersFile(headerConfigFromEnv()));
// Every text file with its strongest brotli and gzip beside it, for servers that send those.
const compressed = await precompressBuild(dist);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${compressed.files} text files: ${kb(compressed.raw)} → ${kb(compressed.br)} brotli, ${kb(compressed.gzip)} gzip`,
);

// The API as plain JavaScript (dist-server/), for `node dist-server/serve.cjs` or main.cjs.
console.log(`server: ${path.relative(process.cwd(), await buildServerBundle(process.cwd()))}`);

// Over budget fails the build (and CI), after printing the figure.
if (!reportInitialJs(dist)) {
  console.error('Build failed: the initial JavaScript of / is over budget.');
  process.exit(1);
}
