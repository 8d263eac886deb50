/**
 * What keeps a prerendered page within the first round trip of a connection (docs/architecture.md,
 * "The first round trip"): the static parts lose what only hydration or a stylesheet would read,
 * stylesheets are minified, and each page is written beside its gzip (zopfli); at the end of the
 * build every text file gets its brotli and gzip beside it, for servers that send precompressed
 * files (server/platform/staticSite.ts, nginx's `gzip_static`).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import CleanCSS from 'clean-css';
import { ISLAND_ATTRIBUTE } from '../../src/components/islandMarkers';

/**
 * A new TCP connection sends about ten segments (14.6 KB) before its first acknowledgement:
 * a page whose compressed answer, headers included, fits in them arrives in one round trip.
 */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** What a host's answer adds to the page: nginx with the production headers sends 0.85 KB. */
export const RESPONSE_HEADER_BYTES = 1_024;

/** A warning when a page's gzip no longer arrives in the first round trip, else null. */
export function firstRoundTripWarning(urlPath: string, gzipBytes: number): string | null {
  const over = gzipBytes + RESPONSE_HEADER_BYTES - FIRST_ROUND_TRIP_BYTES;
  return over > 0
    ? `  warning: ${urlPath} needs two round trips: its gzip (${gzipBytes} B) and ` +
        `${RESPONSE_HEADER_BYTES} B of headers exceed the first ${FIRST_ROUND_TRIP_BYTES} B ` +
        `by ${over} B (docs/architecture.md)`
    : null;
}

const cleanCss = new CleanCSS({ level: 1 });

/** A stylesheet minified (comments, white space, redundant units and zeros removed). */
export function minifyCss(css: string): string {
  const result = cleanCss.minify(css);
  if (result.errors.length) throw new Error(`CSS that cannot be minified: ${result.errors[0]}`);
  return result.styles;
}

/** An opening or closing <div> tag in React's markup (whose attribute values never hold < or >). */
const DIV_TAG = /<(\/?)div\b[^>]*>/g;

/** [start, end) of each island's element in `html`: the parts of the page that hydrate. */
export function islandRanges(html: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = -1;
  let depth = 0;
  for (const tag of html.matchAll(DIV_TAG)) {
    const closing = tag[1] === '/';
    if (start < 0) {
      if (!closing && tag[0].includes(` ${ISLAND_ATTRIBUTE}="`)) {
        start = tag.index;
        depth = 1;
      }
      continue;
    }
    depth += closing ? -1 : 1;
    if (depth === 0) {
      ranges.push([start, tag.index + tag[0].length]);
      start = -1;
    }
  }
  if (start >= 0) throw new Error('An island element is not closed');
  return ranges;
}

const STYLE_TAG = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
/** Emotion's tag of the page's styles: its attribute lists the styles' names after "css". */
const EMOTION_TAG = /<style data-emotion="css [^"]*">/;
const CLASS_ATTRIBUTE = /class="([^"]*)"/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page with less to download and parse, the same to see and to hydrate:
 * - its stylesheets minified;
 * - outside the islands, MUI's global class names (`MuiButton-root`...) that none of the page's
 *   stylesheets mentions: nothing reads them, since those parts never hydrate;
 * - Emotion's list of the names of the page's styles (300 on /, 1.6 KB): Emotion reads it only to
 *   skip inserting those styles again when an island wakes; without it a waking island inserts
 *   its own styles (the same rules, a millisecond or two), and / fits the first round trip.
 */
export function slimPage(html: string): string {
  const css = [...html.matchAll(STYLE_TAG)].map((match) => match[1]).join('\n');
  const islands = islandRanges(html);
  const inIsland = (index: number) => islands.some(([start, end]) => index >= start && index < end);
  const mentioned = new Map<string, boolean>();
  const isMentioned = (name: string) => {
    let found = mentioned.get(name);
    if (found === undefined) {
      found = new RegExp(`\\.${escapeRegExp(name)}(?![\\w-])`).test(css);
      mentioned.set(name, found);
    }
    return found;
  };
  const slim = html.replace(CLASS_ATTRIBUTE, (attribute, value: string, index: number) => {
    if (inIsland(index)) return attribute;
    const kept = value.split(/\s+/).filter((name) => !name.startsWith('Mui') || isMentioned(name));
    return kept.length ? `class="${kept.join(' ')}"` : '';
  });
  return slim
    .replace(EMOTION_TAG, '<style data-emotion="css">')
    .replace(STYLE_TAG, (tag, content: string) => tag.replace(content, () => minifyCss(content)));
}

