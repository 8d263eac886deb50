/**
 * The contract checker (scripts/contract-checker/, its entry): run by backend developers, and by
 * our tests against the reference server, to check any API against openapi.yaml (README.md).
 *
 * `npm run contract -- --base-url URL [--token T] [--owner-token T] [--webhook-key K] [--verbose]`
 *
 * Checks a running API against openapi.yaml and prints a per-operation PASS/FAIL report.
 * Exit code: 0 when every operation passed, 1 when any failed, 2 for a usage error.
 * With a token it writes: it creates, changes and removes or cancels its own records, so
 * use a test account. With an owner's token too it exercises the owner operations on quote
 * requests it sends as the customer, and adjusts the customer's points by one and back.
 */
import { parseArgs } from 'node:util';
import { runContract } from './contract';
import { formatReport } from './contractCore';

const usage =
  'Usage: npm run contract -- --base-url URL [--token ID_OR_ACCESS_TOKEN] [--owner-token OWNER_TOKEN] [--webhook-key KEY] [--verbose]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        'owner-token': { type: 'string' },
        'webhook-key': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const baseUrl = values['base-url'];
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    console.error(`--base-url must be an http(s) URL.\n${usage}`);
    return 2;
  }
  const token = values.token ?? process.env.CONTRACT_TOKEN;
  const ownerToken = values['owner-token'] ?? process.env.CONTRACT_OWNER_TOKEN;
  const webhookKey = values['webhook-key'] ?? process.env.CONTRACT_WEBHOOK_KEY;
  const results = await runContract({ baseUrl, token, ownerToken, webhookKey });
  const heading =
    `Contract check of ${baseUrl} against openapi.yaml ` +
    `(token: ${token ? 'yes' : 'no'}, owner token: ${ownerToken ? 'yes' : 'no'}, ` +
    `webhook key: ${webhookKey ? 'yes' : 'no'})`;
  console.log(formatReport(results, heading, { verbose: values.verbose }));
  return results.some((result) => result.status === 'FAIL') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Contract check failed to run:', error);
    process.exit(2);
  },
);
