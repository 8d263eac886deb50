/**
 * The erasure list (server/platform/erasureList.ts): one deletion a line, appended, and read back even
 * after a crash cut a line short.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { subjectDigest } from '../../server/account/account';
import { appendErasure, erasureListPath, readErasures } from '../../server/platform/erasureList';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'erasure-list-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('keeps each deletion on its own line, also after a line cut short, and nothing but digests', () => {
  const databasePath = path.join(dir, 'data', 'app.db');
  const file = erasureListPath({ databasePath, erasureList: path.join(dir, 'erased') })!;
  expect(file).toBe(path.join(dir, 'erased'));
  // A test's or a tool's own database without the setting keeps it beside the file.
  expect(erasureListPath({ databasePath })).toBe(`${databasePath}.erased`);
  expect(readErasures(file)).toEqual(new Map());
  const [riley, sam, alex] = ['riley-sub', 'sam-sub', 'alex-sub'].map(subjectDigest);
  appendErasure(file, riley!, '2026-01-01T00:00:00.000Z');
  // A crash while the second line was written.
  appendFileSync(file, sam!.slice(0, 20));
  appendErasure(file, alex!, '2026-01-03T00:00:00.000Z');
  expect(readErasures(file)).toEqual(
    new Map([
      [riley, '2026-01-01T00:00:00.000Z'],
      [alex, '2026-01-03T00:00:00.000Z'],
    ]),
  );
  expect(readFileSync(file, 'utf8')).not.toContain('sub');
  expect(() => appendErasure(file, 'riley-sub', 'now')).toThrow('Not an erasure');
  expect(erasureListPath({ databasePath: ':memory:' })).toBeUndefined();
});
