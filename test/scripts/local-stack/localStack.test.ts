/**
 * startLocalStack (scripts/local-stack/localStack.ts) as `npm start`, the e2e suite and the benchmarks
 * use it: cognito-local behind its proxy, the API (server/) and the seeded demo customer, as
 * real processes on free ports with a fresh state folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  callCognito,
  isRecord,
  jwtClaims,
  readString,
  type Json,
} from '../../../scripts/identity-emulator/cognitoClient';
import { USER_POOL_ID } from '../../../scripts/identity-emulator/cognitoLocal';
import {
  DEMO_USER,
  startLocalStack,
  type LocalStack,
  type LocalStackOptions,
} from '../../../scripts/local-stack/localStack';
import { freePorts } from '../../../scripts/common/ports';

const lines: string[] = [];
const starting = new AbortController();
let options: LocalStackOptions;
/** The stack the tests use; replaced when a test restarts it. */
let startup: Promise<LocalStack> | undefined;
let stack: LocalStack;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'local-stack-test-'));
  const [cognito, api, app] = (await freePorts(3)) as [number, number, number];
  options = {
    stateDir,
    appOrigin: `http://localhost:${app}`,
    ports: { cognito, api },
    // Picture links point straight at the API (no dev server in these tests).
    publicApiUrl: `http://127.0.0.1:${api}`,
    log: (line) => lines.push(line),
    signal: starting.signal,
  };
  startup = startLocalStack(options);
  stack = await startup;
}, 90_000);

afterAll(async () => {
  // Also stops a start that is still running (e.g. beforeAll timed out).
  starting.abort();
  await startup?.then(
    (started) => started.stop(),
    () => undefined,
  );
  rmSync(stateDir, { recursive: true, force: true });
}, 30_000);

interface Answer {
  status: number;
  body: unknown;
}

async function api(url: string, token?: string): Promise<Answer> {
  const response = await fetch(`${stack.apiUrl}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

async function apiList(url: string, token: string): Promise<Json[]> {
  const { status, body } = await api(url, token);
  expect(status).toBe(200);
  if (!Array.isArray(body)) throw new Error(`${url} did not answer a list`);
  return body.filter(isRecord);
}

async function signIn(
  email: string,
  password: string,
  clientId = stack.clientId,
): Promise<{ idToken: string; accessToken: string }> {
  const answer = await callCognito(stack.cognitoUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const idToken = readString(answer.AuthenticationResult, 'IdToken');
  const accessToken = readString(answer.AuthenticationResult, 'AccessToken');
  if (!idToken || !accessToken) throw new Error('Signing in gave no tokens');
  return { idToken, accessToken };
}

const demoSignIn = () => signIn(stack.demoUser.email, stack.demoUser.password);

const statuses = (records: Json[], field = 'status') =>
  new Set(records.map((record) => record[field]));

it('starts everything on the given ports and keeps its state in the state folder', async () => {
  expect(stack).toMatchObject({
    cognitoUrl: `http://localhost:${options.ports.cognito}`,
    apiUrl: `http://127.0.0.1:${options.ports.api}`,
    userPoolId: USER_POOL_ID,
    issuer: `http://localhost:${options.ports.cognito}/${USER_POOL_ID}`,
    demoUser: { email: DEMO_USER.email, password: DEMO_USER.password },
    seeded: true,
  });
  expect(await api('/health')).toEqual({ status: 200, body: { status: 'ok' } });
  const jwks: unknown = await (await fetch(`${stack.issuer}/.well-known/jwks.json`)).json();
  expect(isRecord(jwks) && Array.isArray(jwks.keys) && jwks.keys.length).toBeGreaterThan(0);

  const json = (file: string): unknown =>
    JSON.parse(readFileSync(path.join(stateDir, file), 'utf8'));
  expect(json('secrets.json')).toEqual({
    signedUrlSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
    calendlyWebhookSigningKey: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(json('demo.json')).toEqual({ seededSub: stack.demoUser.sub });
  for (const file of ['data/app.db', 'logs/api.log', 'logs/cognito.log', 'logs/seed.log'])
    expect(existsSync(path.join(stateDir, file))).toBe(true);
  expect(lines).toContain(`[api] API listening on ${stack.apiUrl}`);
});

