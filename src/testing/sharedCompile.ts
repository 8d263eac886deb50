import vm from 'node:vm';

/** Marks the installed `vm.compileFunction`, so that a worker installs it once. */
export const sharedCompileMarker = Symbol.for('detailing.sharedCompile');

type CompileFunction = typeof vm.compileFunction & { [sharedCompileMarker]?: true };

/**
 * Lets every test file of a jest worker share V8's compiled code for the modules they all load
 * (React, MUI, the app). jest gives each test file a fresh module registry and compiles every
 * module again with `vm.compileFunction`, which V8 does not cache. A `vm.Script` holding the same
 * function is cached by V8 per process, keyed by its source: the second test file that loads
 * React gets the first one's compiled functions, including those compiled lazily while it ran.
 * Each file still runs every module afresh in its own context, so no state is shared.
 *
 * The function's header sits on a line of its own and `lineOffset: -1` takes it back, so stack
 * traces keep their lines and columns. Calls with any option this does not handle go to
 * `vm.compileFunction` unchanged. Installed once per worker by `jsdomEnvironment.ts`.
 */
export function installSharedCompile(): void {
  const original: CompileFunction = vm.compileFunction;
  if (original[sharedCompileMarker]) return;
  const viaScript: CompileFunction = (code, params = [], options = {}) => {
    const { filename, parsingContext, importModuleDynamically, ...rest } = options;
    if (!parsingContext || Object.keys(rest).length > 0) return original(code, params, options);
    const script = new vm.Script(`(function (${params.join(', ')}) {\n${code}\n})`, {
      filename,
      lineOffset: -1,
      importModuleDynamically:
        importModuleDynamically as vm.ScriptOptions['importModuleDynamically'],
    });
    return script.runInContext(parsingContext) as ReturnType<typeof vm.compileFunction>;
  };
  viaScript[sharedCompileMarker] = true;
  vm.compileFunction = viaScript;
}
