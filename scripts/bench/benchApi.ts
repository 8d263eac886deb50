/**
 * The API's requests per second against an older commit (`npm run bench`, or only this part
 * with `npm run bench -- api`): API_BASELINE_COMMIT is checked out in a detached worktree
 * (.local/bench/api-baseline) with this checkout's node_modules linked in, once the old lock is
 * found to resolve every package its server loads to the version installed here (otherwise
 * the run stops and says which), or with the node_modules BENCH_API_BASELINE_MODULES names (the
 * old lock installed on its own). Then, in one run:
 * - each tree seeds the demo customer into a fresh SQLite file with its own server/seed.ts
 *   (the same profile, vehicles, bookings and history), and starts its own API
 *   (`server/main.ts`, as `npm run server` does, default LOG_LEVEL) as a child process;
 * - both trust one stand-in identity provider (an RSA key whose JWKS this process serves),
 *   and every request carries the demo customer's id token;
 * - for each endpoint, rounds alternate between the two servers (which goes first alternates
 *   too) so that a busy moment of the machine falls on both: ROUND_MS of load per round from
 *   CONNECTIONS keep-alive connections, each sending its next request when the last answered
 *   (every answer must be 200; see `connection`). A round counts the answers and the server process's CPU time
 *   (/proc/<pid>/stat), after an uncounted warm-up (WARM_UP_MS) per server and endpoint.
 * Figures: each side's median requests per second, the ratio now/before (target at least
 * API_TARGET), and CPU microseconds per request; the machine's load average is recorded.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { projectRoot } from '../local-stack/localStack';
import { checkOutWorktree, git, removeWorktree } from './benchWorktree';
import { freePorts } from '../common/ports';
import { startChild, waitHealthy, type Child } from '../common/processes';
import { median } from './benchLighthouse';

/** The API two days before its per-request costs were cut: the bench's baseline. */
const API_BASELINE_COMMIT = 'a615139';
export const API_HEADING = '## The API against an older commit';
const API_TARGET = 0.95;
const ENDPOINTS = ['/profile/me', '/bookings'] as const;
const CONNECTIONS = 20;
// Many short rounds: on a shared machine the load of others changes within seconds.
const ROUNDS = Number(process.env.BENCH_API_ROUNDS) || 30;
const ROUND_MS = Number(process.env.BENCH_API_ROUND_MS) || 1000;
// The first seconds of each server were visibly slower (its code still being compiled).
const WARM_UP_MS = 8000;
export const BENCH_CLIENT_ID = 'benchclient000000000000000';
export const DEMO = {
  sub: 'bench-demo-customer',
  email: 'demo@triangleshine.test',
  name: 'Jordan Miles',
};

const baselineDir = path.join(projectRoot, '.local/bench/api-baseline');

type Side = 'before' | 'now';

interface Round {
  perSecond: number;
  cpuMicrosPerRequest: number;
}

interface ApiEndpointFigures {
  before: Round[];
  now: Round[];
  medianBefore: number;
  medianNow: number;
  ratio: number;
  cpuBefore: number;
  cpuNow: number;
  withinTarget: boolean;
}

interface ApiBench {
  baseline: string;
  /** The older commit ran on its own lock's packages (BENCH_API_BASELINE_MODULES). */
  baselineOwnPackages?: boolean;
  connections: number;
  rounds: number;
  roundMs: number;
  cpus: number;
  /** os.loadavg() (1, 5, 15 minutes) before and after the measurement. */
  loadBefore: number[];
  loadAfter: number[];
  endpoints: Record<string, ApiEndpointFigures>;
}

interface LockPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
type Lock = Record<string, LockPackage>;

/** Where Node finds `name` from the package at `from` (a lock key, '' for the root). */
function resolveIn(lock: Lock, from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock[key]) return key;
    if (!base) return undefined;
  }
}

/**
 * Packages a listening server never loads: Fastify requires light-my-request only for
 * `inject()` (this checkout's lock overrides its `cookie`).
 */
