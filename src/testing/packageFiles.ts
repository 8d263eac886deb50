import { createRequire } from 'node:module';

/** Marks jest's runtime with the files kept (path to bytes), so that a worker installs once. */
export const packageFilesMarker = Symbol.for('detailing.packageFiles');

type ReadFileBuffer = (this: unknown, file: string) => unknown;
type ReadFile = (this: { strings?: Map<string, string> }, file: string) => string;

type Transform = (this: object, file: string, options: unknown, source?: string) => unknown;

/** What this reaches of a jest runtime: its file cache, and the transformer its cache uses. */
interface RuntimeInstance {
  fileCache?: object;
  transformCache?: { scriptTransformer?: object };
}

interface RuntimeClass {
  prototype: {
    requireModule: (this: RuntimeInstance, ...args: never[]) => unknown;
    [packageFilesMarker]?: Map<string, unknown>;
  };
}

const isPackageFile = (file: unknown): file is string =>
  typeof file === 'string' && file.includes('/node_modules/');

/** The value kept under `key`, made (once) by `make` when there is none. */
function remember<K, V>(kept: Map<K, V>, key: K, make: () => V): V {
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as V;
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
 * instances. Their text is kept too, decoded once (jest decodes the bytes again for every test
 * file that loads the module), and so is what jest's transformer answers for them: it keeps the
 * compiled code itself, but finds it under the file's modification time, which it asks the file
 * system for at every load.
 *
 * jest's cache of file contents (its `FileCache` class) is not exported: the first runtime that
 * requires a module shows it (and its transformer), and they are wrapped then, for every later runtime
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
  const keptText = new Map<string, string>();
  runtime[packageFilesMarker] = kept;
  const requireModule = runtime.requireModule;
  runtime.requireModule = function (...args) {
    const fileCache = this.fileCache ? (Object.getPrototypeOf(this.fileCache) as object) : null;
    if (fileCache && 'readFileBuffer' in fileCache) {
      const read = fileCache.readFileBuffer as ReadFileBuffer;
      fileCache.readFileBuffer = function (this: unknown, file: string) {
        if (!isPackageFile(file)) return read.call(this, file);
        return remember(kept, file, () => read.call(this, file));
      };
      if ('readFile' in fileCache) {
        const readText = fileCache.readFile as ReadFile;
        fileCache.readFile = function (this: { strings?: Map<string, string> }, file: string) {
          if (!isPackageFile(file)) return readText.call(this, file);
          const text = remember(keptText, file, () => readText.call(this, file));
          this.strings?.set(file, text);
          return text;
        };
      }
      const transformer = this.transformCache?.scriptTransformer;
      const transformerClass = transformer ? (Object.getPrototypeOf(transformer) as object) : null;
      if (transformerClass && 'transform' in transformerClass) {
        const transform = transformerClass.transform as Transform;
        const compiled = new Map<object, Map<string, unknown>>();
        const memoTransform: Transform = function (file, options, source) {
          if (!isPackageFile(file)) return transform.call(this, file, options, source);
          const mine = remember(compiled, this, () => new Map<string, unknown>());
          const key = `${file}\n${JSON.stringify(options)}`;
          return remember(mine, key, () => transform.call(this, file, options, source));
        };
        transformerClass.transform = memoTransform;
      }
      runtime.requireModule = requireModule;
    }
    return requireModule.apply(this, args);
  };
  return kept;
}
