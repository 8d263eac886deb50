/**
 * What each script a page loads before its first paint is for, for `npm run bench`: the build's
 * source map of the file says which modules it holds, and each module is counted under a part
 * (React, MUI, the router, RTK, Amplify, the app's shell, the page's code…) by its path, with the
 * size of its source (before minifying). The bench lists, for each page, the scripts Lighthouse
 * saw requested before Chromium painted, their bytes on the wire and these shares.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts a module can belong to: the first whose rule matches its path. */
const PARTS: [string, RegExp][] = [
  ['React', /node_modules\/(react|react-dom|scheduler)\//],
  ['router', /node_modules\/(react-router|react-router-dom)\//],
  ['MUI charts', /node_modules\/(@mui\/x-[^/]+|d3-[^/]+|@mui\/x-internals)\//],
  ['MUI', /node_modules\/(@mui|@emotion|stylis|@popperjs|react-transition-group|clsx)\//],
  ['RTK', /node_modules\/(@reduxjs|immer|reselect|react-redux|redux|redux-thunk)\//],
  ['Amplify', /node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)\//],
  ['Workbox', /node_modules\/workbox-[^/]+\//],
  ['other libraries', /node_modules\//],
  ['identity', /src\/api\/(identity|session)\//],
  ['API layer', /src\/api\//],
  ["owner's console", /src\/features\/owner\//],
  ["the page's code", /src\/features\//],
  ['app shell', /src\/(app|components|lib|config|main\.tsx)/],
  ['shared rules', /domain\//],
];

/** The share of each part in one of the build's files, largest first ("React 100%"). */
export function describeScript(dist: string, url: string): string {
  const file = path.join(dist, new URL(url, 'http://x').pathname);
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return 'no source map';
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
    sources: string[];
    sourcesContent?: (string | null)[];
  };
  const sizes = new Map<string, number>();
  map.sources.forEach((source, i) => {
    const part = PARTS.find(([, rule]) => rule.test(source))?.[0] ?? 'webpack runtime';
    sizes.set(part, (sizes.get(part) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
  });
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0) || 1;
  return [...sizes.entries()]
    .sort((a, b) => b[1] - a[1])
    .filter(([, size]) => size / total >= 0.03)
    .map(([part, size]) => `${part} ${Math.round((size / total) * 100)}%`)
    .join(', ');
}
