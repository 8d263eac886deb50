/**
 * RTK Query code generation from openapi.yaml (never edited by hand), into two files:
 * - src/api/generated.ts: the customer app's endpoints;
 * - src/features/owner/api/generated.ts: the owner console's (tag `owner`), injected only by
 *   the owner's lazily loaded feature, so that none of their code reaches a visitor or a
 *   customer (docs/architecture.md).
 * Operations the web app never calls (the signed picture files, the scheduling webhook, the
 * server's health check) are in neither.
 */
const notCalled = ['getServicePicFile', 'receiveCalendlyWebhook', 'getHealth'];
const isOwner = (operation) => (operation.operation.tags ?? []).includes('owner');

/** The two outputs, keyed by path relative to this folder (scripts/codegen-check.ts reads it). */
const outputs = {
  '../src/api/generated.ts': {
    exportName: 'generatedApi',
    filterEndpoints: (name, operation) => !notCalled.includes(name) && !isOwner(operation),
  },
  '../src/features/owner/api/generated.ts': {
    exportName: 'ownerGeneratedApi',
    filterEndpoints: (name, operation) => isOwner(operation),
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
