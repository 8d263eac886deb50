import { installPackageFiles, packageFilesMarker } from './packageFiles';

/** jest's file cache as far as this concerns it: each read answers new bytes, and is counted. */
function fakeJest() {
  const reads: string[] = [];
  const decoded: string[] = [];
  class FileCache {
    strings = new Map<string, string>();
    readFileBuffer(file: string) {
      reads.push(file);
      return Buffer.from(`bytes of ${file}, read ${reads.length}`);
    }
    readFile(file: string) {
      let text = this.strings.get(file);
      if (text === undefined) {
        decoded.push(file);
        text = String(this.readFileBuffer(file));
        this.strings.set(file, text);
      }
      return text;
    }
  }
  const transforms: string[] = [];
  /** jest's transformer: one per project, shared by the worker's runtimes. */
  class ScriptTransformer {
    transform(file: string, options: object, source: string) {
      transforms.push(`${file} ${JSON.stringify(options)}`);
      return { code: `compiled ${source}` };
    }
  }
  const transformer = new ScriptTransformer();
  class Runtime {
    fileCache = new FileCache();
    transformCache = { scriptTransformer: transformer };
    load(file: string, options: object = { isInternalModule: false }) {
      return this.transformCache.scriptTransformer.transform(
        file,
        options,
        this.fileCache.readFile(file),
      );
    }
    requireModule(file: string) {
      return this.fileCache.readFileBuffer(file);
    }
  }
  return { Runtime, FileCache, reads, decoded, transforms };
}

it('reads a file of an installed package once, for every later runtime of the worker', () => {
  const { Runtime, reads } = fakeJest();
  installPackageFiles(Runtime);
  const file = '/repo/node_modules/react/index.js';
  const first = new Runtime().requireModule(file);
  expect(new Runtime().requireModule(file)).toBe(first);
  expect(new Runtime().fileCache.readFileBuffer(file)).toBe(first);
  expect(String(first)).toBe(`bytes of ${file}, read 1`);
  expect(reads).toEqual([file]);
});

it("reads the project's own files every time: they may change between runs", () => {
  const { Runtime, reads } = fakeJest();
  installPackageFiles(Runtime);
  new Runtime().requireModule('/repo/src/app/App.tsx');
  new Runtime().requireModule('/repo/src/app/App.tsx');
  expect(reads).toEqual(['/repo/src/app/App.tsx', '/repo/src/app/App.tsx']);
});

it('steps out of the way once installed, and installs once', () => {
  const { Runtime, FileCache, reads } = fakeJest();
  const requireModule = Runtime.prototype.requireModule;
  const kept = installPackageFiles(Runtime);
  expect(installPackageFiles(Runtime)).toBe(kept);
  expect(Runtime.prototype.requireModule).not.toBe(requireModule);
  const wrapped = FileCache.prototype.readFileBuffer;
  new Runtime().requireModule('/repo/node_modules/a/index.js');
  expect(Runtime.prototype.requireModule).toBe(requireModule);
  expect(FileCache.prototype.readFileBuffer).not.toBe(wrapped);
  new Runtime().requireModule('/repo/node_modules/a/index.js');
  expect(reads).toHaveLength(1);
  expect([...kept.keys()]).toEqual(['/repo/node_modules/a/index.js']);
  expect(Runtime.prototype[packageFilesMarker as never]).toBe(kept);
});

it("decodes a package file's text once; a later runtime's own texts get it as well", () => {
  const { Runtime, reads, decoded } = fakeJest();
  installPackageFiles(Runtime);
  const file = '/repo/node_modules/react/index.js';
  const first = new Runtime();
  first.requireModule(file);
  const text = first.fileCache.readFile(file);
  const later = new Runtime();
  later.requireModule('/repo/node_modules/other/index.js');
  expect(later.fileCache.readFile(file)).toBe(text);
  expect(later.fileCache.strings.get(file)).toBe(text);
  expect(text).toBe(`bytes of ${file}, read 1`);
  expect(decoded).toEqual([file]);
  expect(reads).toEqual([file, '/repo/node_modules/other/index.js']);
});

it("decodes the project's own files every time", () => {
  const { Runtime, decoded } = fakeJest();
  installPackageFiles(Runtime);
  new Runtime().requireModule('/repo/node_modules/a/index.js');
  new Runtime().fileCache.readFile('/repo/src/app/App.tsx');
  new Runtime().fileCache.readFile('/repo/src/app/App.tsx');
  expect(decoded).toEqual(['/repo/src/app/App.tsx', '/repo/src/app/App.tsx']);
});

it("asks jest's transformer once per package file and options, for every later runtime", () => {
  const { Runtime, transforms } = fakeJest();
  installPackageFiles(Runtime);
  const file = '/repo/node_modules/react/index.js';
  const first = new Runtime();
  first.requireModule(file);
  const compiled = first.load(file);
  expect(new Runtime().load(file)).toBe(compiled);
  expect(compiled).toEqual({ code: `compiled bytes of ${file}, read 1` });
  new Runtime().load(file, { isInternalModule: true });
  new Runtime().load('/repo/src/app/App.tsx');
  new Runtime().load('/repo/src/app/App.tsx');
  expect(transforms).toEqual([
    `${file} {"isInternalModule":false}`,
    `${file} {"isInternalModule":true}`,
    '/repo/src/app/App.tsx {"isInternalModule":false}',
    '/repo/src/app/App.tsx {"isInternalModule":false}',
  ]);
});
