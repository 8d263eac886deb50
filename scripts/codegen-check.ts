/**
 * Fails when src/api/generated.ts differs from a fresh generation from openapi.yaml
 * (generated code is never edited by hand). Runs the same generator and formatter as
 * `npm run codegen`, into a temporary file beside the real one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const scripts = path.resolve('scripts');
const tempConfig = path.join(scripts, '.codegen.check.cjs');
const tempOutput = path.resolve('src/api/.generated.check.ts');
const current = path.resolve('src/api/generated.ts');

writeFileSync(
  tempConfig,
  `module.exports = { ...require('./codegen.config.cjs'), outputFile: '../src/api/.generated.check.ts' };\n`,
);
try {
  execFileSync('npx', ['rtk-query-codegen-openapi', tempConfig], { stdio: 'ignore' });
  execFileSync('npx', ['prettier', '--write', tempOutput], { stdio: 'ignore' });
  if (readFileSync(tempOutput, 'utf8') !== readFileSync(current, 'utf8')) {
    console.error('src/api/generated.ts is stale or was edited by hand: run `npm run codegen`.');
    process.exitCode = 1;
  } else {
    console.log('Generated API endpoints are fresh.');
  }
} finally {
  rmSync(tempConfig, { force: true });
  rmSync(tempOutput, { force: true });
}
