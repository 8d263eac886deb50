/**
 * The browser has no `process`: webpack's DefinePlugin replaces each `process.env.X` in the
 * app's code with the build's value (src/config/env.ts). Nothing else of Node's exists here.
 */
declare const process: { readonly env: Readonly<Record<string, string | undefined>> };
