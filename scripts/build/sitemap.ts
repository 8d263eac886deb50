/**
 * dist/sitemap.xml and dist/robots.txt, from the list of pages the prerender wrote (the public
 * pages): search engines get exactly those, and are kept out of the app's private routes.
 */
import path from 'node:path';

/** Routes of the app that no search engine should crawl. */
export const DISALLOWED_PATHS = ['/dashboard', '/auth', '/owner'] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The URL path of a prerendered page file: dist/index.html → /, dist/terms/index.html → /terms. */
export function urlPathOf(dist: string, file: string): string {
  const folder = path.relative(dist, path.dirname(file)).split(path.sep).join('/');
  return `/${folder}`;
}

export function sitemapXml(siteUrl: string, urlPaths: readonly string[]): string {
  const urls = urlPaths
    .map((urlPath) => `  <url><loc>${escapeXml(base(siteUrl) + urlPath)}</loc></url>`)
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  );
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((disallowed) => `Disallow: ${disallowed}`),
    '',
    `Sitemap: ${base(siteUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The page URLs a sitemap lists (its <loc> values). */
export function sitemapLocations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}
