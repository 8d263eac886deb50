import { installPackageFiles, packageFilesMarker, type ReadFileSync } from './packageFiles';

/** A file system that counts its reads and answers each with new bytes. */
function countingFs() {
  const reads: string[] = [];
  const readFileSync = ((file: string, options?: unknown) => {
    reads.push(file);
    return options ? `text of ${file}` : Buffer.from(`bytes of ${file}, read ${reads.length}`);
  }) as ReadFileSync;
  return { fs: { readFileSync }, reads };
}

it('reads a file of an installed package once, and answers later reads with the same bytes', () => {
  const { fs, reads } = countingFs();
  installPackageFiles(fs);
  const file = '/repo/node_modules/react/index.js';
  const first = fs.readFileSync(file);
  expect(fs.readFileSync(file)).toBe(first);
  expect(String(first)).toBe(`bytes of ${file}, read 1`);
  expect(reads).toEqual([file]);
});

it("reads the project's own files every time: they may change between runs", () => {
  const { fs, reads } = countingFs();
  installPackageFiles(fs);
  fs.readFileSync('/repo/src/app/App.tsx');
  fs.readFileSync('/repo/src/app/App.tsx');
  expect(reads).toEqual(['/repo/src/app/App.tsx', '/repo/src/app/App.tsx']);
});

it('leaves reads with options, or of a descriptor, to the file system', () => {
  const { fs, reads } = countingFs();
  installPackageFiles(fs);
  const file = '/repo/node_modules/react/package.json';
  expect(fs.readFileSync(file, 'utf8')).toBe(`text of ${file}`);
  expect(fs.readFileSync(file, 'utf8')).toBe(`text of ${file}`);
  fs.readFileSync(7);
  expect(reads).toEqual([file, file, 7]);
});

it('installs once on the same file system', () => {
  const { fs, reads } = countingFs();
  installPackageFiles(fs);
  installPackageFiles(fs);
  fs.readFileSync('/repo/node_modules/a/index.js');
  expect(reads).toHaveLength(1);
  expect(fs.readFileSync[packageFilesMarker]?.size).toBe(1);
});
