/**
 * No import cycle in the code we write (src/, server/, domain/, scripts/, infra/), counting
 * `import type`, `export … from` and `import()` legs too. ESLint's import-x/no-cycle (on in
 * eslint.config.js) does not follow dynamic imports, and a cycle through one is still a cycle:
 * two modules that each need the other. A type-only leg is erased at run time, but it still
 * ties the two modules together (neither can be read, moved or tested alone). The graph is
 * read with TypeScript's own import scanner (ts.preProcessFile: static imports, type imports,
 * re-exports and `import()`), across the roots: a cycle through two roots counts as well.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const roots = ['src', 'server', 'domain', 'scripts', 'infra'].map((dir) => path.join(root, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (extensionless, `.js` for `.ts`, or a folder's index), or null. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Each file's imports among `files` (static, type-only, re-exports and dynamic). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((ref) => resolve(file, ref.fileName))
      .filter((target): target is string => target !== null && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself. */
function cycles(graph: Map<string, string[]>, base = root): string[][] {
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
      component.push(path.relative(base, member));
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node))
      found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The cycles among the files written into a fresh temporary folder (name → text). */
function plantedCycles(files: Record<string, string>): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return cycles(importGraph(sourceFiles(dir)), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the checker reports a cycle planted in a folder, through each kind of leg', () => {
  const b = "import { a } from './a';\nexport const b = () => a;\n";
  expect(
    plantedCycles({ 'a.ts': "import { b } from './b';\nexport const a = 1;\n", 'b.ts': b }),
  ).toEqual([['a.ts', 'b.ts']]);
  expect(
    plantedCycles({ 'a.ts': "import type { B } from './b';\nexport type A = B;\n", 'b.ts': b }),
  ).toEqual([['a.ts', 'b.ts']]);
  expect(
    plantedCycles({ 'a.ts': "export { b } from './b';\nexport const a = 1;\n", 'b.ts': b }),
  ).toEqual([['a.ts', 'b.ts']]);
  expect(
    plantedCycles({
      'a.ts': "export const a = 1;\nexport const m = () => import('./b');\n",
      'b.ts': b,
    }),
  ).toEqual([['a.ts', 'b.ts']]);
  // Across folders, through a folder's index and a `.js` specifier, three files long.
  expect(
    plantedCycles({
      'server/x.ts': "import { y } from '../domain';\nexport const x = y;\n",
      'domain/index.ts': "export { y } from './y.js';\n",
      'domain/y.ts': "import type { X } from '../server/x';\nexport const y = 1 as unknown as X;\n",
    }),
  ).toEqual([['domain/index.ts', 'domain/y.ts', 'server/x.ts']]);
  // No cycle: one way only.
  expect(plantedCycles({ 'a.ts': 'export const a = 1;\n', 'b.ts': b })).toEqual([]);
});

test('src/, server/, domain/, scripts/ and infra/ have no import cycle, type-only or dynamic legs included', () => {
  expect(cycles(importGraph(roots.flatMap(sourceFiles)))).toEqual([]);
});
