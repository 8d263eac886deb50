import { createRequire } from 'node:module';

/** Marks jest's runtime with the files kept (path to bytes), so that a worker installs once. */
export const packageFilesMarker = Symbol.for('detailing.packageFiles');

type ReadFileBuffer = (this: unknown, file: string) => unknown;

interface RuntimeClass {
  prototype: {
    requireModule: (this: { fileCache?: object }, ...args: never[]) => unknown;
    [packageFilesMarker]?: Map<string, unknown>;
  };
}

/** jest's runtime, the very module jest-runner builds every test file's runtime from. */
const jestRuntime = () =>
  (createRequire(require.resolve('jest-runtime'))('jest-runtime') as { default: RuntimeClass })
    .default;

/**
 * Lets a jest worker read each file of an installed package once. jest gives every test file a
 * fresh module registry, and a fresh cache of file contents with it, so each web test file read
 * React, MUI, MSW and the rest from disk again: about 1,500 files per test file, and opening a
 * file is slow on our machines. A package's files do not change while tests run, so the bytes
 * read first are kept for the worker's later test files; each file still gets its own module
 * instances.
 *
 * jest's cache of file contents (its `FileCache` class) is not exported: the first runtime that
 * requires a module shows it, and its `readFileBuffer` is wrapped then, for every later runtime
 * of the worker, whatever project they belong to. Only paths inside `node_modules` are kept: the
 * project's own files are read every time, since `jest --watch --runInBand` keeps one process
 * across runs. Installed once per worker by `jsdomEnvironment.ts`; after `npm install`, restart
 * a watch. Answers the files kept, which the environment shows its test files.
 */
export function installPackageFiles(Runtime: RuntimeClass = jestRuntime()): Map<string, unknown> {
  const runtime = Runtime.prototype;
  const installed = runtime[packageFilesMarker];
  if (installed) return installed;
  const kept = new Map<string, unknown>();
  runtime[packageFilesMarker] = kept;
  const requireModule = runtime.requireModule;
  runtime.requireModule = function (...args) {
    const fileCache = this.fileCache ? (Object.getPrototypeOf(this.fileCache) as object) : null;
    if (fileCache && 'readFileBuffer' in fileCache) {
      const read = fileCache.readFileBuffer as ReadFileBuffer;
      fileCache.readFileBuffer = function (this: unknown, file: string) {
        if (typeof file !== 'string' || !file.includes('/node_modules/'))
          return read.call(this, file);
        if (!kept.has(file)) kept.set(file, read.call(this, file));
        return kept.get(file);
      };
      runtime.requireModule = requireModule;
    }
    return requireModule.apply(this, args);
  };
  return kept;
}
