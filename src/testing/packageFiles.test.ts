import { installPackageFiles, packageFilesMarker } from './packageFiles';

/** jest's file cache as far as this concerns it: each read answers new bytes, and is counted. */
function fakeJest() {
  const reads: string[] = [];
  class FileCache {
    readFileBuffer(file: string) {
      reads.push(file);
      return Buffer.from(`bytes of ${file}, read ${reads.length}`);
    }
  }
  class Runtime {
    fileCache = new FileCache();
    requireModule(file: string) {
      return this.fileCache.readFileBuffer(file);
    }
  }
  return { Runtime, FileCache, reads };
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
