/**
 * Image pipeline: the sources in assets/images/<set>/<name>.(svg|png|jpg|jpeg|webp)
 * become WebP files (and AVIF when listed in `settings.formats`) in several widths under
 * public/images/<set>/ (copied into dist/ by webpack), and src/config/images.generated.ts records
 * each image's intrinsic size, its srcsets, a fallback URL and a placeholder colour.
 *
 * - Output names carry a hash of the source bytes and the settings, so browsers may cache them
 *   forever and an unchanged source is never encoded twice (a second run takes well under a second).
 * - Outputs that no source produces any more are deleted.
 * - `--check` writes nothing and exits 1 when the manifest is stale (for CI).
 *
 * Usage: tsx scripts/build/images.ts [--check]
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { format, resolveConfig } from 'prettier';
import {
  IMAGE_SETTINGS,
  fallbackWidth,
  hexColor,
  imageWidths,
  type ImageFormat,
} from '../../domain/images';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCE_DIR = path.join(root, 'assets/images');
export const OUTPUT_DIR = path.join(root, 'public/images');
export const MANIFEST_FILE = path.join(root, 'src/config/images.generated.ts');
const PUBLIC_PREFIX = '/images';
const SOURCE_EXT = /\.(svg|png|jpe?g|webp)$/i;

type Format = ImageFormat;

/** The widths and qualities: shared with the server's gallery uploads (domain/images.ts). */
const settings = IMAGE_SETTINGS;

interface Source {
  id: string;
  set: string;
  name: string;
  file: string;
  bytes: Buffer;
  hash: string;
  width: number;
  height: number;
  vector: boolean;
}

interface Output {
  source: Source;
  width: number;
  format: Format;
  file: string;
  url: string;
}

async function listSources(): Promise<Source[]> {
  const sets = (await readdir(SOURCE_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const sources: Source[] = [];
  for (const set of sets) {
    const names = (await readdir(path.join(SOURCE_DIR, set))).filter((f) => SOURCE_EXT.test(f));
    for (const fileName of names.sort()) {
      const file = path.join(SOURCE_DIR, set, fileName);
      const bytes = await readFile(file);
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) throw new Error(`${file}: unknown dimensions`);
      const name = fileName.replace(SOURCE_EXT, '');
      const hash = createHash('sha256')
        .update(bytes)
        .update(JSON.stringify(settings))
        .digest('hex')
        .slice(0, 10);
      sources.push({
        id: `${set}/${name}`,
        set,
        name,
        file,
        bytes,
        hash,
        width: meta.width,
        height: meta.height,
        vector: meta.format === 'svg',
      });
    }
  }
  return sources;
}

const widthsFor = (source: Source): number[] => imageWidths(source.width, source.vector);

function outputsFor(source: Source): Output[] {
  return widthsFor(source).flatMap((width) =>
    settings.formats.map((fmt) => {
      const base = `${source.name}-${width}.${source.hash}.${fmt}`;
      return {
        source,
        width,
        format: fmt,
        file: path.join(OUTPUT_DIR, source.set, base),
        url: `${PUBLIC_PREFIX}/${source.set}/${base}`,
      };
    }),
  );
}

async function encode(output: Output): Promise<void> {
  const { source, width } = output;
  // Rasterise vectors at the target size (crisp edges) instead of shrinking a large bitmap.
  const density = source.vector ? (72 * width) / source.width : undefined;
  let image = sharp(source.bytes, density ? { density } : {}).resize({ width });
  image =
    output.format === 'avif' ? image.avif({ ...settings.avif }) : image.webp({ ...settings.webp });
  const tmp = `${output.file}.tmp`;
  await image.toFile(tmp);
  await rename(tmp, output.file);
}

async function placeholderColor(source: Source): Promise<string> {
  const density = source.vector ? (72 * 32) / source.width : undefined;
  const { dominant } = await sharp(source.bytes, density ? { density } : {})
    .resize(32)
    .stats();
  return hexColor(dominant);
}

const srcSet = (outputs: Output[], fmt: Format) =>
  outputs
    .filter((o) => o.format === fmt)
    .map((o) => `${o.url} ${o.width}w`)
    .join(', ');

async function manifestText(sources: Source[]): Promise<string> {
  const entries: string[] = [];
  for (const source of sources) {
    const outputs = outputsFor(source);
    const webps = outputs.filter((o) => o.format === 'webp');
    const widest = fallbackWidth(webps.map((o) => o.width));
    const fallback = webps.find((o) => o.width === widest)!;
    const entry = {
      width: source.width,
      height: source.height,
      color: await placeholderColor(source),
      src: fallback.url,
      srcSet: Object.fromEntries(settings.formats.map((fmt) => [fmt, srcSet(outputs, fmt)])),
    };
    entries.push(`${JSON.stringify(source.id)}: ${JSON.stringify(entry)},`);
  }
  const text = `/**
 * GENERATED by scripts/build/images.ts from assets/images; do not edit (run \`npm run images\`).
 * Intrinsic size, srcsets, fallback URL and placeholder colour of each image.
 */
export interface GeneratedImage {
  width: number;
  height: number;
  color: string;
  src: string;
  srcSet: { webp: string; avif?: string };
}

export const generatedImages = {
${entries.join('\n')}
} satisfies Record<string, GeneratedImage>;

export type ImageId = keyof typeof generatedImages;
`;
  const config = (await resolveConfig(MANIFEST_FILE)) ?? {};
  return format(text, { ...config, filepath: MANIFEST_FILE });
}

async function removeStale(expected: Set<string>): Promise<number> {
  if (!existsSync(OUTPUT_DIR)) return 0;
  let removed = 0;
  for (const set of await readdir(OUTPUT_DIR, { withFileTypes: true })) {
    if (!set.isDirectory()) continue;
    const dir = path.join(OUTPUT_DIR, set.name);
    for (const f of await readdir(dir)) {
      const file = path.join(dir, f);
      if (!expected.has(file)) {
        await rm(file);
        removed += 1;
      }
    }
  }
  return removed;
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  });
  await Promise.all(workers);
}

