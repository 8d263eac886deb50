/**
 * The public pages kept in step with what they show (docs/product.md, "The business's offer"):
 * when the owner publishes the offer or changes the working hours, and when the server starts,
 * the pages are rendered again (./pageRenderer.ts, the build's renderer) from the published offer
 * and the stored rules, and written where visitors get them:
 * - into the site's folder the static server reads (`dir`: serve.ts's dist/, the local stacks'
 *   build), each page beside its brotli and gzip, as the build writes them (the static server
 *   prefers those); each file is written whole and renamed into place;
 * - with `bucket`, into the site's S3 bucket too (the keys the deploy syncs: `index.html`,
 *   `services/index.html`, …), then CloudFront forgets those paths only (`distributionId`).
 * One update at a time: a publish made while one runs waits for it, then renders what is
 * published by then. A failure is logged and answered (`failed` and why); it never undoes the
 * publish, and the next update writes every page again.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AvailabilityRules } from '../../domain/availability';
import type { SitePagesUpdate } from '../../domain/contract/types';
import type { SiteOffer } from '../../domain/pageOffer';
import type { SitePagesSettings } from '../platform/config';
import { RENDERER_MANIFEST, renderSitePages, type SitePage } from './pageRenderer';

/** What the pages show, read when an update starts. */
export interface PagesSource {
  offer: SiteOffer;
  rules: Pick<AvailabilityRules, 'week'>;
}

export interface SitePages {
  /** Renders and writes every page (after the update in progress, if any). */
  update(reason: string): Promise<SitePagesUpdate>;
}

interface Log {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes `content` to `file` through a temporary file, so a reader never gets half of it. */
function writeWhole(file: string, content: string | Uint8Array) {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** The page, its brotli (quality 11) and its gzip (level 9) into the site's folder. */
async function writeLocal(dir: string, page: SitePage) {
  const file = path.join(dir, ...page.file.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  const [br, gz] = await Promise.all([
    brotli(page.html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(page.html, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  // The compressed copies first: until the page itself is renamed into place, a client that
  // takes brotli may get the new page a moment before one that does not.
  writeWhole(`${file}.br`, br);
  writeWhole(`${file}.gz`, gz);
  writeWhole(file, page.html);
}

/**
 * The CloudFront paths that answer with a page: `/` and `/index.html` for the home page;
 * `/services`, `/services/` and `/services/index.html` for the others.
 */
export function invalidationPaths(pages: Pick<SitePage, 'urlPath' | 'file'>[]): string[] {
  return pages.flatMap(({ urlPath, file }) =>
    urlPath === '/' ? ['/', `/${file}`] : [urlPath, `${urlPath}/`, `/${file}`],
  );
}

/** The pages into the site's bucket, then CloudFront told to forget exactly those paths. */
export async function publishToBucket(
  pages: SitePage[],
  target: { bucket: string; distributionId: string },
  clients: { s3: S3Client; cloudFront: CloudFrontClient },
): Promise<void> {
  for (const page of pages) {
    await clients.s3.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: page.file,
        Body: page.html,
        ContentType: 'text/html; charset=utf-8',
        // As the static server: the page is checked again at every visit.
        CacheControl: 'no-cache',
      }),
    );
  }
  const paths = invalidationPaths(pages);
  await clients.cloudFront.send(
    new CreateInvalidationCommand({
      DistributionId: target.distributionId,
      InvalidationBatch: {
        CallerReference: `pages-${Date.now()}-${randomUUID()}`,
        Paths: { Quantity: paths.length, Items: paths },
      },
    }),
  );
}

/** `null` when the settings name no site or no renderer (the API alone): nothing to update. */
export function createSitePages(
  settings: SitePagesSettings | undefined,
  read: () => PagesSource,
  log: Log,
  clients?: { s3: S3Client; cloudFront: CloudFrontClient },
): SitePages {
  const usable =
    settings !== undefined &&
    existsSync(path.join(settings.rendererDir, RENDERER_MANIFEST)) &&
    existsSync(settings.dir);
  if (!usable) {
    return {
      update: async () => ({
        status: 'none',
        paths: [],
        message: 'This server has no public pages to update.',
      }),
    };
  }
  const { bucket } = settings;
  const aws =
    bucket && !clients ? { s3: new S3Client({}), cloudFront: new CloudFrontClient({}) } : clients;
  let last: Promise<unknown> = Promise.resolve();

  const run = async (reason: string): Promise<SitePagesUpdate> => {
    const started = performance.now();
    let written: string[] = [];
    try {
      const { offer, rules } = read();
      const pages = await renderSitePages({
        dist: settings.dir,
        rendererDir: settings.rendererDir,
        offer,
        rules,
      });
      for (const page of pages) await writeLocal(settings.dir, page);
      written = pages.map((page) => page.urlPath);
      if (bucket && aws)
        await publishToBucket(
          pages,
          { bucket, distributionId: settings.distributionId ?? '' },
          aws,
        );
      const ms = Math.round(performance.now() - started);
      log.info(
        { reason, version: offer.version, pages: written.length, ms },
        'the public pages were updated',
      );
      return { status: 'updated', paths: written, message: 'The public pages show this offer.' };
    } catch (error) {
      const why = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
      log.error({ err: error, reason, written }, 'the public pages could not be updated');
      return {
        status: 'failed',
        paths: written,
        message: `The public pages could not be updated (${why}). Publish again to retry.`,
      };
    }
  };

  return {
    update(reason) {
      const next = last.then(() => run(reason));
      last = next;
      return next;
    },
  };
}