const NOT_LOADED_WHILE_SERVING = new Set(['node_modules/light-my-request']);

/**
 * The packages the old tree's server and domain code import, and all they depend on, whose
 * version in the old lock differs from this checkout's (empty: the installed node_modules serve).
 */
function lockMismatches(commit: string): string[] {
  const packagesOf = (text: string): Lock => (JSON.parse(text) as { packages: Lock }).packages;
  const old = packagesOf(git('show', `${commit}:package-lock.json`));
  const current = packagesOf(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8'));
  const sources = git('grep', '-h', '-o', "from '[^.][^']*'", commit, '--', 'server', 'domain');
  const imported = new Set(
    sources
      .split('\n')
      .map((line) => /from '([^']+)'/.exec(line)?.[1] ?? '')
      .filter((name) => name && !name.startsWith('node:'))
      .map((name) =>
        name
          .split('/')
          .slice(0, name.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
  const seen = new Set<string>();
  const queue = [...imported].flatMap((name) => resolveIn(old, '', name) ?? []);
  const mismatches: string[] = [];
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key) || NOT_LOADED_WHILE_SERVING.has(key)) continue;
    seen.add(key);
    const entry = old[key]!;
    if (current[key]?.version !== entry.version) {
      mismatches.push(`${key} ${entry.version} (installed: ${current[key]?.version ?? 'none'})`);
    }
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolveIn(old, key, name);
      if (found) queue.push(found);
    }
  }
  return mismatches;
}

function checkOutApiBaseline(): string {
  // The old commit's own packages, installed from its lock elsewhere (npm ci), when this
  // checkout's differ from them.
  const ownModules = process.env.BENCH_API_BASELINE_MODULES;
  if (ownModules)
    return checkOutWorktree(baselineDir, API_BASELINE_COMMIT, path.resolve(ownModules));
  const mismatches = lockMismatches(API_BASELINE_COMMIT);
  if (mismatches.length) {
    throw new Error(
      `${API_BASELINE_COMMIT}'s lock resolves its server's packages differently from this ` +
        `checkout's node_modules:\n  ${mismatches.join('\n  ')}\nInstall its lock in a folder ` +
        `under /tmp (npm ci) and name its node_modules in BENCH_API_BASELINE_MODULES.`,
    );
  }
  return checkOutWorktree(baselineDir, API_BASELINE_COMMIT);
}

/** A stand-in identity provider: one RSA key, its JWKS served here, id tokens signed with it. */
export async function startIdentity(): Promise<{
  issuer: string;
  idToken: string;
  server: Server;
}> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'RS256', use: 'sig' }],
  });
  const server = createServer((request, response) => {
    if (request.url === '/bench-pool/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench-pool`;
  const now = Math.floor(Date.now() / 1000);
  const idToken = await new SignJWT({
    token_use: 'id',
    aud: BENCH_CLIENT_ID,
    email: DEMO.email,
    email_verified: true,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench-key' })
    .setIssuer(issuer)
    .setSubject(DEMO.sub)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + 3595)
    .sign(privateKey);
  return { issuer, idToken, server };
}

/** Seeds the demo customer with the tree's own server/seed.ts. */
export function seed(root: string, databasePath: string, picturesDir: string, now: number): void {
  const seedModule = pathToFileURL(path.join(root, 'server', 'seed.ts')).href;
  const code =
    `const { seedDemoCustomer } = await import(${JSON.stringify(seedModule)});\n` +
    `await seedDemoCustomer(${JSON.stringify({ databasePath, picturesDir })}, ` +
    `${JSON.stringify(DEMO)}, new Date(${now}));`;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', code],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`Seeding the demo customer in ${root} failed`);
}

/** Linux's clock ticks per second (USER_HZ), in which /proc/<pid>/stat counts CPU time. */
const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The process's user + system CPU time in microseconds (Linux). */
function cpuMicros(pid: number): number {
  // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/**
 * One keep-alive connection sending `request` again each time the last answer has fully
 * arrived, until `until`; resolves with the number of answers. A minimal HTTP/1.1 client (the
 * status line and Content-Length are all it reads): the load shares the machine's CPUs with the
 * servers, and Node's own client spent more on each answer's headers than the servers differ.
 */
function connection(port: number, request: Buffer, until: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffered: Buffer = Buffer.alloc(0);
    let answered = 0;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    const next = () => {
      if (performance.now() < until) socket.write(request);
      else socket.end(() => resolve(answered));
    };
    socket.on('connect', next);
    socket.on('error', fail);
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffered.toString('latin1', 0, headEnd);
      if (!head.startsWith('HTTP/1.1 200 ')) return fail(new Error(head.split('\r\n')[0]));
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      if (!Number.isInteger(length)) return fail(new Error('An answer without Content-Length'));
      if (buffered.length < headEnd + 4 + length) return;
      if (buffered.length > headEnd + 4 + length) return fail(new Error('More than one answer'));
      buffered = Buffer.alloc(0);
      answered += 1;
      next();
    });
  });
}

