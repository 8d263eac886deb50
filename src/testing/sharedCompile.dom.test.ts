import vm from 'node:vm';
import { installSharedCompile, sharedCompileMarker } from './sharedCompile';

const compileIn = (context: vm.Context, code: string, params: string[] = []) =>
  vm.compileFunction(code, params, { filename: '/virtual/module.js', parsingContext: context });

it('is installed by the test environment, once per process', () => {
  const first = vm.compileFunction;
  installSharedCompile();
  expect(vm.compileFunction).toBe(first);
  expect((first as unknown as Record<symbol, unknown>)[sharedCompileMarker]).toBe(true);
});

it('keeps the line and column of an error in the compiled code', () => {
  const run = compileIn(
    vm.createContext({}),
    "const a = 1;\nconst b = 2;\n  throw new Error('here');",
  );
  let stack = '';
  try {
    run();
  } catch (error) {
    stack = String((error as Error).stack);
  }
  expect(stack).toContain('/virtual/module.js:3:9');
});

it("runs the code in the given context with the caller's arguments, in strict mode when it asks", () => {
  const context = vm.createContext({ label: 'inside' });
  const run = compileIn(context, "'use strict';\nreturn [label, exports.x, module, typeof this];", [
    'exports',
    'module',
  ]);
  expect(run.call(undefined, { x: 1 }, 'm')).toEqual(['inside', 1, 'm', 'undefined']);
});

it('leaves calls with options it does not handle to Node', () => {
  const run = vm.compileFunction('return a + b', ['a'], {
    contextExtensions: [{ b: 2 }],
  });
  expect(run(1)).toBe(3);
});
