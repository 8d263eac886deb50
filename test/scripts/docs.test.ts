/**
 * The docs are checked like code: a repository path they name (in code, a link or plain text)
 * must exist, the end-to-end README's journeys table lists every spec, and a measured size
 * quoted in docs/ is the one bench/results.md holds (better: cite that file instead of copying
 * its figures). What they count or list is computed here too: README's numbers of jest suites,
 * the features (every folder of src/features), the reviews and their towns, and the directions
 * imports take between the boxes of docs/architecture.md's diagram.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startingPrice, vehicleTypes } from '../../domain/pricing';
import { DEFAULT_OFFER } from '../../domain/offer';
import { QUOTE_SECTION_PATH } from '../../src/lib/bookAgain';

const { reviews, addons } = DEFAULT_OFFER;

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const docs = [
  'README.md',
  'server/README.md',
  'test/e2e/README.md',
  'scripts/identity-emulator/README.md',
  'scripts/contract-checker/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Top-level folders a path in the docs starts with. */
const TOP = ['src', 'server', 'scripts', 'domain', 'test', 'docs', 'bench', 'infra', 'public'];
const FILE = /\.(ts|tsx|js|cjs|mjs|json|jsonc|md|yaml|yml|sh|css|html)$/;

/**
 * The paths a document names: `code` spans and link targets that look like a file or folder
 * of this repository (no URL, glob or placeholder).
 */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g), ...text.matchAll(/\]\(([^)\s#]+)/g)].map(
    (match) => match[1]!.replace(/[:,.]$/, ''),
  );
  return spans.filter(
    (span) =>
      !/^[a-z]+:/.test(span) &&
      !/[*{}<>…$]/.test(span) &&
      !/^(\/|dist\/|\.local\/)/.test(span) &&
      (TOP.some((top) => span.startsWith(`${top}/`)) || (FILE.test(span) && !span.startsWith('.'))),
  );
}

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');

/** Files the build, the bench or the app writes: named in the docs, never in the repository. */
const OUTPUTS = new Set([
  'app.html',
  'dashboard/index.html',
  'my-data.json',
  // The compiled server (dist-server/, scripts/build/serverBundle.ts).
  'serve.cjs',
  'main.cjs',
  'cli.cjs',
]);

/**
 * The names .gitignore keeps out of the repository (a build's or a tool's output), each tried
 * as a file and as a folder (a pattern like `dist/` matches only the latter): one `git
 * check-ignore` for them all.
 */
function ignoredOf(names: string[]): Set<string> {
  const candidates = names.flatMap((named) => [named, `${named}/`]);
  if (candidates.length === 0) return new Set();
  // Exit code 1 means none is ignored; stdout lists the ignored ones either way.
  const result = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: root,
    input: candidates.join('\n'),
    encoding: 'utf8',
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr);
  const out = new Set(result.stdout.split('\n'));
  return new Set(names.filter((named) => out.has(named) || out.has(`${named}/`)));
}

/**
 * The paths of `names` that do not exist from the repository root or from the document's own
 * folder. A bare file name (the text names its folder in words) is a tracked file under the
 * document's folder (the whole repository for README.md and docs/).
 */
