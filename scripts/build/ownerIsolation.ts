import type { ChunkSummary } from './bundleReport';

/**
 * The owner console's chunk group (its webpackChunkName in src/app/OwnerGate.tsx). Its modules
 * load for owners only: none may sit in a file that a visitor's or a customer's page loads. A
 * part of the console that loads lazily on its own names its chunk `owner-…`.
 */
export const OWNER_CHUNK_GROUP = 'owner';
const isOwnerGroup = (name: string) =>
  name === OWNER_CHUNK_GROUP || name.startsWith(`${OWNER_CHUNK_GROUP}-`);

/** A module of the owner console's feature folder. */
export const isOwnerModule = (id: string): boolean =>
  /[\\/]src[\\/]features[\\/]owner[\\/]/.test(id);

export interface OwnerLeak {
  /** The chunk group (or, for a file outside the owner's group, the file) that holds it. */
  where: string;
  module: string;
}

/**
 * The owner modules that a page other than the owner console would load: each one in a file of
 * another named chunk group (the public pages, the islands, the app's entry, the dashboard...),
 * and each one in a file that no owner group loads (an unnamed lazy chunk of other code).
 */
export function ownerModulesOutside(summary: ChunkSummary): OwnerLeak[] {
  const ownerFiles = new Set(
    Object.entries(summary.groups).flatMap(([name, files]) => (isOwnerGroup(name) ? files : [])),
  );
  const leaks = new Map<string, OwnerLeak>();
  const ownerIn = (file: string) =>
    (summary.modules[file] ?? []).filter((m) => isOwnerModule(m.id));
  for (const [group, files] of Object.entries(summary.groups)) {
    if (isOwnerGroup(group)) continue;
    for (const file of files) {
      for (const m of ownerIn(file))
        leaks.set(`${group}|${m.id}`, { where: group, module: m.name });
    }
  }
  for (const file of Object.keys(summary.modules)) {
    if (ownerFiles.has(file)) continue;
    for (const m of ownerIn(file)) {
      if (![...leaks.values()].some((leak) => leak.module === m.name)) {
        leaks.set(`${file}|${m.id}`, { where: `file ${file}`, module: m.name });
      }
    }
  }
  return [...leaks.values()];
}

/** Prints the owner modules found outside the owner's chunk group; false when there is one. */
export function reportOwnerIsolation(summary: ChunkSummary): boolean {
  const leaks = ownerModulesOutside(summary);
  const owned = (summary.groups[OWNER_CHUNK_GROUP] ?? []).length;
  if (owned === 0) {
    console.error(`  no chunk group named "${OWNER_CHUNK_GROUP}": the owner console is not lazy`);
    return false;
  }
  console.log(`The owner console: ${leaks.length} of its modules reachable outside its chunks`);
  for (const leak of leaks) console.error(`  ${leak.module} in ${leak.where}`);
  return leaks.length === 0;
}
