import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where signing in lands, /dashboard, gets a page of its own: the app's shell (dist/app.html)
 * with the code of its first render announced in the HTML (`<link rel="preload">`), so the
 * browser fetches it with the shell's scripts instead of in a second round trip once they have
 * run and the router has matched the address (docs/architecture.md, "The dashboard's first
 * paint"). `chunkGroups` are the names the imports of src/app/routes.tsx give the route's lazy
 * modules (`webpackChunkName`): the customer features, the session guard and the dashboard with
 * its overview. Other addresses keep the plain shell (the host's fallback).
 */
export const ROUTE_PAGES = [
  { page: 'dashboard', chunkGroups: ['app-services', 'require-auth', 'dashboard'] },
] as const;

/** The scripts a page's HTML loads (`<script src>`), in order. */
const scriptSources = (html: string): string[] =>
  [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);

/**
 * The shell with preload links, at the end of its head, for `files` (webpack's asset names)
 * that it does not load itself. Low priority: they are of no use before the shell's own scripts
 * have run, so those keep the bandwidth first.
 */
export function withPreloads(shell: string, files: readonly string[], publicPath = '/'): string {
  const loaded = new Set(scriptSources(shell));
  const links = [...new Set(files)]
    .filter((file) => file.endsWith('.js'))
    .map((file) => `${publicPath}${file}`)
    .filter((href) => !loaded.has(href))
    .map((href) => `<link rel="preload" as="script" href="${href}" fetchpriority="low"/>`)
    .join('');
  if (!shell.includes('</head>')) throw new Error('The shell has no </head>');
  return shell.replace('</head>', `${links}</head>`);
}

/**
 * Writes each of ROUTE_PAGES as `<page>/index.html` in `dist`, from the shell `shellFile` and
 * the build's chunk groups (name → asset files). A group that no longer exists fails: the names
 * live in src/app/routes.tsx.
 */
export function writeRoutePages(
  dist: string,
  shellFile: string,
  chunkAssets: Readonly<Record<string, readonly string[]>>,
): { page: string; preloads: number }[] {
  const shell = readFileSync(path.join(dist, shellFile), 'utf8');
  return ROUTE_PAGES.map(({ page, chunkGroups }) => {
    const files = chunkGroups.flatMap((group) => {
      const assets = chunkAssets[group];
      if (!assets) throw new Error(`No chunk group "${group}" for /${page} (src/app/routes.tsx)`);
      return assets;
    });
    const html = withPreloads(shell, files);
    mkdirSync(path.join(dist, page), { recursive: true });
    writeFileSync(path.join(dist, page, 'index.html'), html);
    return { page, preloads: html.split('rel="preload"').length - 1 };
  });
}
