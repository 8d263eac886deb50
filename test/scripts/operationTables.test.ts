/**
 * Every per-operation table is keyed by the contract's operationIds: an operation added to
 * openapi.yaml, once `npm run codegen` has run, is a compile error in each table that does not
 * list it yet. The test adds one to a copy of openapi.yaml, generates from it as the codegen does
 * (the contract's types, and the app's endpoints through scripts/build/codegen.config.cjs), and
 * type-checks the tables' modules against what was generated: the diagnostics must name the new
 * operation in the server's handler table, the contract check's, the codegen filter's and the
 * app's endpoint enhancements, and nowhere else.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { codegenDestinations } from '../../scripts/build/codegenOperations';
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import { isOwnerPath } from '../../domain/owners';
import type { QueryOf, VehicleInput } from '../../domain/contract/types';
import type { Context, OperationHandlers } from '../../server/platform/operationTypes';

const root = path.resolve(import.meta.dirname, '../..');
const NEW_OPERATION = 'getContractProbe';

/** The tables, each the file that holds it. */
const tables = {
  'the server handlers': 'server/app.ts',
  'the contract check': 'scripts/contract-checker/contract.ts',
  'the codegen filter': 'scripts/build/codegenOperations.ts',
  "the app's endpoint enhancements": 'src/api/endpoints.ts',
};

const newPath = `  /contract-probe:
    get:
      operationId: ${NEW_OPERATION}
      tags: [health]
      summary: An operation added by the test
      security: []
      responses:
        '200':
          description: The probe
          content:
            application/json:
              schema:
                type: object
                required: [probe]
                properties:
                  probe: { type: string }
`;

/** The two generated files the tables' types come from, generated from `spec`. */
function generate(spec: string): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'operation-tables-'));
  try {
    const yaml = path.join(dir, 'openapi.yaml');
    writeFileSync(yaml, spec);
    const schema = path.join(dir, 'schema.generated.ts');
    execFileSync('npx', ['openapi-typescript', yaml, '--output', schema], {
      cwd: root,
      stdio: 'ignore',
    });
    const endpoints = path.join(dir, 'generated.ts');
    const config = path.join(dir, 'codegen.config.cjs');
    writeFileSync(
      config,
      `const config = require(${JSON.stringify(path.join(root, 'scripts/build/codegen.config.cjs'))});
module.exports = {
  ...config,
  schemaFile: ${JSON.stringify(yaml)},
  apiFile: ${JSON.stringify(path.join(root, 'src/api/baseApi.ts'))},
  outputFiles: { ${JSON.stringify(endpoints)}: config.outputFiles['../../src/api/generated.ts'] },
};
`,
    );
    execFileSync('npx', ['rtk-query-codegen-openapi', config], { cwd: root, stdio: 'ignore' });
    return {
      'domain/contract/schema.generated.ts': readFileSync(schema, 'utf8'),
      // Generated elsewhere, it imports the base API by another path.
      'src/api/generated.ts': readFileSync(endpoints, 'utf8').replace(
        /from '[^']*baseApi'/,
        "from './baseApi'",
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The diagnostics of the tables' modules (and `more` modules) compiled with `generated` in place
 * of the real files, each with the line of source it points at.
 */
function typecheck(
  generated: Record<string, string>,
  more: string[] = [],
): { file: string; message: string; line: string }[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const replaced = new Map(
    Object.entries(generated).map(([file, text]) => [path.join(root, file), text]),
  );
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, readFile } = host;
  host.readFile = (file) => replaced.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = replaced.get(file);
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language);
  };
  const rootFiles = [...Object.values(tables), ...more, 'src/types.d.ts'].map((file) =>
    path.join(root, file),
  );
  const program = ts.createProgram(rootFiles, parsed.options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const source = diagnostic.file;
    const at = source && source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    return {
      file: source ? path.relative(root, source.fileName) : '(options)',
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      line: source && at !== undefined ? (source.text.split('\n')[at] ?? '') : '',
    };
  });
}

it('a new operation is a compile error in every per-operation table, and nowhere else', () => {
  const spec = readFileSync(path.join(root, 'openapi.yaml'), 'utf8');
  expect(spec).toMatch(/^paths:\n/m);
  const diagnostics = typecheck(generate(spec.replace(/^paths:\n/m, `paths:\n${newPath}`)));
  const naming = diagnostics.filter((diagnostic) => diagnostic.message.includes(NEW_OPERATION));
  const filesNaming = new Set(naming.map((diagnostic) => diagnostic.file));
  for (const [table, file] of Object.entries(tables)) {
    expect({ table, named: filesNaming.has(file) }).toEqual({ table, named: true });
  }
  expect(diagnostics.filter((diagnostic) => !naming.includes(diagnostic))).toEqual([]);
}, 300_000);

