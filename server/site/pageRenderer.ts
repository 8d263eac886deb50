/**
 * The public pages' renderer, shared by the build's prerender step (scripts/build/prerender.ts)
 * and the server, which renders them again when the owner publishes the offer or changes the
 * working hours (./sitePages.ts). It renders each path of `prerenderedPaths` with the server
 * bundle (webpack.config.ts, createServerConfig) into a copy of the shell (dist/app.html): the
 * markup inside #root, Emotion's critical CSS in the head, instead of the app's scripts the
 * islands' entry (plus the stylesheets of the page's islands), and the offer its islands read
 * (domain/pageOffer.ts). The browser never hydrates these pages as a whole, only their islands
 * (docs/architecture.md, "Public pages: static HTML with islands"). Each page is slimmed
 * (./pageWeight.ts); writing it is the caller's.
 *
 * The build leaves beside the server bundle (`ssr.cjs`) what the renderer needs of the client
 * build (`renderer.json`: the shell's name, the entries and each chunk group's files); the shell
 * and the islands' stylesheets are read from the site's folder.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_RULES, type AvailabilityRules } from '../../domain/availability';
import { escapeHtml } from '../../domain/html';
import { islandChunkGroup } from '../../domain/islandMarkers';
import {
  pageOffer,
  pageOfferElement,
  RENDER_OFFER_GLOBAL,
  SEEDED_SITE_OFFER,
  type SiteOffer,
} from '../../domain/pageOffer';
import { minifyCss, slimPage } from './pageWeight';

/** The server bundle's file, in the renderer's folder. */
export const SSR_FILE = 'ssr.cjs';
/** What the build tells the renderer about the client build, in the renderer's folder. */
export const RENDERER_MANIFEST = 'renderer.json';

/** Files (JS and CSS) of a named chunk group, as the client build's stats list them. */
export type ChunkAssets = Record<string, string[]>;

export interface RendererManifest {
  /** The SPA shell in the site's folder (app.html). */
  shellFile: string;
  /** The chunk group of the app's entry (its files are taken out of the shell). */
  appEntry: string;
  /** The chunk group of the islands' entry (what a prerendered page loads). */
  islandsEntry: string;
  chunkAssets: ChunkAssets;
}

interface RenderedPage {
  html: string;
  preloads: string;
  styleTags: string;
  meta: { title: string; description: string } | null;
  islands: string[];
}

/** A page ready to be written. */
export interface SitePage {
  urlPath: string;
  /** Its file in the site's folder, with `/`: `index.html`, `services/index.html`. */
  file: string;
  html: string;
  islands: string[];
  /** Sizes of the rendered markup and its critical CSS, and the time it took. */
  htmlBytes: number;
  cssBytes: number;
  ms: number;
}

/** The shell's root element; its content (a <noscript> note) is replaced by the page. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>/;

/** services/index.html for /services; index.html for /. */
export function pageFileFor(urlPath: string): string {
  const folder = urlPath.replace(/^\/+|\/+$/g, '');
  return folder ? `${folder}/index.html` : 'index.html';
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
  islandsEntry: string,
  publicPath = '/',
): string {
  const css = islands.flatMap((name) =>
    groupFiles(chunkAssets, islandChunkGroup(name)).filter((file) => file.endsWith('.css')),
  );
  const styles = [...new Set(css)].map(
    (file) => `<style data-island-css>${minifyCss(readAsset(file))}</style>`,
  );
  const scripts = groupFiles(chunkAssets, islandsEntry)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<script defer src="${publicPath}${file}"></script>`);
  return [...styles, ...scripts].join('');
}

/**
 * An executable inline script. Data blocks are not executed, so they are allowed: JSON-LD and
 * the page's offer (application/json).
 */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/;

/** Fills the shell with one rendered page. */
export function composePage(shell: string, page: RenderedPage, extraHead: string): string {
  if (!ROOT_ELEMENT.test(shell)) throw new Error('The shell has no <div id="root">');
  // The Content-Security-Policy allows no inline scripts (README, "Shipping").
  const inline = INLINE_SCRIPT.exec(page.html + extraHead);
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

/** The manifest the build wrote beside the server bundle. */
export function readRendererManifest(rendererDir: string): RendererManifest {
  return JSON.parse(
    readFileSync(path.join(rendererDir, RENDERER_MANIFEST), 'utf8'),
  ) as RendererManifest;
}

/**
 * The server bundle, run in a worker thread of its own for each rendering: a fresh copy whose
 * modules are evaluated with `offer` (the site's offer, src/config/offer.ts, is read once, when
 * they are), and whose rendering (seconds of CPU for the seven pages) leaves the API's thread
 * free to answer meanwhile.
 */
const RENDER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
globalThis[workerData.offerGlobal] = workerData.offer;
const ssr = require(workerData.bundle);
(async () => {
  const pages = [];
  for (const urlPath of ssr.prerenderedPaths) {
    const started = performance.now();
    const page = await ssr.renderPage(urlPath, workerData.week);
    pages.push({ urlPath, page, ms: Math.round(performance.now() - started) });
  }
  parentPort.postMessage(pages);
})().catch((error) => {
  throw error;
});
`;

interface WorkerPage {
  urlPath: string;
  page: RenderedPage;
  ms: number;
}

function renderInWorker(
  rendererDir: string,
  offer: SiteOffer,
  week: AvailabilityRules['week'],
): Promise<WorkerPage[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(RENDER_WORKER, {
      eval: true,
      workerData: {
        bundle: path.resolve(rendererDir, SSR_FILE),
        offerGlobal: RENDER_OFFER_GLOBAL,
        offer,
        week,
      },
    });
    let pages: WorkerPage[] | undefined;
    worker.once('message', (message: WorkerPage[]) => void (pages = message));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      pages ? resolve(pages) : reject(new Error(`The page renderer stopped (exit code ${code})`)),
    );
  });
}

/**
 * Renders every public page with `offer` and the working hours of `rules` (the footer, /contact,
 * the quote form's hint, the LocalBusiness data; formatted by `visitorHours`): the seeded ones
 * at build, the published offer and the stored rules when the server regenerates the pages.
 * `dist` is the site's folder (the shell and the islands' stylesheets are read from it).
 */
export async function renderSitePages({
  dist,
  rendererDir,
  offer = SEEDED_SITE_OFFER,
  rules = DEFAULT_RULES,
}: {
  dist: string;
  rendererDir: string;
  offer?: SiteOffer;
  rules?: Pick<AvailabilityRules, 'week'>;
}): Promise<SitePage[]> {
  const manifest = readRendererManifest(rendererDir);
  const shell = withoutAppAssets(
    readFileSync(path.join(dist, manifest.shellFile), 'utf8'),
    groupFiles(manifest.chunkAssets, manifest.appEntry),
  );
  const pages: SitePage[] = [];
  for (const { urlPath, page, ms } of await renderInWorker(rendererDir, offer, rules.week)) {
    const started = performance.now();
    const assets = pageAssets(
      manifest.chunkAssets,
      page.islands,
      (asset) => readFileSync(path.join(dist, asset), 'utf8'),
      manifest.islandsEntry,
    );
    const head = `${assets}${pageOfferElement(pageOffer(offer, page.islands))}`;
    pages.push({
      urlPath,
      file: pageFileFor(urlPath),
      html: slimPage(composePage(shell, page, head)),
      islands: page.islands,
      htmlBytes: page.html.length,
      cssBytes: page.styleTags.length,
      ms: ms + Math.round(performance.now() - started),
    });
  }
  return pages;
}
