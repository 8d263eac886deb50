/**
 * Fails when a file generated from openapi.yaml differs from a fresh generation (generated code
 * is never edited by hand): the app's RTK Query endpoints (src/api/generated.ts and the owner console's
 * src/features/owner/api/generated.ts) and the contract's
 * types for the domain and the server (domain/contract/schema.generated.ts). Runs the same
 * generators and formatter as `npm run codegen`, into temporary files beside the real ones.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const scripts = path.resolve('scripts/build');
const tempConfig = path.join(scripts, '.codegen.check.cjs');

interface Generated {
  current: string;
  temp: string;
  generate: (temp: string) => void;
}

/** The RTK Query outputs of scripts/build/codegen.config.cjs, each generated beside itself. */
const rtkOutputs = ['src/api/generated.ts', 'src/features/owner/api/generated.ts'];
const checkName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file, '.ts')}.check.ts`);

const outputs: Generated[] = [
  ...rtkOutputs.map((current, index) => ({
    current,
    temp: checkName(current),
    // The first generates them all, through a copy of the config that renames the outputs.
    generate: () => {
      if (index > 0) return;
      writeFileSync(
        tempConfig,
        `const config = require('./codegen.config.cjs');
const rename = (file) => file.replace(/([^/]+)\\.ts$/, '.$1.check.ts');
module.exports = { ...config, outputFiles: Object.fromEntries(
  Object.entries(config.outputFiles).map(([file, options]) => [rename(file), options])) };
`,
      );
      execFileSync('npx', ['rtk-query-codegen-openapi', tempConfig], { stdio: 'ignore' });
    },
  })),
  {
    current: 'domain/contract/schema.generated.ts',
    temp: 'domain/contract/.schema.generated.check.ts',
    generate: (temp) =>
      execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '--output', temp], {
        stdio: 'ignore',
      }),
  },
];

try {
  for (const { current, temp, generate } of outputs) {
    generate(temp);
    execFileSync('npx', ['prettier', '--write', temp], { stdio: 'ignore' });
    if (readFileSync(temp, 'utf8') !== readFileSync(current, 'utf8')) {
      console.error(`${current} is stale or was edited by hand: run \`npm run codegen\`.`);
      process.exitCode = 1;
    }
  }
  if (!process.exitCode) console.log('Generated API endpoints and contract types are fresh.');
} finally {
  rmSync(tempConfig, { force: true });
  for (const { temp } of outputs) rmSync(temp, { force: true });
}
