/**
 * The build's compressed files (docs/architecture.md, "The first round trip"): each prerendered
 * page (slimmed by server/site/pageWeight.ts) is written beside its gzip (zopfli); at the end of
 * the build every text file gets its brotli and gzip beside it, for servers that send
 * precompressed files (server/platform/staticSite.ts, nginx's `gzip_static`).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';

/**
 * zopfli (WebAssembly, compiled by Emscripten) installs process-wide `uncaughtException` and
 * `unhandledRejection` handlers when it loads, which would take over the build's own errors: it
 * is loaded on first use and those handlers are removed again.
 */
let zopfli: Promise<typeof import('@gfx/zopfli')> | undefined;
function loadZopfli() {
  zopfli ??= (async () => {
    const exceptionHandlers = process.listeners('uncaughtException');
    const rejectionHandlers = process.listeners('unhandledRejection');
    const module = await import('@gfx/zopfli');
    for (const handler of process.listeners('uncaughtException')) {
      if (!exceptionHandlers.includes(handler)) {
        process.removeListener('uncaughtException', handler);
      }
    }
    for (const handler of process.listeners('unhandledRejection')) {
      if (!rejectionHandlers.includes(handler)) {
        process.removeListener('unhandledRejection', handler);
      }
    }
    return module;
  })();
  return zopfli;
}

/** The best gzip there is (zopfli) of `content`, for `gzip_static`. */
async function zopfliGzip(content: string | Buffer): Promise<Uint8Array> {
  const { gzipAsync } = await loadZopfli();
  return gzipAsync(Buffer.from(content), { numiterations: 15 });
}

/** Writes `file` and, beside it, `file`.gz: the best gzip there is, for `gzip_static`. */
export async function writeWithGzip(file: string, content: string): Promise<number> {
  const gzipped = await zopfliGzip(content);
  writeFileSync(file, content);
  writeFileSync(`${file}.gz`, gzipped);
  return gzipped.length;
}

/**
 * The build's files that compress: pages, scripts, style sheets and the other text files. Source
 * maps are left out: only a browser's developer tools fetch them.
 */
const COMPRESSIBLE = /\.(html|js|css|svg|json|webmanifest|txt|xml)$/;

/**
 * zopfli takes about 15 s a megabyte here (36 s for the API reference's 2.3 MB Redoc bundle) for
 * 4% less than zlib's level 9: a larger file gets level 9.
 */
const ZOPFLI_MAX_BYTES = 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Writes beside every text file of the build (`dist`, all folders) its strongest brotli (`.br`,
 * quality 11) and, unless the build already wrote one (writeWithGzip), its strongest gzip
 * (`.gz`, zopfli), for servers that send precompressed files (server/platform/staticSite.ts; nginx's
 * `gzip_static`): nothing of the build is compressed while a visitor waits. Returns the file
 * count and the bytes before and after.
 */
export async function precompressBuild(
  dist: string,
): Promise<{ files: number; raw: number; br: number; gzip: number }> {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((name) => COMPRESSIBLE.test(name))
    .map((name) => path.join(dist, name))
    .filter((file) => statSync(file).isFile());
  const brotliWritten: Promise<void>[] = [];
  for (const file of files) {
    const content = readFileSync(file);
    // zlib's brotli runs on libuv's threads, beside zopfli on this one.
    brotliWritten.push(
      brotli(content, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }).then((compressed) => {
        writeFileSync(`${file}.br`, compressed);
        totals.br += compressed.length;
      }),
    );
    const gzFile = `${file}.gz`;
    let gzipped: Uint8Array;
    if (existsSync(gzFile)) gzipped = readFileSync(gzFile);
    else {
      gzipped =
        content.length > ZOPFLI_MAX_BYTES
          ? await gzip(content, { level: zlib.Z_BEST_COMPRESSION })
          : await zopfliGzip(content);
      writeFileSync(gzFile, gzipped);
    }
    totals.files += 1;
    totals.raw += content.length;
    totals.gzip += gzipped.length;
  }
  await Promise.all(brotliWritten);
  return totals;
}
