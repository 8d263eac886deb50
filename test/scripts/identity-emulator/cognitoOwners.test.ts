/**
 * The local stack's owner account: it signs in with two factors (an authenticator app whose
 * secret the stack hands out, for `npm start` to print), its id token carries the owners group,
 * a customer's does not, and nobody can put an account into the group through the public
 * identity endpoint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OWNERS_GROUP } from '../../../domain/owners';
import {
  CognitoApiError,
  callCognito,
  jwtClaims,
  readString,
  signInWithPassword,
} from '../../../scripts/identity-emulator/cognitoClient';
import { OWNER_USER } from '../../../scripts/identity-emulator/cognitoOwners';
import {
  DEMO_USER,
  startLocalStack,
  type LocalStack,
} from '../../../scripts/local-stack/localStack';
import { freePorts } from '../../../scripts/common/ports';

const starting = new AbortController();
let startup: Promise<LocalStack> | undefined;
let stack: LocalStack;
let stateDir: string;

/** Starts the local stack in `stateDir` on free ports. */
async function startStack(): Promise<void> {
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
}

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'cognito-owners-test-'));
  await startStack();
}, 90_000);

afterAll(async () => {
  starting.abort();
  await startup?.then(
    (started) => started.stop(),
    () => undefined,
  );
  rmSync(stateDir, { recursive: true, force: true });
}, 30_000);

async function idTokenOf(email: string, password: string, totpSecret?: string): Promise<string> {
  const tokens = await signInWithPassword(stack.cognitoUrl, stack.clientId, {
    email,
    password,
    totpSecret,
  });
  return readString(tokens, 'IdToken') ?? '';
}

it('creates the owner account with an authenticator app; its id token names the owners group', async () => {
  const { totpSecret, ...login } = stack.ownerUser;
  expect(login).toEqual({ email: OWNER_USER.email, password: OWNER_USER.password });
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}=*$/);
  // The password alone is not a sign-in: the pool asks for the app's code.
  const first = await callCognito(stack.cognitoUrl, 'InitiateAuth', {
    ClientId: stack.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: OWNER_USER.email, PASSWORD: OWNER_USER.password },
  });
  expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  expect(first.AuthenticationResult).toBeUndefined();
  const claims = jwtClaims(await idTokenOf(OWNER_USER.email, OWNER_USER.password, totpSecret));
  expect(claims['cognito:groups']).toEqual([OWNERS_GROUP]);
  const customer = jwtClaims(await idTokenOf(DEMO_USER.email, DEMO_USER.password));
  expect(customer['cognito:groups'] ?? []).not.toContain(OWNERS_GROUP);
}, 30_000);

it('keeps the same authenticator secret when the stack starts again', async () => {
  const before = stack.ownerUser.totpSecret;
  expect(before).toBeDefined();
  await stack.stop();
  await startStack();
  expect(stack.ownerUser.totpSecret).toBe(before);
}, 90_000);

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
