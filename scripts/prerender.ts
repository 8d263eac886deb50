/**
 * Prerendering of the public pages (issue 8): renders each path of `prerenderedPaths` with
 * the server bundle (webpack.config.ts, createServerConfig) into a copy of the shell
 * (dist/app.html): the markup inside #root, Emotion's critical CSS in the head, and the
 * page's own route chunk loaded next to the entry scripts. / becomes dist/index.html,
 * /services dist/services/index.html, and so on. The browser hydrates these pages.
 *
 * Runs as part of `npm run build` (scripts/build.ts); `tsx scripts/prerender.ts` re-runs it
 * on an existing build.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL_FILE, SSR_OUTPUT_DIR } from '../webpack.config';

interface SsrModule {
  prerenderedPaths: readonly string[];
  renderPage(path: string): Promise<RenderedPage>;
}

interface RenderedPage {
  html: string;
  styleTags: string;
  meta: { title: string; description: string } | null;
}

/** Files (JS and CSS) of a named chunk group, as the client build's stats list them. */
export type ChunkAssets = Record<string, string[]>;

/** The shell's root element; its content (a <noscript> note) is replaced by the page. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>/;

/** dist/services/index.html for /services; dist/index.html for /. */
export function htmlFileFor(dist: string, urlPath: string): string {
  return path.join(dist, urlPath.replace(/^\/+|\/+$/g, ''), 'index.html');
}

/** The chunk group of a path's lazy page (see the webpackChunkName comments in routes.tsx). */
function routeChunkGroup(urlPath: string): string | null {
  const name = urlPath.replace(/^\/+|\/+$/g, '');
  return name ? `route-${name}` : null;
}

function assetTags(files: string[], publicPath = '/'): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link href="${publicPath}${file}" rel="stylesheet">`
        : file.endsWith('.js')
          ? `<script defer src="${publicPath}${file}"></script>`
          : '',
    )
    .join('');
}

/** An executable inline script (JSON-LD data blocks are not executed, so they are allowed). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/;

/** Fills the shell with one rendered page. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
    .replace('</head>', `${page.styleTags}${extraHead}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${page.html}</div>`);
}

export async function prerender({
  dist,
  chunkAssets,
  log = console.log,
}: {
  dist: string;
  chunkAssets: ChunkAssets;
  log?: (line: string) => void;
}): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const ssrPath = path.join(SSR_OUTPUT_DIR, 'ssr.cjs');
  delete require.cache[ssrPath];
  const ssr = require(ssrPath) as SsrModule;
  const shell = readFileSync(path.join(dist, SHELL_FILE), 'utf8');
  const written: string[] = [];
  for (const urlPath of ssr.prerenderedPaths) {
    const started = performance.now();
    const page = await ssr.renderPage(urlPath);
    const group = routeChunkGroup(urlPath);
    const files = group ? chunkAssets[group] : [];
    if (!files) throw new Error(`No chunk group ${group} for ${urlPath} (see routes.tsx)`);
    const file = htmlFileFor(dist, urlPath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, composePage(shell, page, assetTags(files)));
    written.push(file);
    log(
      `  prerendered ${urlPath.padEnd(10)} → ${path.relative(dist, file)} ` +
        `(${(page.html.length / 1024).toFixed(1)} KB HTML, ` +
        `${(page.styleTags.length / 1024).toFixed(1)} KB CSS, ` +
        `${Math.round(performance.now() - started)} ms)`,
    );
  }
  return written;
}

/** `tsx scripts/prerender.ts`: prerender again from dist/ and the last server bundle. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve('dist');
  const chunkAssets = JSON.parse(
    readFileSync(path.join(SSR_OUTPUT_DIR, 'chunk-assets.json'), 'utf8'),
  ) as ChunkAssets;
  await prerender({ dist, chunkAssets });
}
