/**
 * RTK Query code generation from openapi.yaml (never edited by hand), into two files:
 * - src/api/generated.ts: the customer app's endpoints;
 * - src/features/owner/api/generated.ts: the owner console's (paths under /owner/), injected
 *   only by the owner's lazily loaded feature, so that none of their code reaches a visitor or
 *   a customer (docs/architecture.md).
 * Which operations are generated is ./codegen.operations.json, keyed by operationId: `app`
 * (the web app calls it) or `none` (the operations the web app never calls: the signed picture
 * files, the scheduling webhook, the server's health check). It lists every operation, which
 * scripts/build/codegenOperations.ts checks at compile time (`npm run typecheck` names an
 * operation it misses or one that is no operation); until it is listed, a new operation is `app`.
 * Which of the two files gets an `app` operation is its path: under /owner/ (domain/owners.ts
 * `isOwnerPath`, the one source the server's authorisation also uses) the owner console's. The
 * tag `owner` (the endpoints' cache tag) must agree with the path, or the generation stops.
 */
const destinations = require('./codegen.operations.json');
// Node 24 runs this TypeScript module as it is (it strips the type annotations).
const { isOwnerPath } = require('../../domain/owners.ts');

const destinationOf = (name, operation) => {
  const listed = destinations[name] ?? 'app';
  if (!['app', 'none'].includes(listed)) {
    throw new Error(
      `scripts/build/codegen.operations.json: ${name} has no destination "${listed}"`,
    );
  }
  const owner = isOwnerPath(operation.path);
  if ((operation.operation.tags ?? []).includes('owner') !== owner) {
    throw new Error(
      owner
        ? `openapi.yaml: ${name} is under /owner/ (the owner console) but lacks the tag owner`
        : `openapi.yaml: ${name} is not under /owner/ but has the tag owner`,
    );
  }
  return listed === 'none' ? 'none' : owner ? 'owner' : 'app';
};

/** The two outputs, keyed by path relative to this folder (scripts/build/codegen-check.ts reads it). */
const outputs = {
  '../../src/api/generated.ts': {
    exportName: 'generatedApi',
    filterEndpoints: (name, operation) => destinationOf(name, operation) === 'app',
  },
  '../../src/features/owner/api/generated.ts': {
    exportName: 'ownerGeneratedApi',
    filterEndpoints: (name, operation) => destinationOf(name, operation) === 'owner',
  },
};

module.exports = {
  schemaFile: '../../openapi.yaml',
  apiFile: '../../src/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: true,
  tag: true,
  outputFiles: outputs,
};
