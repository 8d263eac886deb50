/**
 * Which operations are the owner's has one source: the path, under /owner/ (domain/owners.ts
 * `isOwnerPath`). For every operation of openapi.yaml, the server refuses a customer's token as
 * not the owner exactly then, and the codegen (scripts/build/codegen.config.cjs) generates its endpoint
 * into the owner console's API exactly then; the tag `owner` (the endpoints' cache tag) follows
 * the path, or the generation stops.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listOperations, loadOpenApi } from '../../domain/contract/openapi';
import { isOwnerPath } from '../../domain/owners';
import { repoRoot } from '../../domain/paths';
import {
  call,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

const operations = listOperations(loadOpenApi());
const OWNER_REFUSAL = 'Only the business owner may do this';

let idp: IdentityProvider;
let api: TestApi;
let customerToken: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  api = await startApi(idp);
  customerToken = await idp.idToken('customer-sub', 'sam@example.com');
});
afterAll(async () => {
  await api.close();
  await idp.close();
});

it('refuses a customer as not the owner on exactly the operations under /owner/', async () => {
  const refusedAsNotOwner: string[] = [];
  for (const op of operations) {
    const url = op.path.replace(/\{[^}]+\}/g, 'ffffffffffffffffffffffff');
    const answer = await call(api.baseUrl, op.method.toUpperCase(), url, {
      token: customerToken,
      body: op.requestBody ? {} : undefined,
    });
    const message = (answer.body as { message?: unknown } | null)?.message;
    if (answer.status === 403 && message === OWNER_REFUSAL) refusedAsNotOwner.push(op.operationId);
  }
  const owners = operations.filter((op) => isOwnerPath(op.path)).map((op) => op.operationId);
  expect(owners.length).toBeGreaterThan(10);
  expect(refusedAsNotOwner).toEqual(owners);
});

interface CodegenOutput {
  filterEndpoints: (
    name: string,
    operation: { path: string; operation: { tags?: string[] } },
  ) => boolean;
}
const config = createRequire(import.meta.url)(
  path.join(repoRoot, 'scripts/build/codegen.config.cjs'),
) as {
  outputFiles: Record<string, CodegenOutput>;
};
const appOutput = config.outputFiles['../../src/api/generated.ts']!;
const ownerOutput = config.outputFiles['../../src/features/owner/api/generated.ts']!;

it("generates each operation into the owner console's API exactly when its path is under /owner/", () => {
  const generated = {
    app: readFileSync(path.join(repoRoot, 'src/api/generated.ts'), 'utf8'),
    owner: readFileSync(path.join(repoRoot, 'src/features/owner/api/generated.ts'), 'utf8'),
  };
  const defines = (text: string, name: string) =>
    new RegExp(`^\\s+${name}: build\\.`, 'm').test(text);
  for (const op of operations) {
    expect({ operation: op.operationId, owner: defines(generated.owner, op.operationId) }).toEqual({
      operation: op.operationId,
      owner: isOwnerPath(op.path),
    });
    if (isOwnerPath(op.path)) expect(defines(generated.app, op.operationId)).toBe(false);
  }
});

it('sorts a new operation by its path, and stops when its tag `owner` says otherwise', () => {
  const probe = (apiPath: string, tags: string[]) => ({ path: apiPath, operation: { tags } });
  expect(ownerOutput.filterEndpoints('getOwnerProbe', probe('/owner/probe', ['owner']))).toBe(true);
  expect(appOutput.filterEndpoints('getOwnerProbe', probe('/owner/probe', ['owner']))).toBe(false);
  expect(appOutput.filterEndpoints('getProbe', probe('/probe', ['health']))).toBe(true);
  expect(() =>
    appOutput.filterEndpoints('getOwnerProbe', probe('/owner/probe', ['health'])),
  ).toThrow('getOwnerProbe is under /owner/ (the owner console) but lacks the tag owner');
  expect(() => ownerOutput.filterEndpoints('getProbe', probe('/probe', ['owner']))).toThrow(
    'getProbe is not under /owner/ but has the tag owner',
  );
});