function missingOf(doc: string, names: string[]): string[] {
  const ignored = ignoredOf(names);
  const exists = (named: string) => {
    if (OUTPUTS.has(named) || ignored.has(named) || existsSync(path.join(root, named))) return true;
    if (!named.includes('/')) {
      const folder = path.dirname(doc);
      const under = folder === '.' || folder === 'docs' ? '' : `${folder}/`;
      return tracked.some((file) => file.startsWith(under) && path.basename(file) === named);
    }
    return [root, path.join(root, path.dirname(doc))].some((base) =>
      existsSync(path.join(base, named.replace(/^\.\//, ''))),
    );
  };
  return names.filter((named) => !exists(named));
}

test('the path finder sees code spans and links, and skips URLs and globs', () => {
  expect(
    namedPaths(
      'See `src/api/x.ts`, [the how-to](docs/how-to.md) and `openapi.yaml`; ' +
        'not `https://a.b/c.ts`, `src/**/*.ts` or `npm run x`.',
    ),
  ).toEqual(['src/api/x.ts', 'openapi.yaml', 'docs/how-to.md']);
});

test.each(docs)('every repository path named in %s exists', (doc) => {
  const missing = missingOf(doc, namedPaths(read(doc)));
  expect(missing).toEqual([]);
});

test("test/e2e/README.md's journeys table lists every spec", () => {
  const specs = readdirSync(path.join(root, 'test/e2e')).filter((name) =>
    name.endsWith('.spec.ts'),
  );
  const table = read('test/e2e/README.md').split('## The journeys')[1] ?? '';
  const listed = [...table.matchAll(/^\| `([^`]+\.spec\.ts)`/gm)].map((match) => match[1]);
  expect(listed.sort()).toEqual(specs.sort());
});

test('a measured size quoted in docs/ (x.y KB) is one bench/results.md holds', () => {
  const results = read('bench/results.md');
  const quoted = docs
    .filter((doc) => doc.startsWith('docs/'))
    .flatMap((doc) =>
      read(doc)
        .split(/\.\s/)
        .filter((sentence) => /\b(now|today|measured?)\b/.test(sentence))
        .flatMap((sentence) => [...sentence.matchAll(/(\d+\.\d) KB/g)])
        .map((match) => `${doc}: ${match[1]} KB`),
    );
  const stale = quoted.filter((entry) => !results.includes(entry.split(': ')[1]!.split(' ')[0]!));
  expect(stale).toEqual([]);
});

/**
 * A recipe in docs/how-to.md (a `## ` section with a `Check:` paragraph) agrees with its own
 * check, mechanically:
 * - every test file its steps name is one the check runs (under a `npx jest` path, or, for an
 *   end-to-end spec, one whose text holds the `--grep` pattern of `npm run test:e2e`);
 * - every path the check gives `npx jest` holds a test file the steps name, and every spec the
 *   `--grep` selects is named: a check that runs more than the recipe lists points at a test the
 *   newcomer was not told about. (`npm test`, the whole suite, is exempt.)
 * A bare file name in the steps (`VehiclesPage.test.tsx`) stands for every tracked file of
 * that name.
 */
function recipeProblems(recipe: string): string[] {
  const [steps = '', check = ''] = recipe.split(/^Check:/m);
  const named = namedPaths(steps).flatMap((span) =>
    span.includes('/') ? [span] : tracked.filter((file) => path.basename(file) === span),
  );
  const listedTests = named.filter((file) => /\.test\.tsx?$/.test(file));
  const listedSpecs = named.filter((file) => /^test\/e2e\/.*\.spec\.ts$/.test(file));
  const jestPaths = [...check.matchAll(/`npx jest ([^`]+)`/g)].flatMap((match) =>
    match[1]!.split(/\s+/).filter((word) => word && !word.startsWith('-')),
  );
  const greps = [...check.matchAll(/`npm run test:e2e -- --grep "([^"]+)"`/g)].map((m) => m[1]!);
  const specs = tracked.filter((file) => /^test\/e2e\/.*\.spec\.ts$/.test(file));
  const selected = specs.filter((spec) => greps.some((grep) => read(spec).includes(grep)));
  const under = (file: string, folder: string) =>
    file === folder || file.startsWith(`${folder.replace(/\/$/, '')}/`);
  return [
    ...listedTests
      .filter((file) => !jestPaths.some((folder) => under(file, folder)))
      .map((file) => `${file} is listed, but the check's \`npx jest\` does not run it`),
    ...listedSpecs
      .filter((spec) => !selected.includes(spec))
      .map((spec) => `${spec} is listed, but the check's \`--grep\` does not select it`),
    ...jestPaths
      .filter((folder) => !listedTests.some((file) => under(file, folder)))
      .map((folder) => `the check runs \`npx jest ${folder}\`, but no test there is listed`),
    ...selected
      .filter((spec) => !listedSpecs.includes(spec))
      .map((spec) => `the check's \`--grep\` runs ${spec}, which is not listed`),
  ];
}

test('the recipe check sees a listed test the check skips, and a check running unlisted tests', () => {
  const broken = [
    '1. Change `domain/pricing.ts`; `src/features/quote/quoteLogic.test.ts` pins the totals.',
    '2. `test/e2e/quote.spec.ts` sends one; `test/server/operations.test.ts` stores it.',
    '',
    'Check: `npx jest domain src/features/quote`, then `npm run test:e2e -- --grep "dashboard routes"`.',
  ].join('\n');
  expect(recipeProblems(broken)).toEqual([
    "test/server/operations.test.ts is listed, but the check's `npx jest` does not run it",
    "test/e2e/quote.spec.ts is listed, but the check's `--grep` does not select it",
    'the check runs `npx jest domain`, but no test there is listed',
    "the check's `--grep` runs test/e2e/a11y.spec.ts, which is not listed",
  ]);
});

const recipes = read('docs/how-to.md')
  .split(/^## /m)
  .slice(1)
  .filter((section) => /^Check:/m.test(section))
  .map((section) => [section.split('\n')[0]!, section] as const);

test('docs/how-to.md has recipes with checks', () => {
  expect(recipes.length).toBeGreaterThanOrEqual(4);
});

test.each(recipes)('the recipe "%s" lists what its check runs', (_title, recipe) => {
  expect(recipeProblems(recipe)).toEqual([]);
});

test('docs/product.md states the seeded prices of domain/offer.ts (the one place they are set)', () => {
  const product = read('docs/product.md').replace(/\s+/g, ' ');
  const stated = [
    ...[...vehicleTypes(DEFAULT_OFFER), ...addons].map(({ name, price }) => `${name} $${price}`),
    `packages from $${startingPrice(DEFAULT_OFFER)}`,
  ];
  expect(stated.filter((text) => !product.includes(text))).toEqual([]);
});

test("docs/product.md says where My Bookings' empty state links, and why not the spec's /book", () => {
  const product = read('docs/product.md').replace(/\s+/g, ' ');
  const start = product.indexOf('Click here to book a service!');
  const entry = product.slice(start, product.indexOf('- Calendly Bookings', start));
  expect(entry).toContain(`\`${QUOTE_SECTION_PATH}\``);
  expect(entry).toMatch(/`\/book`[^.]*not a route/);
});

test("docs/how-to.md's name for a feature's texts file is the one every feature uses", () => {
  const name = /texts go in the feature's `([a-z]+\.ts)`/.exec(read('docs/how-to.md'))?.[1];
  expect(name).toBe('messages.ts');
  const textFiles = tracked.filter((file) =>
    /^src\/features\/.*\/(messages|texts|strings|copy)\.ts$/.test(file),
  );
  expect(textFiles.filter((file) => path.basename(file) !== name)).toEqual([]);
});

/** What this check reads of a jest project (jest.config.js). */
interface JestProject {
  displayName: string;
  roots: string[];
  testMatch: string[];
  testPathIgnorePatterns?: string[];
}

/** The jest projects' test files (jest.config.js's roots, testMatch and ignore patterns). */
function suitesOf(project: JestProject) {
  const roots = project.roots.map((rootDir) => `${rootDir.replace('<rootDir>/', '')}/`);
  const suffixes = project.testMatch.map((glob) => {
    const suffix = /^\*\*\/\*(\.[\w.]+)$/.exec(glob)?.[1];
    if (!suffix) throw new Error(`jest.config.js: a testMatch this check cannot read: ${glob}`);
    return suffix;
  });
  const ignored = (project.testPathIgnorePatterns ?? []).map((pattern) => new RegExp(pattern));
  return tracked.filter(
    (file) =>
      roots.some((folder) => file.startsWith(folder)) &&
      suffixes.some((suffix) => file.endsWith(suffix)) &&
      !ignored.some((pattern) => pattern.test(`/${file}`)),
  );
}

test("README's counts of jest suites are the test files jest.config.js selects", async () => {
  const { default: jestConfig } = (await import(path.join(root, 'jest.config.js'))) as {
    default: { projects: JestProject[] };
  };
  const projects = Object.fromEntries(
    jestConfig.projects.map((project) => [project.displayName, suitesOf(project).length]),
  );
  const unit = projects.logic! + projects.web!;
  const all = Object.values(projects).reduce((sum, count) => sum + count, 0);
  const readme = read('README.md');
  const claims: [string, RegExp, number][] = [
    ['npm test', /^\| `npm test` [^\n]*?\((\d+) suites/m, all],
    ['npm run test:unit', /^\| `npm run test:unit` [^\n]*?\((\d+) suites/m, unit],
    ['the unit suites', /\(`src\/` and `domain\/`: (\d+) suites\)/, unit],
    ['the logic suites', /runs in\s+Node \((\d+) suites\)/, projects.logic!],
    ['the web suites', /jsdom with MSW \((\d+) suites\)/, projects.web!],
  ];
  expect(claims.map(([what, claim]) => [what, Number(claim.exec(readme)?.[1])])).toEqual(
    claims.map(([what, , count]) => [what, count]),
  );
  // Each count of suites README states is one of those above.
  expect(readme.match(/\b\d+ suites\b/g)).toHaveLength(claims.length);
});

const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

test('a list of the features in the docs (after `src/features/*`) names every folder there', () => {
  const lists = docs.flatMap((doc) =>
    [...read(doc).matchAll(/src\/features\/\*([^\n]*(?:\n(?!\n)[^\n]*)?)/g)].map(
      (match) => [doc, match[1]!.split(/"\]| — /)[0]!] as const,
    ),
  );
  expect(lists.length).toBeGreaterThanOrEqual(2);
  const missing = lists.flatMap(([doc, list]) =>
    features
      .filter((name) => !new RegExp(`\\b${name}\\b`).test(list))
      .map((name) => `${doc}: ${name}`),
  );
  expect(missing).toEqual([]);
});

test('the docs say how many reviews the home page shows, and from which towns, as the seeded offer', () => {
  const numbers = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
  const text = docs.map(read).join('\n').replace(/\s+/g, ' ');
  const counts = [...text.matchAll(/\b([a-z]+) (?:short |fixed |static |community )*reviews\b/gi)]
    .map((match) => match[1]!.toLowerCase())
    .filter((word) => numbers.includes(word));
  expect(counts.length).toBeGreaterThan(0);
  expect(new Set(counts)).toEqual(new Set([numbers[reviews.length]]));
  const towns = [...text.matchAll(/reviews from customers in ([A-Z][\w ,]+?)(?: \(|\.)/g)].map(
    (match) => match[1]!.split(/, | and /).sort(),
  );
  expect(towns.length).toBeGreaterThan(0);
  for (const named of towns) expect(named).toEqual(reviews.map(({ town }) => town).sort());
});

/**
 * docs/architecture.md's first diagram: each box's folders (the first line of its label,
 * `src/lib · src/config`) and its arrows. An import from one box's folder into another's
 * follows the arrows, directly or past a box.
 */
function layerDiagram() {
  const diagram = read('docs/architecture.md').split('```mermaid')[1]!.split('```')[0]!;
  const folders = new Map<string, string[]>();
  for (const [, id, label] of diagram.matchAll(/^\s*(\w+)\["([^"]+)"\]/gm)) {
    folders.set(
      id!,
      label!
        .split('<br/>')[0]!
        .split(' · ')
        .map((folder) => folder.replace(/\/\*$|\/$/, '').trim())
        .filter((folder) => !/\s|\./.test(folder)),
    );
  }
  const arrows = new Set<string>();
  for (const line of diagram.split('\n')) {
    const chain = line
      .replace(/--\s*"[^"]*"\s*-->/g, '-->')
      .split('-->')
      .map((id) => id.trim());
    if (chain.length < 2) continue;
    for (let i = 1; i < chain.length; i += 1) arrows.add(`${chain[i - 1]} -> ${chain[i]}`);
  }
  return { folders, arrows };
}

/** The relative imports of a module (`import`, `export … from`, `import()`). */
const importsOf = (text: string) =>
  [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);

test("every import between the diagram's boxes follows its arrows (docs/architecture.md)", () => {
  const { folders, arrows } = layerDiagram();
  const boxOf = (file: string) =>
    [...folders].find(([, list]) => list.some((folder) => file.startsWith(`${folder}/`)))?.[0];
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    [...arrows].some((arrow) => {
      const [a, b] = arrow.split(' -> ') as [string, string];
      if (a !== from || seen.has(b)) return false;
      seen.add(b);
      return b === to || reaches(b, to, seen);
    });
  expect(folders.size).toBeGreaterThanOrEqual(6);
  // The whole tree is drawn: the app, the server, domain/, infra/ and every folder of scripts/.
  const drawn = [...folders.values()].flat();
  const scriptFolders = readdirSync(path.join(root, 'scripts'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `scripts/${entry.name}`);
  const areas = ['src/app', 'src/api', 'src/lib', 'server', 'domain', 'infra', ...scriptFolders];
  expect(areas.filter((area) => !drawn.includes(area))).toEqual([]);
  const code = tracked.filter(
    (file) =>
      /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$|^src\/testing\//.test(file) && boxOf(file),
  );
  const against = new Set<string>();
  for (const file of code) {
    const from = boxOf(file)!;
    for (const specifier of importsOf(read(file))) {
      const target = path.normalize(path.join(path.dirname(file), specifier));
      const to = boxOf(target);
      if (to && to !== from && !reaches(from, to)) against.add(`${from} -> ${to} (${file})`);
    }
  }
  expect([...against].sort()).toEqual([]);
});

/** File paths a document writes as plain text (outside code spans and links). */
function prosePaths(text: string): string[] {
  const prose = text
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`]*`/g, '')
    .replace(/\]\([^)]*\)/g, ']');
  return [...prose.matchAll(new RegExp(`(?<![\\w./-])((?:${TOP.join('|')})/[\\w./-]+)`, 'g'))]
    .map((match) => match[1]!.replace(/[.,:;]+$/, ''))
    .filter((named) => FILE.test(named) || !/\.\w+$/.test(named));
}

test('the prose path finder sees bare paths, not those in code or links', () => {
  expect(
    prosePaths('See src/a/b.ts, (server/c/) and `src/d.ts` or [x](src/e.ts); not 1/2.'),
  ).toEqual(['src/a/b.ts', 'server/c/']);
});

test.each(docs)('every repository path named in the prose of %s exists', (doc) => {
  const missing = missingOf(doc, prosePaths(read(doc)));
  expect(missing).toEqual([]);
});

/**
 * The identity emulator's README: its table of what it adds or changes over cognito-local names,
 * in each row, the test that proves it: a test file that exists and the title of a test in it.
 */
function emulatorTable() {
  const table = read('scripts/identity-emulator/README.md').split('## What it adds')[1] ?? '';
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(-+|behaviour)\s*\|/.test(line))
    .map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const proof = cells.at(-1) ?? '';
      const file = /`([^`]+)`/.exec(proof)?.[1] ?? '';
      const title = /"(.+)"$/.exec(proof)?.[1] ?? '';
      return { behaviour: cells[0]!, file, title };
    });
}

test("the identity emulator's table names, for each behaviour, a test file and a test in it", () => {
  const rows = emulatorTable();
  expect(rows.length).toBeGreaterThanOrEqual(25);
  const unproved = rows.filter(
    ({ file, title }) =>
      !/\.(test|spec)\.ts$/.test(file) ||
      !tracked.includes(file) ||
      !title ||
      !read(file).includes(`'${title}'`),
  );
  expect(unproved).toEqual([]);
});
