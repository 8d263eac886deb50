/**
 * The layer rules of eslint.config.js hold for every feature folder: a file in one feature that
 * imports another feature is an error. Runs ESLint's own API in a child process (the config is an
 * ES module) on virtual files, so nothing is written into src/.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Lints `code` as if it were `filePath`; returns the rule ids reported. */
function lintAll(files: { filePath: string; code: string }[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const files = JSON.parse(process.argv[1]);
    // The virtual files belong to no TypeScript project: lint them without type information
    // (the type-aware rules are not what this test is about).
    const eslint = new ESLint({
      cwd: ${JSON.stringify(root)},
      overrideConfig: {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { project: false } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'off',
          '@typescript-eslint/no-misused-promises': 'off',
          '@typescript-eslint/await-thenable': 'off',
        },
      },
    });
    const out = [];
    for (const f of files) {
      const [result] = await eslint.lintText(f.code, { filePath: f.filePath });
      out.push(result.messages.map((m) => m.ruleId ?? m.message));
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(files)],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(stdout) as string[][];
}

/** A file importing a module, and whether the layer rules forbid it. */
type ImportCase = { filePath: string; from: string; forbidden: boolean };

/** Lints each case's import in its file: the zone rule reports exactly the forbidden ones. */
function expectZones(cases: ImportCase[]) {
  const results = lintAll(
    cases.map(({ filePath, from }) => ({
      filePath,
      code: `import * as x from '${from}';\nexport const y = x;\n`,
    })),
  );
  cases.forEach((c, index) => {
    const reported = results[index]?.includes('import-x/no-restricted-paths') ?? false;
    expect({ ...c, reported }).toEqual({ ...c, reported: c.forbidden });
  });
}

test('every feature folder is forbidden to import another feature, and may import itself', () => {
  const other = (name: string) => (name === 'quote' ? 'auth' : 'quote');
  const files = features.flatMap((name) => [
    {
      filePath: `src/features/${name}/__boundary__.ts`,
      code: `import { x } from '../${other(name)}/messages';\nexport const y = x;\n`,
    },
    {
      filePath: `src/features/${name}/__boundary__.ts`,
      code: `import { x } from '../../lib/formatCount';\nexport const y = x;\n`,
    },
  ]);
  const results = lintAll(files);
  features.forEach((name, index) => {
    expect({ name, rules: results[index * 2] }).toEqual({
      name,
      rules: expect.arrayContaining(['import-x/no-restricted-paths']),
    });
    expect({ name, rules: results[index * 2 + 1] }).toEqual({
      name,
      rules: expect.not.arrayContaining(['import-x/no-restricted-paths']),
    });
  });
  expect(features.length).toBeGreaterThanOrEqual(10);
}, 60000);

test('domain/ imports none of src, server, scripts; the app and the server never import each other; the contract check imports neither', () => {
  const cases: ImportCase[] = [
    { filePath: 'domain/__boundary__.ts', from: '../src/lib/formatCount', forbidden: true },
    { filePath: 'domain/__boundary__.ts', from: '../server/platform/errors', forbidden: true },
    {
      filePath: 'domain/__boundary__.ts',
      from: '../scripts/local-stack/forwarding',
      forbidden: true,
    },
    { filePath: 'domain/contract/__boundary__.ts', from: '../pricing', forbidden: false },
    { filePath: 'server/__boundary__.ts', from: '../src/lib/formatCount', forbidden: true },
    {
      filePath: 'server/__boundary__.ts',
      from: '../scripts/local-stack/forwarding',
      forbidden: true,
    },
    { filePath: 'server/__boundary__.ts', from: '../domain/pricing', forbidden: false },
    { filePath: 'src/lib/__boundary__.ts', from: '../../server/platform/errors', forbidden: true },
    { filePath: 'src/lib/__boundary__.ts', from: '../../domain/pricing', forbidden: false },
    {
      filePath: 'scripts/contract-checker/contract.ts',
      from: '../../server/platform/errors',
      forbidden: true,
    },
    {
      filePath: 'scripts/contract-checker/contractCore.ts',
      from: '../../src/lib/formatCount',
      forbidden: true,
    },
    {
      filePath: 'scripts/contract-checker/cli.ts',
      from: '../../server/platform/errors',
      forbidden: true,
    },
    {
      filePath: 'scripts/contract-checker/contract.ts',
      from: '../../domain/contract/openapi',
      forbidden: false,
    },
    {
      filePath: 'scripts/local-stack/localStack.ts',
      from: '../../server/platform/errors',
      forbidden: false,
    },
    { filePath: 'test/contract/support.ts', from: '../../src/lib/formatCount', forbidden: true },
    { filePath: 'test/contract/support.ts', from: '../../server/seed', forbidden: false },
  ];
  expectZones(cases);
}, 60000);

