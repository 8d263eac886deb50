/**
 * Each area is type-checked with its runtime's lib and types (tsconfig.*.json): the app (src/)
 * runs in the browser, so Node's globals there are a type error; the server has no DOM.
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');

/** The diagnostics of `source` compiled as if it were the file `relative` of that project. */
function check(project: string, relative: string, source: string): string[] {
  const configFile = path.join(root, project);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const probe = path.join(root, relative);
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === probe || fileExists(file);
  host.readFile = (file) => (file === probe ? source : readFile(file));
  host.getSourceFile = (file, language, ...rest) =>
    file === probe
      ? ts.createSourceFile(file, source, language)
      : getSourceFile(file, language, ...rest);
  // The project's ambient declarations (src/*.d.ts) and the probe; nothing else is needed.
  const ambient = parsed.fileNames.filter((file) => file.endsWith('.d.ts'));
  const program = ts.createProgram([...ambient, probe], parsed.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('type-checking per runtime', () => {
  it('refuses Node globals in the app', () => {
    const errors = check(
      'tsconfig.web.json',
      'src/lib/__probe__.ts',
      "export const bytes = Buffer.from('x').length;\nexport const cwd = __dirname;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining("Cannot find name 'Buffer'"),
      expect.stringContaining("Cannot find name '__dirname'"),
    ]);
  });

  it("lets the app read process.env, which the build replaces, and the browser's DOM", () => {
    const errors = check(
      'tsconfig.web.json',
      'src/lib/__probe__.ts',
      'export const api = process.env.API_BASE_URL;\nexport const title = document.title;\n',
    );
    expect(errors).toEqual([]);
  });

  it('gives the server Node and no DOM', () => {
    const errors = check(
      'tsconfig.server.json',
      'server/__probe__.ts',
      "export const bytes = Buffer.from('x').length;\nexport const title = document.title;\n",
    );
    expect(errors).toEqual([expect.stringContaining("Cannot find name 'document'")]);
  });
});
