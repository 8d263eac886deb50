/**
 * No import cycle in src/, counting `import()` too. ESLint's import-x/no-cycle (on in
 * eslint.config.js) does not follow dynamic imports, and a cycle through one is still a cycle:
 * two modules that each need the other. The graph is read with TypeScript's own import
 * scanner (ts.preProcessFile: static imports, re-exports and `import()`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (extensionless, or a folder's index), or null. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Each file's imports inside src/ (static and dynamic). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((ref) => resolve(file, ref.fileName))
      .filter((target): target is string => target !== null && target.startsWith(src));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(root, member));
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

test('the scanner reads dynamic imports and finds a cycle of two files', () => {
  const scanned = ts.preProcessFile("export const m = () => import('./b');", true, true);
  expect(scanned.importedFiles.map((ref) => ref.fileName)).toEqual(['./b']);
  const a = path.join(src, 'a.ts');
  const b = path.join(src, 'b.ts');
  expect(
    cycles(
      new Map([
        [a, [b]],
        [b, [a]],
      ]),
    ),
  ).toEqual([['src/b.ts', 'src/a.ts']]);
  expect(
    cycles(
      new Map([
        [a, [b]],
        [b, []],
      ]),
    ),
  ).toEqual([]);
});

test('src/ has no import cycle, static or dynamic', () => {
  expect(cycles(importGraph(sourceFiles(src)))).toEqual([]);
});
