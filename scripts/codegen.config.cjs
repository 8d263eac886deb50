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
  // the server's health check).
  filterEndpoints: (name) =>
    !['getServicePicFile', 'receiveCalendlyWebhook', 'getHealth'].includes(name),
};
