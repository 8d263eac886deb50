/**
 * The API as plain JavaScript for production: server/main.ts (the API alone), server/serve.ts
 * (the site and the API on one port) and server/cli.ts (operator commands) bundled by esbuild
 * into dist-server/, the packages left as imports (installed with `npm ci --omit=dev`). Run with
 * `node dist-server/main.cjs` from the folder holding openapi.yaml (and dist/ for serve.cjs): no
 * TypeScript loader at run time. Beside them, in dist-server/ssr/, the server-rendering bundle and
 * the renderer's manifest (scripts/build/prerender.ts): the server renders the public pages again
 * with them when the owner publishes (server/site/sitePages.ts; SITE_RENDERER_DIR).
 */
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { RENDERER_MANIFEST, SSR_FILE } from '../../server/site/pageRenderer';
import { SSR_OUTPUT_DIR } from '../../webpack.config';

export const SERVER_BUNDLE_DIR = 'dist-server';
/** The renderer's folder in the server bundle's (server/site/sitePages.ts looks there first). */
export const RENDERER_SUBDIR = 'ssr';
const ENTRIES = ['server/main.ts', 'server/serve.ts', 'server/cli.ts'];

export async function buildServerBundle(root: string, outdir = path.join(root, SERVER_BUNDLE_DIR)) {
  await build({
    entryPoints: ENTRIES.map((entry) => path.join(root, entry)),
    outdir,
    bundle: true,
    platform: 'node',
    // CommonJS: resolves the packages' extensionless subpaths (ajv/dist/2020) as tsx does.
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // After webpack's build (`npm run build`); the API's own tests bundle it without one.
  if (existsSync(path.join(SSR_OUTPUT_DIR, RENDERER_MANIFEST))) {
    const rendererDir = path.join(outdir, RENDERER_SUBDIR);
    mkdirSync(rendererDir, { recursive: true });
    for (const file of [SSR_FILE, RENDERER_MANIFEST])
      cpSync(path.join(SSR_OUTPUT_DIR, file), path.join(rendererDir, file));
  }
  return outdir;
}
