/**
 * `npm run text -- <from> <words>`: a customer's text to the business, sent to the local API
 * (`npm start` must be running) the way SNS delivers one, signed with the local key, e.g.
 * `npm run text -- 9195550123 STOP` (or HELP, START). The answer appears in the start log as a
 * `[texts]` line and on the local texts page.
 */
import path from 'node:path';
import { textNumber } from '../../domain/texts';
import { repoRoot } from '../../domain/paths';
import { ensureLocalSnsKey, sendLocalIncomingText } from './localTexts';

const [fromArg, ...words] = process.argv.slice(2);
const from = textNumber(fromArg);
if (!from || words.length === 0) {
  console.error('Usage: npm run text -- <10-digit US number> <words, e.g. STOP, HELP, START>');
  process.exit(2);
}
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4000';
const key = await ensureLocalSnsKey(path.join(repoRoot, '.local'));
const status = await sendLocalIncomingText(apiUrl, key, from, words.join(' '));
console.log(`The API answered ${status} to "${words.join(' ')}" from ${from}.`);
process.exit(status === 204 ? 0 : 1);
