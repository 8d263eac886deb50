/**
 * The public pages follow what they show (docs/product.md, "The business's offer"): a publish
 * renders them again from the published offer, and a change of the owner's working hours from
 * the stored rules, with the build's renderer (server/site/pageRenderer.ts) and the real server
 * bundle of src/app/ssr.tsx (built here once, as `npm run build` does), into the site's folder
 * the static server reads, beside their brotli and gzip. A failure loses nothing: the offer is
 * published, the answer says the pages were not updated, and publishing again updates them.
 * In production the pages also go to the site's bucket and CloudFront forgets those paths only.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_OFFER, type Offer } from '../../domain/offer';
import { DEFAULT_RULES, visitorHours, type AvailabilityRules } from '../../domain/availability';
import { repoRoot } from '../../domain/paths';
import { RENDERER_MANIFEST, SSR_FILE } from '../../server/site/pageRenderer';
import { createSitePages } from '../../server/site/sitePages';
import { call, finished, runTs, serveApiForTests, until } from './helpers';

type Json = Record<string, unknown>;

const work = mkdtempSync(path.join(os.tmpdir(), 'site-pages-'));
const rendererDir = path.join(work, 'ssr');
const siteDir = path.join(work, 'dist');

/**
 * The server bundle, built from the sources as the build does; the client build's part of the
 * manifest (the shell and the chunk groups) is a small stand-in with the same shape.
 */
async function buildRenderer() {
  const build = runTs(
    path.join(repoRoot, 'test/server/fixtures/buildSsrBundle.ts'),
    [rendererDir],
    {},
  );
  const { code, err } = await finished(build);
  if (code !== 0) throw new Error(`The server bundle did not build: ${err}`);
  const chunkAssets = {
    main: ['assets/main.js'],
    islands: ['assets/islands.js'],
    'island-header': ['assets/header.js'],
    'island-quote': ['assets/quote.js'],
    'island-gallery': ['assets/gallery.js', 'assets/gallery.css'],
  };
  writeFileSync(
    path.join(rendererDir, RENDERER_MANIFEST),
    JSON.stringify({
      shellFile: 'app.html',
      appEntry: 'main',
      islandsEntry: 'islands',
      chunkAssets,
    }),
  );
  mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
  writeFileSync(path.join(siteDir, 'assets/gallery.css'), '.slick-slider { position: relative; }');
  writeFileSync(
    path.join(siteDir, 'app.html'),
    '<!doctype html><html lang="en"><head><title>Shine</title>' +
      '<meta name="description" content="Shine"/><script defer src="/assets/main.js"></script>' +
      '</head><body><div id="root"><noscript>JavaScript</noscript></div></body></html>',
  );
}

// Before the API starts, which renders the pages at once (a deploy writes the seeded ones).
beforeAll(buildRenderer, 180_000);
const served = serveApiForTests({ sitePages: { dir: siteDir, rendererDir } });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const owner = async (method: string, url: string, body?: unknown) =>
  call(served.api.baseUrl, method, url, {
    token: await served.idp.ownerToken('pages-owner'),
    body,
  });

const page = (file: string) => readFileSync(path.join(siteDir, file), 'utf8');

async function publish(change: (offer: Offer) => void) {
  const offer = structuredClone(DEFAULT_OFFER);
  change(offer);
  expect((await owner('PUT', '/owner/offer/draft', offer)).status).toBe(200);
  return owner('POST', '/owner/offer/publish');
}

describe('Publish renders the public pages again from the published offer', () => {
  it('writes /services with the new Sedan price and town, with its brotli and gzip', async () => {
    // At start, the pages of the published offer (the seeded one here).
    await until(
      () => existsSync(path.join(siteDir, 'services/index.html')),
      'the pages at start',
      30_000,
    );
    expect(page('services/index.html')).toContain('$90');
    expect(page('services/index.html')).not.toContain('$95');

    const answer = await publish((offer) => {
      offer.vehicleTypes.Sedan.price = 95;
      offer.towns.push('Fuquay-Varina');
    });
    expect(answer.status).toBe(200);
    expect((answer.body as Json).pages).toEqual({
      status: 'updated',
      paths: ['/', '/services', '/gallery', '/contact', '/booking', '/privacy', '/terms'],
      message: 'The public pages show this offer.',
    });
    const services = page('services/index.html');
    expect(services).toContain('$95');
    expect(services).toContain('Fuquay-Varina');
    // What a browser that takes brotli or gzip gets is the same page.
    const file = path.join(siteDir, 'services/index.html');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(services);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(services);
    // The quote form on / prices with the published offer it carries (no fetch).
    const block = /<script type="application\/json" id="site-offer">(.*?)<\/script>/.exec(
      page('index.html'),
    );
    const embedded = JSON.parse(block![1]!) as { version: number; offer: Offer };
    expect(embedded.version).toBe((answer.body as Json).version);
    expect(embedded.offer.vehicleTypes.Sedan.price).toBe(95);
    expect(embedded.offer.towns).toContain('Fuquay-Varina');
  }, 60_000);

  it("shows Monday's new working hours in the footer and on /contact once the rules change", async () => {
    const rules = (await owner('GET', '/owner/availability')).body as AvailabilityRules;
    // Every day alike: one line for the week (the test server's long days).
    const before = visitorHours(rules);
    expect(before).toEqual([expect.stringMatching(/^Mon-Sun /)]);
    expect(page('contact/index.html')).toContain(before[0]);
    const changed: AvailabilityRules = {
      ...rules,
      week: {
        ...rules.week,
        monday: { open: true, start: '08:00', end: '14:00', times: ['08:00', '10:00', '12:00'] },
      },
    };
    expect((await owner('PUT', '/owner/availability', changed)).status).toBe(200);
    await until(() => page('contact/index.html').includes('Mon 8am-2pm'), 'the new hours', 30_000);
    for (const file of ['contact/index.html', 'services/index.html', 'index.html']) {
      const footer = page(file).slice(page(file).lastIndexOf('<footer'));
      expect(footer).toContain('Mon 8am-2pm');
      expect(footer).toContain(before[0]!.replace('Mon-Sun', 'Tue-Sun'));
      expect(footer).not.toContain(before[0]);
    }
  }, 60_000);

  it('keeps the publish when the pages cannot be rendered, says so, and a retry writes them', async () => {
    const bundle = path.join(rendererDir, SSR_FILE);
    renameSync(bundle, `${bundle}.away`);
    let failed;
    try {
      failed = await publish((offer) => {
        offer.vehicleTypes.Sedan.price = 97;
      });
    } finally {
      renameSync(`${bundle}.away`, bundle);
    }
    expect(failed.status).toBe(200);
    const pages = (failed.body as Json).pages as Json;
    expect(pages.status).toBe('failed');
    expect(pages.message).toMatch(
      /^The public pages could not be updated \(.+\)\. Publish again to retry\.$/,
    );
    // Published all the same: new quotes are priced by it; the pages still show the last one.
    const published = (await call(served.api.baseUrl, 'GET', '/offer')).body as {
      offer: Offer;
    };
    expect(published.offer.vehicleTypes.Sedan.price).toBe(97);
    expect(page('services/index.html')).toContain('$95');

    const retry = await owner('POST', '/owner/offer/publish');
    expect(((retry.body as Json).pages as Json).status).toBe('updated');
    expect(page('services/index.html')).toContain('$97');
  }, 60_000);
});

