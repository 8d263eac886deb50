import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_PAGES, withPreloads, writeRoutePages } from '../../../scripts/build/routePreload';

const shell =
  '<!doctype html><html><head><title>App</title>' +
  '<script defer="defer" src="/assets/react.1.js" fetchpriority="high"></script>' +
  '<script defer="defer" src="/assets/main.2.js" fetchpriority="high"></script>' +
  '</head><body><div id="root"></div></body></html>';

describe('withPreloads', () => {
  it('announces, at low priority and once each, the scripts the shell does not load itself', () => {
    const html = withPreloads(shell, [
      'assets/main.2.js',
      'assets/dashboard.3.js',
      'assets/dashboard.3.css',
      'assets/4.4.js',
      'assets/dashboard.3.js',
    ]);
    expect(html.match(/<link [^>]*>/g)).toEqual([
      '<link rel="preload" as="script" href="/assets/dashboard.3.js" fetchpriority="low"/>',
      '<link rel="preload" as="script" href="/assets/4.4.js" fetchpriority="low"/>',
    ]);
    // At the end of the head: after the shell's own scripts, which are fetched first.
    expect(html.indexOf('rel="preload"')).toBeGreaterThan(html.lastIndexOf('<script'));
    expect(html.replace(/<link [^>]*>/g, '')).toBe(shell);
  });
});

describe('writeRoutePages', () => {
  const groups = Object.fromEntries(
    ROUTE_PAGES.flatMap(({ chunkGroups }) =>
      chunkGroups.map((group) => [group, [`assets/${group}.5.js`]]),
    ),
  );

  it("writes each page's shell with its groups' scripts announced", () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
    try {
      writeFileSync(path.join(dist, 'app.html'), shell);
      const written = writeRoutePages(dist, 'app.html', groups);
      for (const { page, chunkGroups } of ROUTE_PAGES) {
        const html = readFileSync(path.join(dist, page, 'index.html'), 'utf8');
        for (const group of chunkGroups) expect(html).toContain(`href="/assets/${group}.5.js"`);
        expect(written).toContainEqual({ page, preloads: chunkGroups.length });
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('fails, naming it, when a chunk group the page needs no longer exists', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
    try {
      writeFileSync(path.join(dist, 'app.html'), shell);
      const missing = ROUTE_PAGES[0].chunkGroups.at(-1)!;
      const rest = { ...groups };
      delete rest[missing];
      expect(() => writeRoutePages(dist, 'app.html', rest)).toThrow(`"${missing}"`);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
