/**
 * A production start: the configuration checks (each refusal names its setting), the
 * emulator's signing key refused outside the local configuration, the readiness check, and
 * logs that carry request ids but no token, password or message body.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { optOutUrl } from '../../server/mail/optOut';
import {
  call,
  productionEnv,
  quote,
  runTs,
  startApi,
  startIdentityProvider,
  type IdentityProvider,
  type TestApi,
} from './helpers';

let idp: IdentityProvider;
let dir: string;

beforeAll(async () => {
  idp = await startIdentityProvider();
  dir = mkdtempSync(path.join(os.tmpdir(), 'api-production-'));
});

afterAll(async () => {
  await idp.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A configuration production accepts (the identity provider is a local stand-in). */
const production = (): Record<string, string> => ({
  ...productionEnv(idp, dir),
  LOG_LEVEL: 'info',
});

interface Started {
  url: Promise<string>;
  done: Promise<{ code: number | null; out: string; err: string }>;
  stop(): void;
}

function start(env: Record<string, string | undefined>): Started {
  const child = runTs('server/main.ts', [], env);
  let out = '';
  let err = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`server exited: ${err}`)));
  });
  url.catch(() => undefined);
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  );
  return { url, done, stop: () => child.kill('SIGTERM') };
}

describe('a production start refuses', () => {
  it("the identity emulator's key set", async () => {
    const result = await start({
      ...production(),
      COGNITO_JWKS_URL: 'http://127.0.0.1:9229/us-east-1_localpool/.well-known/jwks.json',
    }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain("COGNITO_JWKS_URL is the identity emulator's key set");
  });

  it("a key set that publishes the emulator's key, wherever it is", async () => {
    const emulator = await startIdentityProvider({ emulatorKey: true });
    try {
      const result = await start({
        ...production(),
        COGNITO_ISSUER: emulator.issuer,
        COGNITO_JWKS_URL: `${emulator.issuer}/.well-known/jwks.json`,
      }).done;
      expect(result.code).toBe(1);
      expect(result.err).toContain("publishes the identity emulator's key");
    } finally {
      await emulator.close();
    }
  });

  it('a missing JWKS setting', async () => {
    const result = await start({ ...production(), COGNITO_JWKS_URL: '' }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain('COGNITO_JWKS_URL is required in production');
  });

  it.each([
    ['absent', () => ''],
    [
      'in the data folder (a restore of the folder would take it back in time)',
      (env: Record<string, string>) => `${env.DATABASE_PATH}.erased`,
    ],
  ])('an erasure list %s', async (_label, list) => {
    const env = production();
    const result = await start({ ...env, ERASURE_LIST_PATH: list(env) }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `ERASURE_LIST_PATH is required in production, outside the database's folder ${path.dirname(env.DATABASE_PATH!)}`,
    );
  });

  it('TRUST_PROXY beyond loopback without the origin secret (any CloudFront distribution could name the client address)', async () => {
    const result = await start({ ...production(), API_HOST: '0.0.0.0', TRUST_PROXY: '1' }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'ORIGIN_SECRETS is required in production with TRUST_PROXY on 0.0.0.0',
    );
  });

  it('a missing SMTP setting', async () => {
    const result = await start({ ...production(), SMTP_URL: '' }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain('SMTP_URL is required in production');
  });

  it.each([
    ['absent (its default is random per start)', '', 'SIGNED_URL_SECRET is required in production'],
    ['a placeholder', 'change-me-change-me-change-me-change-me', 'SIGNED_URL_SECRET is a default'],
    ['too short', 'abc123', 'SIGNED_URL_SECRET is a default'],
  ])('a default secret: SIGNED_URL_SECRET %s', async (_label, secret, message) => {
    const result = await start({ ...production(), SIGNED_URL_SECRET: secret }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
  });

  it.each([
    ['absent (the signed picture links would take their host from the request)', ''],
    ['not an absolute http(s) address', '/api'],
    ['another scheme', 'javascript://example.com/api'],
  ])('PUBLIC_API_URL %s', async (_label, url) => {
    const started = start({ ...production(), PUBLIC_API_URL: url });
    // A start that goes on to listen is stopped, so the expectations below fail at once.
    if (
      await started.url.then(
        () => true,
        () => false,
      )
    )
      started.stop();
    const result = await started.done;
    expect(result.code).toBe(1);
    expect(result.err).toContain('PUBLIC_API_URL');
    expect(result.err).toContain('https://api.example.com');
  });

  it('the local configuration', async () => {
    const result = await start({ ...production(), IDENTITY_EMULATOR: 'cognito-local' }).done;
    expect(result.code).toBe(1);
    expect(result.err).toContain('IDENTITY_EMULATOR=cognito-local is the local configuration');
  });
});

describe('a production start with a good configuration', () => {
  it('serves, logs JSON lines with request ids and no secrets, and stops on SIGTERM', async () => {
    const env = production();
    const server = start(env);
    const base = await server.url;
    const token = await idp.idToken('log-user', 'log-user@example.com');
    const message = 'Please use the side gate; my password is hunter2-secret';
    try {
      const profile = await call(base, 'GET', '/profile/me', { token });
      expect(profile.status).toBe(200);
      const requestId = profile.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(
        (await call(base, 'POST', '/bookings', { token, body: quote({ message }) })).status,
      ).toBe(201);
      expect((await call(base, 'GET', '/profile/me', { token: 'not.a.token' })).status).toBe(401);
      expect((await call(base, 'GET', '/health/ready')).body).toEqual({
        status: 'ok',
        database: 'ok',
      });
      // An e-mail's unsubscribe link: its address and signature stay out of the log.
      const unsubscribe = new URL(
        optOutUrl(env.PUBLIC_API_URL!, env.SIGNED_URL_SECRET!, 'log-user@example.com', 'reminders'),
      );
      const signature = unsubscribe.searchParams.get('signature')!;
      const link = `${unsubscribe.pathname.replace(/^\/api/, '')}${unsubscribe.search}`;
      expect((await call(base, 'GET', link)).status).toBe(200);
      server.stop();
      const { code, out } = await server.done;
      expect(code).toBe(0);
      const lines = out
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(
        expect.objectContaining({ reqId: requestId, path: '/profile/me', statusCode: 200 }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({ path: '/bookings', method: 'POST', statusCode: 201 }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({ path: '/email-opt-outs', method: 'GET', statusCode: 200 }),
      );
      for (const secret of [
        token,
        'not.a.token',
        'hunter2',
        'side gate',
        env.SIGNED_URL_SECRET,
        'log-user@example.com',
        'log-user%40example.com',
        signature,
      ]) {
        expect(out).not.toContain(secret);
      }
    } finally {
      server.stop();
    }
  });
});

describe("the identity emulator's published key", () => {
  let emulator: IdentityProvider;
  beforeAll(async () => {
    emulator = await startIdentityProvider({ emulatorKey: true });
  });
  afterAll(() => emulator.close());

  const withApi = async (acceptEmulatorKey: boolean, run: (api: TestApi) => Promise<void>) => {
    const api = await startApi(emulator, {
      cognito: { issuer: emulator.issuer, clientId: emulator.clientId, acceptEmulatorKey },
    });
    try {
      await run(api);
    } finally {
      await api.close();
    }
  };

  it('is refused when the server does not run with the local configuration', async () => {
    await withApi(false, async (api) => {
      const token = await emulator.idToken('emulated', 'emulated@example.com');
      const answer = await call(api.baseUrl, 'GET', '/profile/me', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        message: "Token is signed with the identity emulator's key, which is not accepted here",
      });
    });
  });

  it('is accepted with the local configuration', async () => {
    await withApi(true, async (api) => {
      const token = await emulator.idToken('emulated', 'emulated@example.com');
      expect((await call(api.baseUrl, 'GET', '/profile/me', { token })).status).toBe(200);
    });
  });
});