it('refuses to start when a port is taken, naming the port', async () => {
  const taken = net.createServer();
  const [port, other] = (await freePorts(2)) as [number, number];
  await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
  const untouched = path.join(stateDir, 'never-created');
  try {
    await expect(
      startLocalStack({ ...options, stateDir: untouched, ports: { cognito: port, api: other } }),
    ).rejects.toThrow(`Port ${port} (identity) is already in use.`);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
  expect(existsSync(untouched)).toBe(false);
});

describe('the API with tokens from the stack', () => {
  it('accepts the demo customer’s id token and access token on GET /profile/me', async () => {
    const { idToken, accessToken } = await demoSignIn();
    const expected = { userId: stack.demoUser.sub, email: DEMO_USER.email, name: DEMO_USER.name };
    expect(await api('/profile/me', idToken)).toMatchObject({ status: 200, body: expected });
    expect(await api('/profile/me', accessToken)).toMatchObject({ status: 200, body: expected });
    expect((await api('/profile/me')).status).toBe(401);
  });

  it('lets the app’s origin, and no other, call the API from a browser', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.apiUrl}/profile/me`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(options.appOrigin);
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(options.appOrigin);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PUT');
    const other = await preflight('http://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses tokens of another app client and of another user pool with 401', async () => {
    const createClient = async (userPoolId: string) => {
      const created = await callCognito(stack.cognitoUrl, 'CreateUserPoolClient', {
        UserPoolId: userPoolId,
        ClientName: 'someone-else',
      });
      const clientId = readString(created.UserPoolClient, 'ClientId');
      if (!clientId) throw new Error('No client id');
      return clientId;
    };

    const otherClient = await createClient(USER_POOL_ID);
    const sameUserOtherClient = await signIn(DEMO_USER.email, DEMO_USER.password, otherClient);
    expect(jwtClaims(sameUserOtherClient.idToken).iss).toBe(stack.issuer);
    for (const token of [sameUserOtherClient.idToken, sameUserOtherClient.accessToken])
      expect(await api('/profile/me', token)).toEqual({
        status: 401,
        body: expect.objectContaining({ message: 'Token was issued for another client' }),
      });

    const pool = await callCognito(stack.cognitoUrl, 'CreateUserPool', { PoolName: 'other' });
    const otherPoolId = readString(pool.UserPool, 'Id') ?? '';
    const otherPoolClient = await createClient(otherPoolId);
    const email = 'elsewhere@example.test';
    await callCognito(stack.cognitoUrl, 'AdminCreateUser', {
      UserPoolId: otherPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    await callCognito(stack.cognitoUrl, 'AdminSetUserPassword', {
      UserPoolId: otherPoolId,
      Username: email,
      Password: 'Elsewhere-Pass1',
      Permanent: true,
    });
    const otherPool = await signIn(email, 'Elsewhere-Pass1', otherPoolClient);
    expect(jwtClaims(otherPool.idToken).iss).toBe(`${stack.cognitoUrl}/${otherPoolId}`);
    expect(await api('/profile/me', otherPool.idToken)).toEqual({
      status: 401,
      body: expect.objectContaining({ message: 'Token issuer is not accepted' }),
    });
  });
});

it('seeds the demo customer with a full portal', async () => {
  const { idToken } = await demoSignIn();

  expect(await apiList('/vehicles/me', idToken)).toHaveLength(3);
  const bookings = await apiList('/bookings', idToken);
  expect(statuses(bookings)).toEqual(new Set(['Booked', 'Completed', 'Cancelled']));
  expect(statuses(await apiList('/calendly-bookings', idToken))).toEqual(
    new Set(['Booked', 'Completed', 'Cancelled']),
  );
  expect(statuses(await apiList('/subscriptions', idToken))).toEqual(
    new Set(['active', 'cancelled']),
  );

  const completed = bookings.filter((booking) => booking.status === 'Completed');
  for (const booking of completed) {
    const pictures = await apiList(`/service-pics?bookingId=${String(booking.bookingId)}`, idToken);
    expect(pictures.length).toBeGreaterThan(0);
  }
  const [first] = await apiList(
    `/service-pics?bookingId=${String(completed[0]?.bookingId)}`,
    idToken,
  );
  const image = await fetch(readString(first, 'signedUrl') ?? '');
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);

  const loyalty = await api('/loyalty', idToken);
  expect(loyalty.status).toBe(200);
  const transactions = isRecord(loyalty.body) ? loyalty.body.transactions : undefined;
  expect(
    Array.isArray(transactions) ? statuses(transactions.filter(isRecord), 'type') : [],
  ).toEqual(new Set(['signup_bonus', 'earn']));
  expect(isRecord(loyalty.body) && loyalty.body.points).toBeGreaterThan(600);
});

it('restarts on the same state folder without seeding again, keeping users and signed links', async () => {
  const { idToken } = await demoSignIn();
  const bookingsBefore = await apiList('/bookings', idToken);
  const completed = bookingsBefore.find((booking) => booking.status === 'Completed');
  const [picture] = await apiList(
    `/service-pics?bookingId=${String(completed?.bookingId)}`,
    idToken,
  );
  const signedUrl = readString(picture, 'signedUrl') ?? '';

  await stack.stop();
  await expect(fetch(`${stack.apiUrl}/health`)).rejects.toThrow();
  await expect(fetch(`${stack.cognitoUrl}/health`)).rejects.toThrow();

  lines.length = 0;
  startup = startLocalStack(options);
  stack = await startup;
  expect(stack.seeded).toBe(false);
  expect(lines.some((line) => line.startsWith('[seed]'))).toBe(false);

  // The demo user (and its sub) survive in cognito-local's pool file.
  const again = await demoSignIn();
  expect(jwtClaims(again.idToken).sub).toBe(stack.demoUser.sub);
  expect(await apiList('/bookings', again.idToken)).toHaveLength(bookingsBefore.length);
  // secrets.json keeps the signing key, so links handed out before the restart still work.
  expect((await fetch(signedUrl)).status).toBe(200);
}, 60_000);

describe('an account that takes someone else’s e-mail', () => {
  const victim = 'victim@example.test';
  const attacker = { email: 'attacker@example.test', password: 'Attacker-Pass1' };

  async function createUser(email: string, verified: 'true' | 'false', password: string) {
    await callCognito(stack.cognitoUrl, 'AdminCreateUser', {
      UserPoolId: USER_POOL_ID,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: verified },
      ],
    });
    await callCognito(stack.cognitoUrl, 'AdminSetUserPassword', {
      UserPoolId: USER_POOL_ID,
      Username: email,
      Password: password,
      Permanent: true,
    });
  }

  async function send(method: string, url: string, token?: string, body?: unknown) {
    const response = await fetch(`${stack.apiUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text };
  }

  it('gives nothing of the victim’s to an account that changes its e-mail without a code', async () => {
    const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const quote = await send('POST', '/bookings', undefined, {
      name: 'Vic Tim',
      phone: '(919) 555-0100',
      email: victim,
      vehicleType: 'Sedan',
      selectedAddons: [],
      date,
      time: '4:00 PM',
      message: 'Gate code 4321',
      totalPrice: 90,
    });
    expect(quote.status).toBe(201);
    const bookingId = String((JSON.parse(quote.text) as Json).bookingId);

    await createUser(attacker.email, 'true', attacker.password);
    const first = await signIn(attacker.email, attacker.password);
    await expect(
      callCognito(stack.cognitoUrl, 'UpdateUserAttributes', {
        AccessToken: first.accessToken,
        UserAttributes: [
          { Name: 'email', Value: victim },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    ).rejects.toThrow('email_verified');
    await callCognito(stack.cognitoUrl, 'UpdateUserAttributes', {
      AccessToken: first.accessToken,
      UserAttributes: [{ Name: 'email', Value: victim }],
    });
    // A refresh (and a new sign-in) still carries the attacker's own, verified address.
    const refreshed = await callCognito(stack.cognitoUrl, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack.clientId,
      AuthParameters: {
        REFRESH_TOKEN:
          readString(
            (
              await callCognito(stack.cognitoUrl, 'InitiateAuth', {
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: stack.clientId,
                AuthParameters: { USERNAME: attacker.email, PASSWORD: attacker.password },
              })
            ).AuthenticationResult,
            'RefreshToken',
          ) ?? '',
      },
    });
    const idToken = readString(refreshed.AuthenticationResult, 'IdToken') ?? '';
    expect(jwtClaims(idToken)).toMatchObject({ email: attacker.email, email_verified: true });

    for (const token of [idToken, first.accessToken]) {
      for (const url of ['/bookings', '/bookings/claimable', '/profile/me', '/calendly-bookings'])
        expect((await send('GET', url, token)).text).not.toMatch(/4321|Vic Tim|victim@/);
      expect((await send('DELETE', `/bookings/${bookingId}`, token)).status).toBe(404);
      expect(
        (await send('POST', `/bookings/${bookingId}/claim`, token, { decision: 'mine' })).status,
      ).toBe(404);
    }
  });

  it('says email_verified false for a stored "false", and the API uses no e-mail then', async () => {
    const email = 'unverified@example.test';
    await createUser(email, 'false', 'Unverified-Pass1');
    const { idToken } = await signIn(email, 'Unverified-Pass1');
    expect(jwtClaims(idToken)).toMatchObject({ email, email_verified: false });
    const profile = await send('GET', '/profile/me', idToken);
    expect(JSON.parse(profile.text)).toMatchObject({ email: '' });
  });
});

it('does not let a direct client of the API pick its own address with X-Forwarded-For', async () => {
  // The API's port takes connections from anyone on this machine, not only from the proxies.
  const statuses: number[] = [];
  for (let index = 0; index < 12; index += 1) {
    const spoof = `198.51.100.${index + 1}`;
    const response = await fetch(`${stack.apiUrl}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof },
      body: JSON.stringify({
        name: 'Direct Client',
        phone: '(919) 555-0101',
        email: 'direct@example.test',
        vehicleType: 'Sedan',
        selectedAddons: [],
        totalPrice: 90,
      }),
    });
    statuses.push(response.status);
  }
  // Ten quotes per address in ten minutes (the default); earlier tests may have used some.
  expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(10);
  expect(statuses.at(-1)).toBe(429);
});