export interface ImagesResult {
  sources: number;
  encoded: number;
  reused: number;
  removed: number;
  bytes: number;
  ms: number;
}

/** Generates what is missing, removes what is stale and rewrites the manifest when it changed. */
export async function buildImages(): Promise<ImagesResult> {
  const started = performance.now();
  const sources = await listSources();
  const outputs = sources.flatMap(outputsFor);
  const missing = outputs.filter((o) => !existsSync(o.file));
  for (const dir of new Set(outputs.map((o) => path.dirname(o.file))))
    await mkdir(dir, { recursive: true });
  await pool(missing, 2, encode);
  const removed = await removeStale(new Set(outputs.map((o) => o.file)));
  const text = await manifestText(sources);
  const current = existsSync(MANIFEST_FILE) ? await readFile(MANIFEST_FILE, 'utf8') : '';
  if (current !== text) await writeFile(MANIFEST_FILE, text);
  let bytes = 0;
  for (const o of outputs) bytes += (await stat(o.file)).size;
  return {
    sources: sources.length,
    encoded: missing.length,
    reused: outputs.length - missing.length,
    removed,
    bytes,
    ms: Math.round(performance.now() - started),
  };
}

/** True when the committed manifest matches the sources. */
export async function manifestIsFresh(): Promise<boolean> {
  const text = await manifestText(await listSources());
  return existsSync(MANIFEST_FILE) && (await readFile(MANIFEST_FILE, 'utf8')) === text;
}

const invokedDirectly =
  process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  if (process.argv.includes('--check')) {
    const fresh = await manifestIsFresh();
    console.log(
      fresh
        ? 'images: manifest is up to date'
        : 'images: src/config/images.generated.ts is stale; run `npm run images`',
    );
    process.exit(fresh ? 0 : 1);
  }
  const r = await buildImages();
  console.log(
    `images: ${r.sources} sources, ${r.encoded} encoded, ${r.reused} reused, ${r.removed} removed, ` +
      `${(r.bytes / 1024).toFixed(0)} KB in public/images, ${r.ms} ms`,
  );
}