/**
 * The operations the app and the server treat apart by name, each where it is named: the quote
 * request and the data download are never retried on 429 (the app's base query); the quote
 * request, a browser's error report, a customer's booking changes and the owner's calendar feed
 * have their own limits (the server's routes).
 */
const treatedApart = {
  'src/api/baseQuery.ts': ['createBooking', 'exportMyData'],
  'server/app.ts': [
    'createBooking',
    'reportClientError',
    'updateBooking',
    'cancelBooking',
    'getCalendarFeed',
  ],
};

it('each operation treated apart by name is an operation of openapi.yaml, named where it is', () => {
  const operations = listOperations(loadOpenApi()).map((op) => op.operationId);
  for (const [file, ids] of Object.entries(treatedApart)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    // Every operation the file names in quotes is listed here (and so renamed below).
    const quoted = operations.filter((id) => text.includes(`'${id}'`));
    expect({ file, quoted: quoted.sort() }).toEqual({ file, quoted: [...ids].sort() });
    for (const id of ids) {
      expect({
        file,
        id,
        operation: operations.includes(id),
        named: text.includes(`'${id}'`),
      }).toEqual({ file, id, operation: true, named: true });
    }
  }
});

it('an operation renamed in openapi.yaml is a compile error wherever it is treated apart by name', () => {
  let spec = readFileSync(path.join(root, 'openapi.yaml'), 'utf8');
  const named = [...new Set(Object.values(treatedApart).flat())];
  for (const id of named) {
    expect(spec).toContain(`operationId: ${id}\n`);
    spec = spec.replace(`operationId: ${id}\n`, `operationId: ${id}Renamed\n`);
  }
  const diagnostics = typecheck(generate(spec), Object.keys(treatedApart));
  for (const [file, ids] of Object.entries(treatedApart)) {
    for (const id of ids) {
      const refused = diagnostics.some(
        (diagnostic) => diagnostic.file === file && diagnostic.line.includes(`'${id}'`),
      );
      expect({ file, id, refused }).toEqual({ file, id, refused: true });
    }
  }
}, 300_000);

it("the codegen filter's table puts each operation where the generated files have it", () => {
  const generated = {
    app: readFileSync(path.join(root, 'src/api/generated.ts'), 'utf8'),
    owner: readFileSync(path.join(root, 'src/features/owner/api/generated.ts'), 'utf8'),
  };
  // Which of the two files is the operation's path (test/server/ownerOperations.test.ts).
  const owners = new Set(
    listOperations(loadOpenApi())
      .filter((op) => isOwnerPath(op.path))
      .map((op) => op.operationId),
  );
  for (const [operation, destination] of Object.entries(codegenDestinations)) {
    const defines = (text: string) => new RegExp(`^\\s+${operation}: build\\.`, 'm').test(text);
    expect({ operation, app: defines(generated.app), owner: defines(generated.owner) }).toEqual({
      operation,
      app: destination === 'app' && !owners.has(operation),
      owner: destination === 'app' && owners.has(operation),
    });
  }
});

it("a handler gets its operation's request body typed, and a misspelled operation is refused", () => {
  const handlers = {
    createVehicle: { run: (ctx) => ({ status: 201, body: `${ctx.body.make} ${ctx.body.year}` }) },
    // @ts-expect-error A quote request's body has no `make` (createVehicle's has).
    createBooking: { run: (ctx) => ({ status: 201, body: ctx.body.make }) },
    // @ts-expect-error No operation is called createVehicles.
    createVehicles: { run: () => ({ status: 201 }) },
  } satisfies Partial<OperationHandlers>;
  const vehicle: VehicleInput = { make: 'Honda', model: 'Fit', year: 2020 };
  const answer = handlers.createVehicle.run({ body: vehicle } as Context<VehicleInput>);
  expect(answer.body).toBe('Honda 2020');
});

it("a handler gets its operation's query parameters typed, as the server validates them", () => {
  const handlers = {
    listOwnerRoute: {
      run: (ctx) => ({ status: 200, body: `${ctx.query.from} +${(ctx.query.days ?? 1) * 24}h` }),
    },
    // @ts-expect-error The inbox's query has no `page` (it pages with `cursor`).
    listOwnerRequests: { run: (ctx) => ({ status: 200, body: ctx.query.page }) },
    // @ts-expect-error `limit` is a number (validation coerces it), never the text 'all'.
    listOwnerCustomers: { run: (ctx) => ({ status: 200, body: ctx.query.limit === 'all' }) },
  } satisfies Partial<OperationHandlers>;
  const query: QueryOf<'listOwnerRoute'> = { from: '2026-12-05', days: 7 };
  const answer = handlers.listOwnerRoute.run({ query } as Context<unknown, typeof query>);
  expect(answer.body).toBe('2026-12-05 +168h');
});
