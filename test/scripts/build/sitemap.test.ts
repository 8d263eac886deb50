import path from 'node:path';
import { prerenderedPaths } from '../../../src/app/routes';
import {
  DISALLOWED_PATHS,
  robotsTxt,
  sitemapLocations,
  sitemapXml,
  urlPathOf,
} from '../../../scripts/build/sitemap';

const SITE = 'https://detailing.example.com/';

describe('sitemap.xml and robots.txt', () => {
  it('lists exactly the pages the prerender writes, under the site URL', () => {
    const dist = path.join('/build', 'dist');
    // The files scripts/build/prerender.ts writes for its list of public pages.
    const written = prerenderedPaths.map((urlPath) =>
      path.join(dist, urlPath.replace(/^\/+/, ''), 'index.html'),
    );
    const xml = sitemapXml(
      SITE,
      written.map((file) => urlPathOf(dist, file)),
    );
    expect(sitemapLocations(xml)).toEqual(
      prerenderedPaths.map((urlPath) => `https://detailing.example.com${urlPath}`),
    );
    expect(sitemapLocations(xml)).toEqual(
      expect.arrayContaining([
        'https://detailing.example.com/privacy',
        'https://detailing.example.com/terms',
      ]),
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it('keeps crawlers out of the dashboard, sign-in and owner routes, and points to the sitemap', () => {
    expect(robotsTxt(SITE)).toBe(
      'User-agent: *\nDisallow: /dashboard\nDisallow: /auth\nDisallow: /owner\n\n' +
        'Sitemap: https://detailing.example.com/sitemap.xml\n',
    );
    expect(
      DISALLOWED_PATHS.filter((route) => prerenderedPaths.some((p) => p.startsWith(route))),
    ).toEqual([]);
  });

  it('escapes what XML needs escaped', () => {
    expect(sitemapLocations(sitemapXml('https://x.test/?a=1&b=2', ['/']))).toEqual([
      'https://x.test/?a=1&b=2/',
    ]);
    expect(sitemapXml('https://x.test/?a=1&b=2', ['/'])).toContain('&amp;b=2');
  });
});
