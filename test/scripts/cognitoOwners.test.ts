/**
 * The local stack's owner account: its id token carries the owners group, a customer's does
 * not, and nobody can put an account into the group through the public identity endpoint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OWNERS_GROUP } from '../../domain/owners';
import {
  CognitoApiError,
  callCognito,
  jwtClaims,
  readString,
  type Json,
} from '../../scripts/lib/cognitoClient';
import { OWNER_USER } from '../../scripts/lib/cognitoOwners';
import { DEMO_USER, startLocalStack, type LocalStack } from '../../scripts/lib/localStack';
import { freePorts } from '../../scripts/lib/ports';

const starting = new AbortController();
let startup: Promise<LocalStack> | undefined;
let stack: LocalStack;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'cognito-owners-test-'));
  const [cognito, api, cognitoInternal, app] = (await freePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  startup = startLocalStack({
    stateDir,
    appOrigin: `http://localhost:${app}`,
    ports: { cognito, api, cognitoInternal },
    log: () => undefined,
    signal: starting.signal,
  });
  stack = await startup;
}, 90_000);

afterAll(async () => {
  starting.abort();
  await startup?.then(
    (started) => started.stop(),
    () => undefined,
  );
  rmSync(stateDir, { recursive: true, force: true });
}, 30_000);

async function idTokenOf(email: string, password: string): Promise<string> {
  const answer = await callCognito(stack.cognitoUrl, 'InitiateAuth', {
    ClientId: stack.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return readString(answer.AuthenticationResult as Json, 'IdToken') ?? '';
}

it('creates the owner account, whose id token names the owners group', async () => {
  expect(stack.ownerUser).toEqual({ email: OWNER_USER.email, password: OWNER_USER.password });
  const claims = jwtClaims(await idTokenOf(OWNER_USER.email, OWNER_USER.password));
  expect(claims['cognito:groups']).toEqual([OWNERS_GROUP]);
  const customer = jwtClaims(await idTokenOf(DEMO_USER.email, DEMO_USER.password));
  expect(customer['cognito:groups'] ?? []).not.toContain(OWNERS_GROUP);
}, 30_000);

it('refuses to put anyone into the owners group through the public endpoint', async () => {
  const refused = await callCognito(stack.cognitoUrl, 'AdminAddUserToGroup', {
    UserPoolId: stack.userPoolId,
    Username: DEMO_USER.email,
    GroupName: OWNERS_GROUP,
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(CognitoApiError);
  expect((refused as CognitoApiError).type).toBe('NotAuthorizedException');
  const customer = jwtClaims(await idTokenOf(DEMO_USER.email, DEMO_USER.password));
  expect(customer['cognito:groups'] ?? []).not.toContain(OWNERS_GROUP);
}, 30_000);