/**
 * zopfli (WebAssembly, compiled by Emscripten) installs process-wide `uncaughtException` and
 * `unhandledRejection` handlers when it loads, which would take over the build's own errors: it
 * is loaded on first use and those handlers are removed again.
 */
let zopfli: Promise<typeof import('@gfx/zopfli')> | undefined;
function loadZopfli() {
  zopfli ??= (async () => {
    const exceptionHandlers = process.listeners('uncaughtException');
    const rejectionHandlers = process.listeners('unhandledRejection');
    const module = await import('@gfx/zopfli');
    for (const handler of process.listeners('uncaughtException')) {
      if (!exceptionHandlers.includes(handler)) {
        process.removeListener('uncaughtException', handler);
      }
    }
    for (const handler of process.listeners('unhandledRejection')) {
      if (!rejectionHandlers.includes(handler)) {
        process.removeListener('unhandledRejection', handler);
      }
    }
    return module;
  })();
  return zopfli;
}

/** The best gzip there is (zopfli) of `content`, for `gzip_static`. */
async function zopfliGzip(content: string | Buffer): Promise<Uint8Array> {
  const { gzipAsync } = await loadZopfli();
  return gzipAsync(Buffer.from(content), { numiterations: 15 });
}

/** Writes `file` and, beside it, `file`.gz: the best gzip there is, for `gzip_static`. */
export async function writeWithGzip(file: string, content: string): Promise<number> {
  const gzipped = await zopfliGzip(content);
  writeFileSync(file, content);
  writeFileSync(`${file}.gz`, gzipped);
  return gzipped.length;
}

/**
 * The build's files that compress: pages, scripts, style sheets and the other text files. Source
 * maps are left out: only a browser's developer tools fetch them.
 */
const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|txt|xml)$/;

/**
 * zopfli takes about 15 s a megabyte here (36 s for the API reference's 2.3 MB Redoc bundle) for
 * 4% less than zlib's level 9: a larger file gets level 9.
 */
const ZOPFLI_MAX_BYTES = 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Writes beside every text file of the build (`dist`, all folders) its strongest brotli (`.br`,
 * quality 11) and, unless the build already wrote one (writeWithGzip), its strongest gzip
 * (`.gz`, zopfli), for servers that send precompressed files (server/platform/staticSite.ts; nginx's
 * `gzip_static`): nothing of the build is compressed while a visitor waits. Returns the file
 * count and the bytes before and after.
 */
export async function precompressBuild(
  dist: string,
): Promise<{ files: number; raw: number; br: number; gzip: number }> {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((name) => COMPRESSIBLE.test(name))
    .map((name) => path.join(dist, name))
    .filter((file) => statSync(file).isFile());
  const brotliWritten: Promise<void>[] = [];
  for (const file of files) {
    const content = readFileSync(file);
    // zlib's brotli runs on libuv's threads, beside zopfli on this one.
    brotliWritten.push(
      brotli(content, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }).then((compressed) => {
        writeFileSync(`${file}.br`, compressed);
        totals.br += compressed.length;
      }),
    );
    const gzFile = `${file}.gz`;
    let gzipped: Uint8Array;
    if (existsSync(gzFile)) gzipped = readFileSync(gzFile);
    else {
      gzipped =
        content.length > ZOPFLI_MAX_BYTES
          ? await gzip(content, { level: zlib.Z_BEST_COMPRESSION })
          : await zopfliGzip(content);
      writeFileSync(gzFile, gzipped);
    }
    totals.files += 1;
    totals.raw += content.length;
    totals.gzip += gzipped.length;
  }
  await Promise.all(brotliWritten);
  return totals;
}
