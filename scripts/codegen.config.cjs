/** RTK Query code generation: openapi.yaml -> src/api/generated.ts (never edited by hand). */
module.exports = {
  schemaFile: '../openapi.yaml',
  apiFile: '../src/api/baseApi.ts',
  apiImport: 'baseApi',
  outputFile: '../src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: true,
  tag: true,
  // Operations the web app never calls (the signed picture files, the scheduling webhook,
  // the server's health check), and the owner console's (tag `owner`): those are injected by
  // the owner's own lazily loaded feature (src/features/owner/ownerApi.ts), so that none of
  // their code reaches a visitor or a customer.
  filterEndpoints: (name, operation) =>
    !['getServicePicFile', 'receiveCalendlyWebhook', 'getHealth'].includes(name) &&
    !(operation.operation.tags ?? []).includes('owner'),
};
