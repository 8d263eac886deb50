/**
 * Prerendering of the public pages: renders each path of `prerenderedPaths` with the server
 * bundle (webpack.config.ts, createServerConfig) into a copy of the shell (dist/app.html): the
 * markup inside #root, Emotion's critical CSS in the head, and instead of the app's scripts the
 * islands' entry (plus the stylesheets of the page's islands). / becomes dist/index.html,
 * /services dist/services/index.html, and so on. The browser never hydrates these pages as a
 * whole, only their islands (docs/architecture.md, "Public pages: static HTML with islands").
 * Each page is slimmed and written with its gzip beside it (./lib/pageWeight.ts).
 *
 * Runs as part of `npm run build` (scripts/build/build.ts); `tsx scripts/build/prerender.ts` re-runs it
 * on an existing build.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from '../../domain/html';
import { DEFAULT_RULES, type AvailabilityRules } from '../../domain/availability';
import { islandChunkGroup } from '../../src/components/islandMarkers';
import { firstRoundTripWarning, minifyCss, slimPage, writeWithGzip } from './pageWeight';
import { APP_ENTRY, ISLANDS_ENTRY, SHELL_FILE, SSR_OUTPUT_DIR } from '../../webpack.config';

interface SsrModule {
  prerenderedPaths: readonly string[];
  renderPage(path: string, week: AvailabilityRules['week']): Promise<RenderedPage>;
}

interface RenderedPage {
  html: string;
  preloads: string;
  styleTags: string;
  meta: { title: string; description: string } | null;
  islands: string[];
}

/** Files (JS and CSS) of a named chunk group, as the client build's stats list them. */
export type ChunkAssets = Record<string, string[]>;

/** The shell's root element; its content (a <noscript> note) is replaced by the page. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>/;

/** dist/services/index.html for /services; dist/index.html for /. */
export function htmlFileFor(dist: string, urlPath: string): string {
  return path.join(dist, urlPath.replace(/^\/+|\/+$/g, ''), 'index.html');
}

/** The files of a chunk group; a missing group is a build error. */
function groupFiles(chunkAssets: ChunkAssets, group: string): string[] {
  const files = chunkAssets[group];
  if (!files) throw new Error(`No chunk group ${group} in the build`);
  return files;
}

/** The shell without the app's own scripts and stylesheets (a prerendered page has islands). */
export function withoutAppAssets(shell: string, appFiles: string[], publicPath = '/'): string {
  let html = shell;
  for (const file of appFiles) {
    const url = `${publicPath}${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html
      .replace(new RegExp(`<script[^>]*src="${url}"[^>]*></script>`), '')
      .replace(new RegExp(`<link[^>]*href="${url}"[^>]*>`), '');
  }
  return html;
}

/**
 * What a prerendered page loads: the islands' entry (scripts), and inline the stylesheets its
 * islands' code brings (a few KB), which their prerendered HTML needs from the first paint: a
 * stylesheet link would hold the first paint back.
 */
export function pageAssets(
  chunkAssets: ChunkAssets,
  islands: string[],
  readAsset: (file: string) => string,
  publicPath = '/',
): string {
  const css = islands.flatMap((name) =>
    groupFiles(chunkAssets, islandChunkGroup(name)).filter((file) => file.endsWith('.css')),
  );
  const styles = [...new Set(css)].map(
    (file) => `<style data-island-css>${minifyCss(readAsset(file))}</style>`,
  );
  const scripts = groupFiles(chunkAssets, ISLANDS_ENTRY)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<script defer src="${publicPath}${file}"></script>`);
  return [...styles, ...scripts].join('');
}

/** An executable inline script (JSON-LD data blocks are not executed, so they are allowed). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/;

/** Fills the shell with one rendered page. */
export function composePage(shell: string, page: RenderedPage, extraHead: string): string {
  if (!ROOT_ELEMENT.test(shell)) throw new Error('The shell has no <div id="root">');
  // The Content-Security-Policy allows no inline scripts (README, "Shipping").
  const inline = INLINE_SCRIPT.exec(page.html);
  if (inline) throw new Error(`The rendered page contains an inline script: ${inline[0]}`);
  let html = shell;
  if (page.meta) {
    const { title, description } = page.meta;
    html = html
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(description)}"/>`,
      );
  }
  return html
    .replace('</head>', `${page.preloads}${page.styleTags}${extraHead}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>`);
}

/**
 * `rules`: the owner's availability rules whose working hours the pages show (the footer,
 * /contact, the quote form's hint, the LocalBusiness data; formatted by `visitorHours`); the
 * seeded rules at build, the stored ones for whatever regenerates the pages.
 */
export async function prerender({
  dist,
  chunkAssets,
  rules = DEFAULT_RULES,
  log = console.log,
}: {
  dist: string;
  chunkAssets: ChunkAssets;
  rules?: Pick<AvailabilityRules, 'week'>;
  log?: (line: string) => void;
}): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const ssrPath = path.join(SSR_OUTPUT_DIR, 'ssr.cjs');
  delete require.cache[ssrPath];
  const ssr = require(ssrPath) as SsrModule;
  const shell = withoutAppAssets(
    readFileSync(path.join(dist, SHELL_FILE), 'utf8'),
    groupFiles(chunkAssets, APP_ENTRY),
  );
  const written: string[] = [];
  for (const urlPath of ssr.prerenderedPaths) {
    const started = performance.now();
    const page = await ssr.renderPage(urlPath, rules.week);
    const assets = pageAssets(chunkAssets, page.islands, (asset) =>
      readFileSync(path.join(dist, asset), 'utf8'),
    );
    const file = htmlFileFor(dist, urlPath);
    mkdirSync(path.dirname(file), { recursive: true });
    const gzipped = await writeWithGzip(file, slimPage(composePage(shell, page, assets)));
    written.push(file);
    log(
      `  prerendered ${urlPath.padEnd(10)} → ${path.relative(dist, file)} ` +
        `(${(page.html.length / 1024).toFixed(1)} KB HTML, ` +
        `${(page.styleTags.length / 1024).toFixed(1)} KB CSS, ` +
        `page ${(gzipped / 1024).toFixed(1)} KB gzip, ` +
        `islands: ${page.islands.join(', ') || 'none'}, ` +
        `${Math.round(performance.now() - started)} ms)`,
    );
    const warning = firstRoundTripWarning(urlPath, gzipped);
    if (warning) log(warning);
  }
  return written;
}

/** `tsx scripts/build/prerender.ts`: prerender again from dist/ and the last server bundle. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve('dist');
  const chunkAssets = JSON.parse(
    readFileSync(path.join(SSR_OUTPUT_DIR, 'chunk-assets.json'), 'utf8'),
  ) as ChunkAssets;
  await prerender({ dist, chunkAssets });
}