describe('in production, the site bucket and CloudFront', () => {
  const s3 = mockClient(S3Client);
  const cloudFront = mockClient(CloudFrontClient);
  const copy = path.join(work, 'production-dist');
  beforeAll(() => cpSync(siteDir, copy, { recursive: true }));
  afterEach(() => {
    s3.reset();
    cloudFront.reset();
  });

  const pagesOf = (logged: string[]) =>
    createSitePages(
      { dir: copy, rendererDir, bucket: 'shine-site', distributionId: 'E2SHINE' },
      () => ({
        offer: { version: 9, offer: { ...DEFAULT_OFFER, towns: ['Cary', 'Fuquay-Varina'] } },
        rules: DEFAULT_RULES,
      }),
      { info: () => undefined, error: (_fields, message) => void logged.push(message) },
      { s3: s3 as unknown as S3Client, cloudFront: cloudFront as unknown as CloudFrontClient },
    );

  it('puts each page at its key, then invalidates exactly those paths', async () => {
    s3.on(PutObjectCommand).resolves({});
    cloudFront.on(CreateInvalidationCommand).resolves({});
    const update = await pagesOf([]).update('test');
    expect(update.status).toBe('updated');
    const puts = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(puts.map((input) => input.Key)).toEqual([
      'index.html',
      'services/index.html',
      'gallery/index.html',
      'contact/index.html',
      'booking/index.html',
      'privacy/index.html',
      'terms/index.html',
    ]);
    for (const input of puts) {
      expect(input).toMatchObject({
        Bucket: 'shine-site',
        ContentType: 'text/html; charset=utf-8',
      });
    }
    expect(String(puts[1]!.Body)).toContain('Fuquay-Varina');
    const invalidations = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(invalidations).toHaveLength(1);
    const input = invalidations[0]!.args[0].input;
    expect(input.DistributionId).toBe('E2SHINE');
    expect(input.InvalidationBatch?.Paths?.Items).toEqual([
      '/',
      '/index.html',
      ...['/services', '/gallery', '/contact', '/booking', '/privacy', '/terms'].flatMap((p) => [
        p,
        `${p}/`,
        `${p}/index.html`,
      ]),
    ]);
    expect(input.InvalidationBatch?.Paths?.Quantity).toBe(20);
  }, 60_000);

  it('answers failed (logged) when S3 refuses, invalidates nothing, and the next update puts them again', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    const logged: string[] = [];
    const pages = pagesOf(logged);
    const update = await pages.update('test');
    expect(update).toMatchObject({ status: 'failed' });
    expect(update.message).toContain('AccessDenied');
    expect(logged).toEqual(['the public pages could not be updated']);
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(0);

    s3.on(PutObjectCommand).resolves({});
    cloudFront.on(CreateInvalidationCommand).resolves({});
    expect((await pages.update('retry')).status).toBe('updated');
    expect(s3.commandCalls(PutObjectCommand).length).toBe(1 + 7);
  }, 60_000);

  it('runs one update at a time: a second waits for the first to finish', async () => {
    const order: string[] = [];
    s3.on(PutObjectCommand).callsFake(async (input: { Key: string }) => {
      order.push(`put ${input.Key}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {};
    });
    cloudFront.on(CreateInvalidationCommand).callsFake(async () => {
      order.push('invalidate');
      return {};
    });
    const pages = pagesOf([]);
    const [first, second] = await Promise.all([pages.update('one'), pages.update('two')]);
    expect([first.status, second.status]).toEqual(['updated', 'updated']);
    // Seven puts and their invalidation, then the next seven and theirs: never mixed.
    expect(order.filter((step) => step === 'invalidate')).toHaveLength(2);
    expect(order.indexOf('invalidate')).toBe(7);
    expect(order.lastIndexOf('invalidate')).toBe(15);
  }, 60_000);
});