const serverFolders = readdirSync(path.join(root, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

test('server/: the platform imports no resource; a resource imports the platform, itself, and only the other folders eslint.config.js names', () => {
  const cases: ImportCase[] = [
    {
      filePath: 'server/platform/__boundary__.ts',
      from: '../customers/customers',
      forbidden: true,
    },
    { filePath: 'server/platform/__boundary__.ts', from: '../mail/texts', forbidden: true },
    { filePath: 'server/platform/__boundary__.ts', from: '../app', forbidden: true },
    { filePath: 'server/platform/__boundary__.ts', from: './db', forbidden: false },
    { filePath: 'server/vehicles/__boundary__.ts', from: '../bookings/bookings', forbidden: true },
    { filePath: 'server/vehicles/__boundary__.ts', from: '../customers/caps', forbidden: false },
    { filePath: 'server/vehicles/__boundary__.ts', from: './vehicles', forbidden: false },
    // A file named in the list, not its whole folder.
    { filePath: 'server/mail/__boundary__.ts', from: '../bookings/bookings', forbidden: true },
    { filePath: 'server/mail/__boundary__.ts', from: '../bookings/bookingRows', forbidden: false },
    { filePath: 'server/bookings/__boundary__.ts', from: '../mail/worker', forbidden: true },
    { filePath: 'server/bookings/__boundary__.ts', from: '../mail/outbox', forbidden: false },
    { filePath: 'server/bookings/__boundary__.ts', from: '../app', forbidden: true },
    { filePath: 'server/bookings/__boundary__.ts', from: '../seed', forbidden: true },
    { filePath: 'server/owner/__boundary__.ts', from: '../account/account', forbidden: true },
    { filePath: 'server/owner/__boundary__.ts', from: '../bookings/bookings', forbidden: false },
    // The entry points merge and start everything.
    { filePath: 'server/app.ts', from: './owner/owner', forbidden: false },
    { filePath: 'server/cli.ts', from: './account/account', forbidden: false },
    // Every folder, a new one included: the owner's console is for the entry points only, the
    // platform for everyone.
    ...serverFolders
      .filter((name) => name !== 'owner')
      .flatMap((name) => [
        { filePath: `server/${name}/__boundary__.ts`, from: '../owner/owner', forbidden: true },
        {
          filePath: `server/${name}/__boundary__.ts`,
          from: '../platform/errors',
          forbidden: false,
        },
      ]),
  ];
  expectZones(cases);
  expect(serverFolders).toEqual(expect.arrayContaining(['platform', 'bookings', 'owner']));
}, 60000);

/** `scriptImports` of eslint.config.js (read in a child process: the config is an ES module). */
function scriptImports(): Record<string, Record<string, string>> {
  const script = `import { scriptImports } from ${JSON.stringify(path.join(root, 'eslint.config.js'))};
    console.log(JSON.stringify(scriptImports ?? null));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Record<string, Record<string, string>>;
}

const scriptFolders = readdirSync(path.join(root, 'scripts'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The TypeScript modules of a program's folder, without their extension. */
const modulesOf = (folder: string) =>
  readdirSync(path.join(root, 'scripts', folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();

test('scripts/: a program imports common/, itself and only what scriptImports names; common/ imports no program', () => {
  const map = scriptImports();
  expect(Object.keys(map).sort()).toEqual(
    ['bench', 'build', 'contract-checker', 'identity-emulator', 'local-stack', 'common'].sort(),
  );
  // Every folder of scripts/ is in the map, with a reason for each exception.
  expect(scriptFolders.sort()).toEqual(Object.keys(map).sort());
  for (const reasons of Object.values(map)) {
    for (const reason of Object.values(reasons)) expect(reason).toMatch(/^\S.{10,}$/);
  }
  const cases: ImportCase[] = [];
  for (const program of scriptFolders) {
    const allowed = map[program] ?? {};
    const filePath = `scripts/${program}/__boundary__.ts`;
    cases.push({ filePath, from: `./${modulesOf(program)[0]}`, forbidden: false });
    for (const other of scriptFolders.filter((name) => name !== program)) {
      const files = allowed[other] || other === 'common' ? [] : Object.keys(allowed);
      const named = files.filter((file) => file.startsWith(`${other}/`));
      for (const module of modulesOf(other)) {
        const open =
          other === 'common' || other in allowed || named.includes(`${other}/${module}.ts`);
        cases.push({ filePath, from: `../${other}/${module}`, forbidden: !open });
      }
    }
  }
  // Each named exception is a module that exists (or a folder), so none is a dead letter.
  for (const [program, reasons] of Object.entries(map)) {
    for (const target of Object.keys(reasons)) {
      const folder = scriptFolders.includes(target);
      const [other, file] = target.split('/');
      expect({
        program,
        target,
        exists: folder || modulesOf(other!).includes(file!.replace(/\.ts$/, '')),
      }).toEqual({ program, target, exists: true });
    }
  }
  expectZones(cases);
  // What the map means, said plainly: the emulator is the local stack's (and the bench's
  // sign-in client's), never the build's; common/ imports no program.
  expectZones([
    {
      filePath: 'scripts/build/build.ts',
      from: '../identity-emulator/cognitoClient',
      forbidden: true,
    },
    {
      filePath: 'scripts/local-stack/localStack.ts',
      from: '../identity-emulator/cognitoProxy',
      forbidden: false,
    },
    {
      filePath: 'scripts/bench/bench.ts',
      from: '../identity-emulator/cognitoClient',
      forbidden: false,
    },
    {
      filePath: 'scripts/bench/bench.ts',
      from: '../identity-emulator/cognitoLocal',
      forbidden: true,
    },
    { filePath: 'scripts/common/ports.ts', from: '../local-stack/localStack', forbidden: true },
    {
      filePath: 'scripts/contract-checker/cli.ts',
      from: '../local-stack/localStack',
      forbidden: true,
    },
  ]);
}, 120000);

test('no program of scripts/ in the app, the server or domain/; infra/ takes only the security headers; the emulator and the contract checker import neither the app nor the server', () => {
  const cases: ImportCase[] = [
    ...scriptFolders.flatMap((program) =>
      ['src/lib', 'server', 'server/platform', 'domain'].map((area) => ({
        filePath: `${area}/__boundary__.ts`,
        from: `${'../'.repeat(area.split('/').length)}scripts/${program}/${modulesOf(program)[0]}`,
        forbidden: true,
      })),
    ),
    {
      filePath: 'infra/lib/__boundary__.ts',
      from: '../../scripts/build/securityHeaders',
      forbidden: false,
    },
    { filePath: 'infra/lib/__boundary__.ts', from: '../../scripts/build/sitemap', forbidden: true },
    {
      filePath: 'infra/lib/__boundary__.ts',
      from: '../../scripts/identity-emulator/cognitoClient',
      forbidden: true,
    },
    {
      filePath: 'scripts/identity-emulator/__boundary__.ts',
      from: '../../server/platform/errors',
      forbidden: true,
    },
    {
      filePath: 'scripts/identity-emulator/__boundary__.ts',
      from: '../../src/lib/formatCount',
      forbidden: true,
    },
    {
      filePath: 'scripts/identity-emulator/__boundary__.ts',
      from: '../../domain/owners',
      forbidden: false,
    },
    {
      filePath: 'scripts/contract-checker/__boundary__.ts',
      from: '../../server/platform/errors',
      forbidden: true,
    },
    {
      filePath: 'scripts/local-stack/__boundary__.ts',
      from: '../../server/platform/errors',
      forbidden: false,
    },
  ];
  expectZones(cases);
}, 60000);

test('the islands runtime and the slideshow may not import MUI, Emotion, Redux or the router', () => {
  const files = [
    'src/app/islands/runtime.tsx',
    'src/features/marketing/components/Slideshow.tsx',
  ].flatMap((filePath) => [
    { filePath, code: `import Box from '@mui/material/Box';\nexport const y = Box;\n` },
    { filePath, code: `import { css } from '@emotion/react';\nexport const y = css;\n` },
    { filePath, code: `import { useStore } from 'react-redux';\nexport const y = useStore;\n` },
    { filePath, code: `import { useState } from 'react';\nexport const y = useState;\n` },
  ]);
  const results = lintAll(files);
  results.forEach((rules, index) => {
    const allowed = index % 4 === 3;
    expect({ file: files[index]!.code, rules }).toEqual({
      file: files[index]!.code,
      rules: allowed
        ? expect.not.arrayContaining(['no-restricted-imports'])
        : expect.arrayContaining(['no-restricted-imports']),
    });
  });
}, 60000);

test('import-x/no-cycle reads TypeScript files: importing a module that imports this one back is an error', () => {
  // server/platform/auth.ts imports server/platform/config.ts, so config.ts importing auth.ts
  // closes a cycle; a module nothing imports back is no cycle.
  const results = lintAll([
    {
      filePath: 'server/platform/config.ts',
      code: `import { createTokenVerifier } from './auth';\nexport const y = createTokenVerifier;\n`,
    },
    {
      filePath: 'server/platform/config.ts',
      code: `import { HttpError } from './errors';\nexport const y = HttpError;\n`,
    },
  ]);
  expect(results[0]).toContain('import-x/no-cycle');
  expect(results[1]).not.toContain('import-x/no-cycle');
}, 60000);
