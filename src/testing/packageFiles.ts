import { createRequire } from 'node:module';

/** Marks an installed `readFileSync` with the files it keeps, so that a file system gets it once. */
export const packageFilesMarker = Symbol.for('detailing.packageFiles');

export type ReadFileSync = ((file: unknown, options?: unknown) => unknown) & {
  [packageFilesMarker]?: Map<string, unknown>;
};

/** The file system jest reads the source of every module through (jest-runtime's graceful-fs). */
const jestRuntimeFs = () =>
  createRequire(require.resolve('jest-runtime'))('graceful-fs') as { readFileSync: ReadFileSync };

/**
 * Lets a jest worker read each file of an installed package once. jest gives every test file a
 * fresh module registry, and a fresh cache of file contents with it, so each web test file read
 * React, MUI, MSW and the rest from disk again: about 1,500 files per test file, a tenth of the
 * web project's time. A package's files do not change while tests run, so the bytes read first
 * are kept for the worker's later test files; each file still gets its own module instance.
 *
 * Only plain reads (a path, no options) of paths inside `node_modules` are kept: the project's
 * own files are read every time, since `jest --watch --runInBand` keeps one process across runs.
 * Installed once per worker by `jsdomEnvironment.ts`; after `npm install`, restart a watch.
 * Answers the files kept (path to bytes), which the environment shows its test files under
 * `packageFilesMarker`.
 */
export function installPackageFiles(
  fs: { readFileSync: ReadFileSync } = jestRuntimeFs(),
): Map<string, unknown> {
  const original = fs.readFileSync;
  const installed = original[packageFilesMarker];
  if (installed) return installed;
  const kept = new Map<string, unknown>();
  const readFileSync: ReadFileSync = (...args: [unknown, unknown?]) => {
    const [file] = args;
    if (args.length !== 1 || typeof file !== 'string' || !file.includes('/node_modules/')) {
      return original(...args);
    }
    if (!kept.has(file)) kept.set(file, original(file));
    return kept.get(file);
  };
  readFileSync[packageFilesMarker] = kept;
  fs.readFileSync = readFileSync;
  return kept;
}
