/**
 * The docs are checked like code: a repository path they name must exist, the end-to-end
 * README's journeys table lists every spec, and a measured size quoted in docs/ is the one
 * bench/results.md holds (better: cite that file instead of copying its figures).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addons, STARTING_PRICE, vehicleTypes } from '../../domain/pricing';
import { QUOTE_SECTION_PATH } from '../../src/lib/bookAgain';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const docs = [
  'README.md',
  'server/README.md',
  'test/e2e/README.md',
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
  // The compiled server (dist-server/, scripts/lib/serverBundle.ts).
  'serve.cjs',
  'main.cjs',
  'cli.cjs',
]);

/** Whether .gitignore keeps `named` out of the repository (a build's or a tool's output). */
function ignored(named: string): boolean {
  // As a file, or as a folder (a pattern like `dist/` matches only the latter).
  return [named, `${named}/`].some((candidate) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', candidate], { cwd: root });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * A path exists from the repository root or from the document's own folder. A bare file name
 * (the text names its folder in words) is a tracked file under the document's folder (the
 * whole repository for README.md and docs/).
 */
function exists(doc: string, named: string): boolean {
  if (OUTPUTS.has(named) || ignored(named) || existsSync(path.join(root, named))) return true;
  if (!named.includes('/')) {
    const folder = path.dirname(doc);
    const under = folder === '.' || folder === 'docs' ? '' : `${folder}/`;
    return tracked.some((file) => file.startsWith(under) && path.basename(file) === named);
  }
  return [root, path.join(root, path.dirname(doc))].some((base) =>
    existsSync(path.join(base, named.replace(/^\.\//, ''))),
  );
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
  const missing = namedPaths(read(doc)).filter((named) => !exists(doc, named));
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

test('docs/product.md states the prices of domain/pricing.ts (the one place they are set)', () => {
  const product = read('docs/product.md').replace(/\s+/g, ' ');
  const stated = [
    ...[...vehicleTypes, ...addons].map(({ name, price }) => `${name} $${price}`),
    `packages from $${STARTING_PRICE}`,
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
