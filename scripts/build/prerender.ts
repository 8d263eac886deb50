/**
 * Prerendering of the public pages at build time: the renderer the server shares
 * (server/site/pageRenderer.ts) renders each page with the seeded offer and working hours, and
 * each page is written beside its gzip (./pageWeight.ts). / becomes dist/index.html, /services
 * dist/services/index.html, and so on (docs/architecture.md, "Public pages: static HTML with
 * islands"). The server bundle and the renderer's manifest stay in SSR_OUTPUT_DIR, from where the
 * server bundle's build copies them (./serverBundle.ts).
 *
 * Runs as part of `npm run build` (scripts/build/build.ts); `tsx scripts/build/prerender.ts` re-runs it
 * on an existing build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RULES, type AvailabilityRules } from '../../domain/availability';
import {
  RENDERER_MANIFEST,
  renderSitePages,
  type ChunkAssets,
  type RendererManifest,
} from '../../server/site/pageRenderer';
import { firstRoundTripWarning } from '../../server/site/pageWeight';
import { writeWithGzip } from './pageWeight';
import { APP_ENTRY, ISLANDS_ENTRY, SHELL_FILE, SSR_OUTPUT_DIR } from '../../webpack.config';

/** Writes what the renderer needs of the client build beside the server bundle. */
export function writeRendererManifest(chunkAssets: ChunkAssets, rendererDir = SSR_OUTPUT_DIR) {
  const manifest: RendererManifest = {
    shellFile: SHELL_FILE,
    appEntry: APP_ENTRY,
    islandsEntry: ISLANDS_ENTRY,
    chunkAssets,
  };
  writeFileSync(path.join(rendererDir, RENDERER_MANIFEST), JSON.stringify(manifest));
}

/**
 * `rules`: the owner's availability rules whose working hours the pages show; the seeded rules
 * at build. Returns the files written.
 */
export async function prerender({
  dist,
  rules = DEFAULT_RULES,
  log = console.log,
}: {
  dist: string;
  rules?: Pick<AvailabilityRules, 'week'>;
  log?: (line: string) => void;
}): Promise<string[]> {
  const written: string[] = [];
  for (const page of await renderSitePages({ dist, rendererDir: SSR_OUTPUT_DIR, rules })) {
    const file = path.join(dist, page.file);
    mkdirSync(path.dirname(file), { recursive: true });
    const gzipped = await writeWithGzip(file, page.html);
    written.push(file);
    log(
      `  prerendered ${page.urlPath.padEnd(10)} → ${page.file} ` +
        `(${(page.htmlBytes / 1024).toFixed(1)} KB HTML, ` +
        `${(page.cssBytes / 1024).toFixed(1)} KB CSS, ` +
        `page ${(gzipped / 1024).toFixed(1)} KB gzip, ` +
        `islands: ${page.islands.join(', ') || 'none'}, ${page.ms} ms)`,
    );
    const warning = firstRoundTripWarning(page.urlPath, gzipped);
    if (warning) log(warning);
  }
  return written;
}

/** `tsx scripts/build/prerender.ts`: prerender again from dist/ and the last server bundle. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prerender({ dist: path.resolve('dist') });
}
