/**
 * The compiled service (dist-server/, built as `npm run build` builds it) started with plain
 * `node` in production mode: one process serving the site with its production headers and the
 * API under /api, and the API alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../domain/paths';
import { buildServerBundle } from '../../scripts/build/serverBundle';
import {
  headerConfigFromEnv,
  headersFile,
  securityHeaders,
} from '../../scripts/build/securityHeaders';
import { call, productionEnv, startIdentityProvider, type IdentityProvider } from './helpers';

let idp: IdentityProvider;
let dir: string;
let bundle: string;
const dist = () => path.join(dir, 'dist');

beforeAll(async () => {
  idp = await startIdentityProvider();
  dir = mkdtempSync(path.join(os.tmpdir(), 'api-serve-'));
  // Where `npm run build` writes it (the bundle finds openapi.yaml in the folder above it).
  bundle = await buildServerBundle(repoRoot);
  const page = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist(), file)), { recursive: true });
    writeFileSync(path.join(dist(), file), `<!doctype html><title>${text}</title>`);
  };
  page('index.html', 'home page');
  page('dashboard/index.html', 'dashboard shell');
  page('app.html', 'app shell');
  writeFileSync(path.join(dist(), '_headers'), headersFile(headerConfigFromEnv({})));
}, 60_000);

afterAll(async () => {
  await idp.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(file: string): { child: ChildProcess; url: Promise<string> } {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(bundle, file)], {
    cwd: repoRoot,
    env: {
      ...env,
      ...productionEnv(idp, dir),
      DIST_DIR: dist(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`exited: ${err}`)));
  });
  return { child, url };
}

const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });

it('one process serves /, /dashboard, the SPA shell (revalidated by ETag) and the API, with the production headers, without a TypeScript loader', async () => {
  const { child, url } = start('serve.cjs');
  try {
    const base = await url;
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline).toEqual([process.execPath, path.join(bundle, 'serve.cjs')]);
    const expected = securityHeaders(headerConfigFromEnv({}));
    for (const [page, title] of [
      ['/', 'home page'],
      ['/dashboard', 'dashboard shell'],
      ['/dashboard/vehicles', 'app shell'],
    ] as const) {
      const answer = await fetch(`${base}${page}`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(title);
      for (const [header, value] of Object.entries(expected)) {
        expect(answer.headers.get(header)).toBe(value);
      }
    }
    const home = await fetch(`${base}/`);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const etag = home.headers.get('etag');
    expect(etag).toBeTruthy();
    // A browser's revalidation (fetch would add `Cache-Control: no-cache`, a forced reload).
    const again = await fetch(`${base}/`, {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    expect((await call(base, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await call(base, 'GET', '/api/health/ready')).body).toEqual({
      status: 'ok',
      database: 'ok',
    });
    const token = await idp.idToken('serve-user', 'serve@example.com');
    const profile = await call(base, 'GET', '/api/profile/me', { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: 'serve@example.com' });
  } finally {
    expect(await stopped(child)).toBe(0);
  }
});

it('the API alone (behind nginx) runs from dist-server/main.cjs', async () => {
  const { child, url } = start('main.cjs');
  try {
    const base = await url;
    expect((await call(base, 'GET', '/health')).body).toEqual({ status: 'ok' });
    const token = await idp.idToken('api-user', 'api@example.com');
    expect((await call(base, 'GET', '/profile/me', { token })).status).toBe(200);
  } finally {
    expect(await stopped(child)).toBe(0);
  }
});
