import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Budget (gzip bytes) for the JavaScript / loads before the visitor's first interaction: the
 * islands' entry (an island's own code loads when it wakes; docs/architecture.md).
 */
export const INITIAL_JS_BUDGET = 50 * 1024;

/** The scripts dist/index.html loads, with their gzip sizes. */
export function initialScripts(dist: string): { file: string; gzip: number }[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  return srcs.map((src) => {
    const file = path.join(dist, src.replace(/^\//, ''));
    return { file: src, gzip: gzipSync(readFileSync(file), { level: 9 }).length };
  });
}

/** Prints the figure; returns false when over budget. */
export function reportInitialJs(dist: string): boolean {
  const scripts = initialScripts(dist);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  for (const s of scripts) console.log(`  ${s.file}  ${(s.gzip / 1024).toFixed(1)} KB gzip`);
  const kb = (total / 1024).toFixed(1);
  const ok = total <= INITIAL_JS_BUDGET;
  console.log(
    `Initial JavaScript for /: ${kb} KB gzip (budget ${INITIAL_JS_BUDGET / 1024} KB) ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  return ok;
}
