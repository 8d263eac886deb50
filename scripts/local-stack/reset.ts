/**
 * `npm run reset`: wipes the local state of `npm start` (.local/: users, API data, pictures,
 * keys, logs). The next `npm start` creates and seeds everything again.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './localStack';
import { assertPortFree } from '../common/ports';

const stateDir = path.join(projectRoot, '.local');

try {
  await Promise.all([
    assertPortFree(3000, 'web app'),
    assertPortFree(4000, 'API'),
    assertPortFree(9229, 'identity'),
  ]);
} catch {
  console.error('The local stack is running. Stop `npm start` (Ctrl-C) first, then run reset.');
  process.exit(1);
}

if (!existsSync(stateDir)) {
  console.log('Nothing to reset: .local/ does not exist.');
} else {
  rmSync(stateDir, { recursive: true, force: true });
  console.log('Removed .local/ (local users, API data, pictures, keys and logs).');
  console.log('The next `npm start` creates the demo customer again.');
}
