/**
 * What keeps a prerendered page within the first round trip of a connection (docs/architecture.md,
 * "The first round trip"): the static parts lose what only hydration or a stylesheet would read,
 * and stylesheets are minified. The page renderer (./pageRenderer.ts) applies it to every page,
 * at build time and when the server regenerates the pages; the build writes each page beside its
 * gzip (scripts/build/pageWeight.ts).
 */
import CleanCSS from 'clean-css';
import { ISLAND_ATTRIBUTE } from '../../domain/islandMarkers';

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
