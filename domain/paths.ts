import path from 'node:path';

/**
 * The repository root. Under jest (CommonJS) `__dirname` is known; under tsx (ES modules)
 * it is not, and npm scripts always run from the package root.
 */
export const repoRoot: string =
  typeof __dirname === 'string' ? path.resolve(__dirname, '..') : process.cwd();
