import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Chunk, Compilation, Module } from 'webpack';

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

/** Which modules each of a build's files holds, and which files each named chunk group loads. */
export interface ChunkSummary {
  groups: Record<string, string[]>;
  modules: Record<string, { id: string; name: string; size: number }[]>;
}

/** The summary of a finished webpack compilation (concatenated modules listed one by one). */
export function summarizeChunks(compilation: Compilation): ChunkSummary {
  const key = (chunk: Chunk) => String(chunk.id ?? chunk.debugId);
  // A concatenated module (webpack's ConcatenatedModule, not in its typings) holds `modules`.
  const flatten = (m: Module): Module[] => {
    const inner = (m as { modules?: unknown }).modules;
    return Array.isArray(inner) ? (inner as Module[]).flatMap(flatten) : [m];
  };
  const modules: ChunkSummary['modules'] = {};
  for (const chunk of compilation.chunks) {
    modules[key(chunk)] = [...compilation.chunkGraph.getChunkModulesIterable(chunk)]
      .flatMap(flatten)
      // Each entry carries webpack's own runtime (webpack.config.ts): not a module of ours.
      .filter((m) => m.type !== 'runtime')
      .map((m) => ({
        id: m.identifier(),
        name: m.readableIdentifier(compilation.requestShortener),
        size: m.size(),
      }));
  }
  const groups: ChunkSummary['groups'] = {};
  for (const [name, group] of compilation.namedChunkGroups) groups[name] = group.chunks.map(key);
  return { groups, modules };
}

/**
 * The modules the app's entry (`appGroup`) would download a second time after the islands
 * (`islandGroups`) woke on a public page: each module of a file the entry loads that is not
 * one of the islands' files but is also in one of them (docs/architecture.md, "One copy of
 * each module").
 */
export function modulesLoadedAgain(
  summary: ChunkSummary,
  islandGroups: string[],
  appGroup: string,
): { name: string; size: number }[] {
  const filesOf = (group: string) => summary.groups[group] ?? [];
  const modulesIn = (file: string) => summary.modules[file] ?? [];
  const islandFiles = new Set(islandGroups.flatMap(filesOf));
  const islandModules = new Set([...islandFiles].flatMap(modulesIn).map((m) => m.id));
  const again = new Map<string, { name: string; size: number }>();
  for (const file of filesOf(appGroup).filter((f) => !islandFiles.has(f))) {
    for (const { id, name, size } of modulesIn(file)) {
      if (islandModules.has(id)) again.set(id, { name, size });
    }
  }
  return [...again.values()];
}

/**
 * Prints what the app downloads again of the islands' modules; returns false when one of them
 * is of `minSize` or more (webpack gives such a shared module a file of its own, so a copy is
 * a configuration fault, not webpack's design).
 */
export function reportModulesLoadedAgain(
  summary: ChunkSummary,
  islandGroups: string[],
  appGroup: string,
  minSize: number,
): boolean {
  const again = modulesLoadedAgain(summary, islandGroups, appGroup);
  const kb = (again.reduce((sum, m) => sum + m.size, 0) / 1024).toFixed(1);
  console.log(
    `The app loads again what the islands loaded: ${again.length} modules, ${kb} KB before minifying`,
  );
  const large = again.filter((m) => m.size >= minSize);
  for (const m of large) console.error(`  ${m.name} (${m.size} bytes before minifying)`);
  return large.length === 0;
}
