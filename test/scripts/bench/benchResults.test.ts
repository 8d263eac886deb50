/**
 * What the bench writes into bench/results.md: its percentiles (nearest rank) and each part's own
 * section, which a part run alone (`npm run bench -- api`) rewrites without touching the others'.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, replaceMarkdownSection } from '../../../scripts/bench/benchInbox';

test('percentiles are nearest-rank, whatever the order of the values', () => {
  const values = Array.from({ length: 100 }, (_, index) => 100 - index);
  expect(percentile(values, 50)).toBe(50);
  expect(percentile(values, 95)).toBe(95);
  expect(percentile(values, 100)).toBe(100);
  expect(percentile([7, 3, 5], 95)).toBe(7);
  expect(percentile([], 95)).toBe(0);
});

describe("a part's section of results.md", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    file = path.join(dir, 'results.md');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces only its own section, keeping the ones before and after it', () => {
    writeFileSync(
      file,
      '# Bench\n\n## Lighthouse\n\nold pages\n\n## The API\n\nold api\n\n## Free times\n\nold times\n',
    );
    replaceMarkdownSection(file, '## The API', '## The API\n\nnew api');
    expect(readFileSync(file, 'utf8')).toBe(
      '# Bench\n\n## Lighthouse\n\nold pages\n\n## The API\n\nnew api\n\n## Free times\n\nold times\n',
    );
  });

  it('adds its section at the end when the file has none, or when there is no file yet', () => {
    writeFileSync(file, '# Bench\n\n## Lighthouse\n\npages\n');
    replaceMarkdownSection(file, '## The API', '## The API\n\napi');
    expect(readFileSync(file, 'utf8')).toBe(
      '# Bench\n\n## Lighthouse\n\npages\n\n## The API\n\napi\n',
    );
    rmSync(file);
    replaceMarkdownSection(file, '## The API', '## The API\n\napi');
    expect(readFileSync(file, 'utf8')).toBe('\n\n## The API\n\napi\n');
  });
});
