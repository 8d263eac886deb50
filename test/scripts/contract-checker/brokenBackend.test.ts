/**
 * The contract checker on its own, against a backend that is not ours: a tiny Fastify app that
 * answers the liveness check with a status the contract does not allow, hands out a profile
 * without a token, and knows no other route. `npm run contract`'s command (the checker's
 * cli.ts) reports each of those as the operation's failure, with the reason, and exits 1.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { repoRoot } from '../../../domain/paths';
import { listOperations, loadOpenApi } from '../../../domain/contract/openapi';

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  app = Fastify();
  // openapi.yaml: `status` is `ok`; this backend says something else.
  app.get('/health', async () => ({ status: 'up' }));
  // openapi.yaml: a profile needs a bearer token (401 without one).
  app.get('/profile/me', async () => ({ name: 'Anyone' }));
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
});

/** `npm run contract -- …` as a person runs it (package.json: tsx on the checker's cli.ts). */
function contractCli(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['scripts/contract-checker/cli.ts', ...args],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

it('fails a backend that answers a wrong shape and a wrong status, saying why, and exits 1', async () => {
  const { code, out } = await contractCli(['--base-url', baseUrl]);
  expect(code).toBe(1);
  const failLine = (operationId: string) =>
    out.split('\n').find((line) => line.startsWith(`FAIL  ${operationId} `));
  expect(failLine('getHealth')).toBeDefined();
  expect(out).toContain('✗ health → 200: body does not match the 200 schema: /status must be');
  expect(failLine('getMyProfile')).toBeDefined();
  expect(out).toContain('✗ no token → 401: expected 401, got 200');
  // Every operation of the contract is reported, and one passes: the calendar feed, whose only
  // check without a token is a 404 for a secret that is not the feed's, which a backend without
  // the route gives too.
  const operations = listOperations(loadOpenApi()).length;
  expect(out).toContain(`\n${operations} operations: 1 passed, ${operations - 1} failed`);
  expect(out.split('\n').filter((line) => line.startsWith('PASS'))).toEqual([
    expect.stringMatching(/^PASS {2}getCalendarFeed /),
  ]);
}, 60_000);
