/**
 * `npx tsx test/e2e/readme-screenshots.ts` (after `npm run test:e2e`): the README's
 * screenshots. Takes the first screen of a few of the suite's full-page screenshots
 * (test-results/screenshots/) and writes them as small palette PNGs to docs/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ownerViewports, viewports, type ViewportName } from './support/routes';

const root = path.resolve(import.meta.dirname, '../..');
const from = path.join(root, 'test-results/screenshots');
const to = path.join(root, 'docs/screenshots');
const routes = ['home', 'services', 'dashboard', 'dashboard-bookings'];

/** The owner console's inbox and day route, from the owner's accessibility check. */
const ownerShots = ['owner-inbox', 'owner-route'];

const shots = [
  ...(Object.keys(viewports) as ViewportName[]).map((name) => ({
    name,
    size: viewports[name],
    routes,
  })),
  ...Object.entries(ownerViewports).map(([name, size]) => ({ name, size, routes: ownerShots })),
];

mkdirSync(to, { recursive: true });
for (const { name: viewport, size, routes: names } of shots) {
  const { width, height } = size;
  for (const route of names) {
    const source = sharp(path.join(from, viewport, `${route}.png`));
    const meta = await source.metadata();
    const file = path.join(to, `${route}-${viewport}.png`);
    const info = await source
      .extract({ left: 0, top: 0, width, height: Math.min(height, meta.height ?? height) })
      .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
      .toFile(file);
    console.log(`${path.relative(root, file)}  ${(info.size / 1024).toFixed(0)} KB`);
  }
}
