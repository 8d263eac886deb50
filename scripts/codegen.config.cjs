/**
 * RTK Query code generation from openapi.yaml (never edited by hand), into two files:
 * - src/api/generated.ts: the customer app's endpoints;
 * - src/features/owner/api/generated.ts: the owner console's (tag `owner`), injected only by
 *   the owner's lazily loaded feature, so that none of their code reaches a visitor or a
 *   customer (docs/architecture.md).
 * Which file each operation goes to is ./codegen.operations.json, keyed by operationId:
 * `app`, `owner`, or `none` for the operations the web app never calls (the signed picture
 * files, the scheduling webhook, the server's health check). It lists every operation, which
 * scripts/lib/codegenOperations.ts checks at compile time (`npm run typecheck` names an
 * operation it misses or one that is no operation). Until it is listed, a new operation goes
 * where its tag says; a listed one whose `owner` tag disagrees stops the generation.
 */
const destinations = require('./codegen.operations.json');

const destinationOf = (name, operation) => {
  const tagged = (operation.operation.tags ?? []).includes('owner');
  const destination = destinations[name] ?? (tagged ? 'owner' : 'app');
  if (!['app', 'owner', 'none'].includes(destination)) {
    throw new Error(`scripts/codegen.operations.json: ${name} has no destination "${destination}"`);
  }
  if (tagged !== (destination === 'owner')) {
    throw new Error(
      `scripts/codegen.operations.json: ${name} is "${destination}" but ${tagged ? 'has' : 'lacks'} the tag owner`,
    );
  }
  return destination;
};

/** The two outputs, keyed by path relative to this folder (scripts/codegen-check.ts reads it). */
const outputs = {
  '../src/api/generated.ts': {
    exportName: 'generatedApi',
    filterEndpoints: (name, operation) => destinationOf(name, operation) === 'app',
  },
  '../src/features/owner/api/generated.ts': {
    exportName: 'ownerGeneratedApi',
    filterEndpoints: (name, operation) => destinationOf(name, operation) === 'owner',
  },
};

module.exports = {
  schemaFile: '../openapi.yaml',
  apiFile: '../src/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: true,
  tag: true,
  outputFiles: outputs,
};