/** Requests `path` for `ms` from CONNECTIONS connections; each answer must be 200. */
async function load(port: number, path: string, token: string, ms: number) {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => connection(port, request, started + ms)),
  );
  return {
    answered: counts.reduce((sum, count) => sum + count, 0),
    elapsedMs: performance.now() - started,
  };
}

async function round(
  server: { port: number; pid: number },
  endpoint: string,
  token: string,
  ms = ROUND_MS,
) {
  const cpuBefore = cpuMicros(server.pid);
  const { answered, elapsedMs } = await load(server.port, endpoint, token, ms);
  return {
    perSecond: Math.round((answered / elapsedMs) * 1000),
    cpuMicrosPerRequest: Math.round((cpuMicros(server.pid) - cpuBefore) / answered),
  };
}

export async function measureApiAgainstBaseline(log: (line: string) => void): Promise<ApiBench> {
  const baseline = checkOutApiBaseline();
  const state = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const identity = await startIdentity();
  const children: Child[] = [];
  try {
    const now = Date.now();
    const servers = {} as Record<Side, { port: number; pid: number }>;
    const roots: Record<Side, string> = { before: baselineDir, now: projectRoot };
    const ports = await freePorts(2);
    for (const [i, side] of (['before', 'now'] as const).entries()) {
      const databasePath = path.join(state, side, 'app.db');
      const picturesDir = path.join(state, side, 'pictures');
      log(`API ${side}: seeding the demo customer`);
      seed(roots[side], databasePath, picturesDir, now);
      const child = startChild(
        `API ${side}`,
        {
          command: process.execPath,
          args: ['--import', 'tsx', 'server/main.ts'],
          cwd: roots[side],
          env: {
            PATH: process.env.PATH,
            API_HOST: '127.0.0.1',
            API_PORT: String(ports[i]),
            DATABASE_PATH: databasePath,
            PICTURES_DIR: picturesDir,
            COGNITO_ISSUER: identity.issuer,
            COGNITO_CLIENT_ID: BENCH_CLIENT_ID,
            SIGNED_URL_SECRET: 'bench-signed-url-secret-0123456789abcdef',
          },
        },
        path.join(state, `${side}.log`),
        () => undefined,
      );
      children.push(child);
      await waitHealthy(child, `http://127.0.0.1:${ports[i]}/health`, 60_000);
      servers[side] = { port: ports[i]!, pid: child.process.pid! };
    }
    const loadBefore = os.loadavg();
    const endpoints: Record<string, ApiEndpointFigures> = {};
    for (const endpoint of ENDPOINTS) {
      for (const side of ['before', 'now'] as const) {
        await round(servers[side], endpoint, identity.idToken, WARM_UP_MS);
      }
      const figures: Record<Side, Round[]> = { before: [], now: [] };
      for (let r = 1; r <= ROUNDS; r += 1) {
        const order = r % 2 ? (['before', 'now'] as const) : (['now', 'before'] as const);
        for (const side of order) {
          const result = await round(servers[side], endpoint, identity.idToken);
          figures[side].push(result);
          log(
            `GET ${endpoint} ${side} #${r}: ${result.perSecond}/s, ` +
              `${result.cpuMicrosPerRequest} µs CPU per request`,
          );
        }
      }
      const medianBefore = median(figures.before.map((f) => f.perSecond));
      const medianNow = median(figures.now.map((f) => f.perSecond));
      const ratio = medianNow / medianBefore;
      endpoints[endpoint] = {
        ...figures,
        medianBefore,
        medianNow,
        ratio,
        cpuBefore: median(figures.before.map((f) => f.cpuMicrosPerRequest)),
        cpuNow: median(figures.now.map((f) => f.cpuMicrosPerRequest)),
        withinTarget: ratio >= API_TARGET,
      };
    }
    return {
      baseline,
      baselineOwnPackages: Boolean(process.env.BENCH_API_BASELINE_MODULES),
      connections: CONNECTIONS,
      rounds: ROUNDS,
      roundMs: ROUND_MS,
      cpus: os.cpus().length,
      loadBefore,
      loadAfter: os.loadavg(),
      endpoints,
    };
  } finally {
    for (const child of children) await child.stop();
    await new Promise((resolve) => identity.server.close(resolve));
    rmSync(state, { recursive: true, force: true });
    removeWorktree(baselineDir);
  }
}

