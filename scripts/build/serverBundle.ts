/**
 * The API as plain JavaScript for production: server/main.ts (the API alone), server/serve.ts
 * (the site and the API on one port) and server/cli.ts (operator commands) bundled by esbuild
 * into dist-server/, the packages left as imports (installed with `npm ci --omit=dev`). Run with
 * `node dist-server/main.cjs` from the folder holding openapi.yaml (and dist/ for serve.cjs): no
 * TypeScript loader at run time.
 */
import path from 'node:path';
import { build } from 'esbuild';

export const SERVER_BUNDLE_DIR = 'dist-server';
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
  return outdir;
}