export function apiMarkdown(bench: ApiBench): string {
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  const rows = Object.entries(bench.endpoints).map(
    ([endpoint, f]) =>
      `| GET ${endpoint} | ${f.medianBefore} | ${f.medianNow} | **${f.ratio.toFixed(2)}×** | ` +
      `${f.cpuBefore} | ${f.cpuNow} | ${(f.cpuBefore / f.cpuNow).toFixed(2)}× | ` +
      `${f.withinTarget ? 'yes' : '**no**'} |`,
  );
  const rounds = Object.entries(bench.endpoints).map(
    ([endpoint, f]) =>
      `- GET ${endpoint}: before ${f.before.map((r) => r.perSecond).join(', ')}; ` +
      `now ${f.now.map((r) => r.perSecond).join(', ')}`,
  );
  return `${API_HEADING}

\`npm run bench -- api\` (also part of the whole \`npm run bench\`): this checkout's API and
commit ${bench.baseline}'s, each started from its own tree (\`server/main.ts\`, default log
level) on its own SQLite file seeded with the demo customer by its own \`server/seed.ts\`,
both trusting one stand-in identity provider; every request carries the demo customer's id
token.${bench.baselineOwnPackages ? ` ${bench.baseline} ran on the packages of its own lock, installed apart (its better-sqlite3 and what that needs differ from this checkout's); this checkout on its own.` : ''} ${bench.rounds} rounds of ${bench.roundMs / 1000} s per endpoint and server,
alternating (which goes first alternates too), ${bench.connections} keep-alive connections
each sending its next request when the last answer has arrived (a minimal HTTP/1.1 client),
after an uncounted warm-up of
${WARM_UP_MS / 1000} s each.
The load runs in the bench's process on the same machine (${bench.cpus} CPUs); load average
(1 / 5 / 15 min) ${load(bench.loadBefore)} before, ${load(bench.loadAfter)} after.

| request | before (req/s) | now (req/s) | now / before | CPU µs/req before | CPU µs/req now | CPU before / now | ≥ ${API_TARGET}× |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Medians. CPU is the server process's user + system time over a round divided by its answers;
"CPU before / now" is how many more requests the same CPU answers now (the requests per second
swing with the other work on the machine, the CPU each request takes much less). Requests per
second of each round:

${rounds.join('\n')}
`;
}
