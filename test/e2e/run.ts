/**
 * `npm run test:e2e`: the browser suite against the real production build and the real local
 * stack, all started here and stopped at the end whatever happens.
 *
 * 1. Checks that Chromium and nginx are there (CHROMIUM_PATH, default /usr/bin/chromium;
 *    NGINX_PATH, default /usr/sbin/nginx).
 * 2. Reserves three free ports (app, API, identity) and holds them while it builds the app with
 *    the configuration that points at them (the identity endpoint is baked into the bundle).
 * 3. Starts the local stack (cognito-local behind its proxy, the API on SQLite sending its
 *    e-mail to the mail catcher maildev on two more free ports, the seeded demo customer) in a fresh state folder .local/e2e-<random>/, and a static server for the build
 *    with the production security headers and /api proxied to the API.
 * 4. Runs Playwright (test/e2e/playwright.config.ts); extra arguments are passed on, e.g.
 *    `npm run test:e2e -- --grep vehicles`.
 * 5. Stops everything, prints `N passed, N failed` and exits non-zero on any failure. The state
 *    folder (logs, database, build) is kept when something failed, removed otherwise.
 *
 * E2E_KEEP_STATE=1 keeps the state folder; E2E_REUSE_BUILD=<kept state folder> skips the build
 * and reuses that run's build and ports (for working on the tests, and for CI, which builds
 * while other checks run); when one of those ports is taken meanwhile, it builds afresh.
 * E2E_BUILD_ONLY=<folder> builds into that state folder, keeps it, and stops there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { projectRoot, startLocalStack } from '../../scripts/local-stack/localStack';
import { headerConfigFromEnv, securityHeaders } from '../../scripts/build/securityHeaders';
import { buildApp } from './support/build';
import { chromiumPath, ENV_KEYS, SHORT_LIVED_TOKENS } from './support/env';
import { startStaticServer, type StaticServer } from '../../scripts/local-stack/staticServer';
import { RENDERER_SUBDIR, SERVER_BUNDLE_DIR } from '../../scripts/build/serverBundle';
import { createTokenSigner } from '../../scripts/identity-emulator/cognitoClaims';
import type { PoolIds } from '../../scripts/identity-emulator/cognitoLocal';
import { productionEnv, startProductionServers } from './support/production';
import { NGINX_PATH } from '../../scripts/local-stack/nginx';
import { ALWAYS, bodySecrets, logFilesUnder, scanLogs, type Secret } from './support/logScan';
import { caughtMail } from '../../scripts/local-stack/maildev';

const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const say = (line: string) => console.log(`[e2e] ${line}`);

/** Ports other local tools use (npm start, benchmarks): never taken by the suite. */
const isReserved = (port: number) =>
  (port >= 3000 && port <= 3499) || [4000, 4100, 9229, 9230].includes(port);

interface HeldPort {
  port: number;
  release(): Promise<void>;
}

/** A free port, held open until released (so nothing else takes it during the build). */
async function holdFreePort(): Promise<HeldPort> {
  for (;;) {
    const server = net.createServer();
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    const release = () =>
      new Promise<void>((resolve) =>
        server.listening ? server.close(() => resolve()) : resolve(),
      );
    if (port && !isReserved(port)) return { port, release };
    await release();
  }
}

/** Holds a given port (a reused build's), failing clearly when it is taken. */
async function holdPort(port: number): Promise<HeldPort> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', () => reject(new Error(`Port ${port} of the reused build is in use`)));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    release: () =>
      new Promise<void>((resolve) =>
        server.listening ? server.close(() => resolve()) : resolve(),
      ),
  };
}

/** The programs the suite runs that npm does not install: it stops at once without them. */
function assertProgram(file: string, name: string, install: string, variable: string) {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(
      `${name} not found at ${file}; install it with \`apt-get install -y ${install}\` or set ${variable}`,
    );
  }
}

interface BuildInfo {
  dist: string;
  ports: { app: number; api: number; cognito: number };
  /** The run's own user pool and app client (baked into the build). */
  ids: PoolIds;
}

/** Ids shaped like Cognito's, of this run only (never the emulator's fixed ones). */
const runIds = (): PoolIds => ({
  userPoolId: `us-east-1_e2e${randomBytes(4).toString('hex')}`,
  clientId: `e2e${randomBytes(12).toString('hex').slice(0, 23)}`,
});

interface JsonReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
}

const abort = new AbortController();
const cleanups: (() => Promise<void>)[] = [];
let playwright: ChildProcess | undefined;
let stopping: Promise<void> | undefined;

/** Stops whatever was started, newest first; safe to call more than once. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    abort.abort();
    if (playwright?.pid && playwright.exitCode === null) {
      try {
        process.kill(-playwright.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) =>
        say(`while stopping: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping everything`);
    const force = setTimeout(() => process.exit(130), 15_000);
    void stopAll().then(() => {
      clearTimeout(force);
      process.exit(130);
    });
  });
}

async function runPlaywright(env: NodeJS.ProcessEnv, args: string[]): Promise<number | null> {
  const cli = path.join(projectRoot, 'node_modules/@playwright/test/cli.js');
  const child = spawn(
    process.execPath,
    [cli, 'test', '--config', path.join(projectRoot, 'test/e2e/playwright.config.ts'), ...args],
    { cwd: projectRoot, env, stdio: 'inherit', detached: true },
  );
  playwright = child;
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
}

/**
 * The logs of every server process of the run hold no token, password or e-mail body
 * (support/logScan.ts). Prints the result as one more check; true when it passed.
 */
function checkLogs(files: string[], secrets: Secret[], mails: number): boolean {
  const hits = scanLogs(files, secrets);
  const lines = files.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length, 0);
  if (hits.length === 0) {
    say(
      `log check passed: ${files.length} log files (${lines} lines) hold no token, password or e-mail body (${mails} e-mails sent)`,
    );
    return true;
  }
  say(`log check FAILED: ${hits.length} secret(s) in the logs:`);
  for (const hit of hits.slice(0, 20))
    say(`  ${path.relative(projectRoot, hit.file)}:${hit.line}: ${hit.kind}`);
  return false;
}

async function main(): Promise<number> {
  const chromium = chromiumPath();
  assertProgram(chromium, 'Chromium', 'chromium', 'CHROMIUM_PATH');
  assertProgram(NGINX_PATH, 'nginx', 'nginx-light', 'NGINX_PATH');

  const buildOnly = process.env.E2E_BUILD_ONLY;
  const stateDir = buildOnly
    ? path.resolve(projectRoot, buildOnly)
    : path.join(projectRoot, '.local', `e2e-${randomBytes(4).toString('hex')}`);
  const logs = path.join(stateDir, 'logs');
  mkdirSync(logs, { recursive: true });
  say(`state folder ${path.relative(projectRoot, stateDir)}`);
  let keepState = process.env.E2E_KEEP_STATE === '1';

  // --- Build (or reuse one) for fixed ports.
  const reuse = process.env.E2E_REUSE_BUILD;
  let build: BuildInfo | undefined;
  let held: HeldPort[] = [];
  const buildStarted = performance.now();
  if (reuse) {
    const reused = JSON.parse(
      readFileSync(path.join(path.resolve(reuse), 'build.json'), 'utf8'),
    ) as BuildInfo;
    try {
      for (const port of [reused.ports.app, reused.ports.api, reused.ports.cognito])
        held.push(await holdPort(port));
      build = reused;
      say(`reusing the build of ${reuse}`);
    } catch (error) {
      await Promise.all(held.map((h) => h.release()));
      held = [];
      say(`${error instanceof Error ? error.message : String(error)}: building afresh`);
    }
  }
  if (!build) {
    held = [await holdFreePort(), await holdFreePort(), await holdFreePort()];
    cleanups.push(async () => void (await Promise.all(held.map((h) => h.release()))));
    const [app, api, cognito] = held.map((h) => h.port) as [number, number, number];
    const cognitoUrl = `http://localhost:${cognito}`;
    const ids = runIds();
    say(`building the app for identity endpoint ${cognitoUrl} (log: logs/build.log)`);
    const dist = await buildApp({
      root: projectRoot,
      tree: path.join(stateDir, 'build'),
      env: {
        NODE_ENV: 'production',
        API_BASE_URL: '/api',
        COGNITO_ENDPOINT: cognitoUrl,
        COGNITO_HOSTED_DOMAIN: cognitoUrl,
        AUTH_FLOW: 'USER_PASSWORD_AUTH',
        COGNITO_USER_POOL_ID: ids.userPoolId,
        COGNITO_CLIENT_ID: ids.clientId,
      },
      logFile: path.join(logs, 'build.log'),
      signal: abort.signal,
    });
    build = { dist, ports: { app, api, cognito }, ids };
    writeFileSync(path.join(stateDir, 'build.json'), `${JSON.stringify(build, null, 2)}\n`);
    say(`built in ${seconds(buildStarted)} s`);
  }
  if (buildOnly) {
    await Promise.all(held.map((h) => h.release()));
    say(`build kept in ${path.relative(projectRoot, stateDir)} for E2E_REUSE_BUILD`);
    return 0;
  }

  // --- The stack and the static server.
  const stackStarted = performance.now();
  const appOrigin = `http://localhost:${build.ports.app}`;
  const stackLog = path.join(logs, 'stack.log');
  writeFileSync(stackLog, '');
  // Many anonymous quotes come from one address in a run: lift the API's per-address limit.
  process.env.QUOTE_RATE_LIMIT ??= '1000';
  // …and the owner's digest, which would otherwise replace the owner's e-mail after 20 an hour.
  process.env.OWNER_DIGEST_THRESHOLD ??= '1000';
  // …and the bound on all visitors' held times (each journey's own day and address keep theirs).
  process.env.VISITOR_HOLDS_TOTAL ??= '1000';
  await Promise.all(held.map((h) => h.release()));
  // Ports not baked into the build (the mail catchers', the production services'): any free ones.
  const moreHeld: HeldPort[] = [];
  for (let i = 0; i < 7; i += 1) moreHeld.push(await holdFreePort());
  await Promise.all(moreHeld.map((h) => h.release()));
  const [serve, nginx, api, smtp, mailWeb, stackSmtp, stackMailWeb] = moreHeld.map(
    (h) => h.port,
  ) as [number, number, number, number, number, number, number];
  const productionPorts = { serve, nginx, api, smtp, mailWeb };
  const productionOrigins = [productionPorts.serve, productionPorts.nginx].map(
    (port) => `http://localhost:${port}`,
  );
  const stackPromise = startLocalStack({
    stateDir,
    appOrigin,
    otherOrigins: productionOrigins,
    // As production has it: the run's own pool, client and signing key.
    identity: { ids: build.ids, signer: await createTokenSigner() },
    shortLivedTokens: SHORT_LIVED_TOKENS,
    // The static server's pages follow a publish and the working hours, as production's do.
    site: {
      dir: build.dist,
      rendererDir: path.join(path.dirname(build.dist), SERVER_BUNDLE_DIR, RENDERER_SUBDIR),
    },
    ports: {
      cognito: build.ports.cognito,
      api: build.ports.api,
      mail: { smtp: stackSmtp, web: stackMailWeb },
    },
    log: (line) => appendFileSync(stackLog, `${line}\n`),
    signal: abort.signal,
    onUnexpectedExit: (name, code) => {
      say(
        `${name} stopped unexpectedly (exit code ${code}); see ${path.relative(projectRoot, logs)}/`,
      );
      if (playwright?.pid && playwright.exitCode === null) process.kill(-playwright.pid, 'SIGTERM');
    },
  });
  // Stopped at the end; a start-up interrupted by the abort signal stops what it started itself.
  cleanups.push(async () => (await stackPromise.catch(() => undefined))?.stop());
  const stack = await stackPromise;

  const headerConfig = headerConfigFromEnv({
    API_BASE_URL: '/api',
    COGNITO_ENDPOINT: stack.cognitoUrl,
    COGNITO_HOSTED_DOMAIN: stack.cognitoUrl,
  });
  const server: StaticServer = await startStaticServer({
    dist: build.dist,
    port: build.ports.app,
    apiTarget: stack.apiUrl,
    headers: securityHeaders(headerConfig),
  });
  cleanups.push(() => server.close());

  const production = await startProductionServers({
    buildTree: path.dirname(build.dist),
    stateDir: path.join(stateDir, 'production'),
    logs,
    ports: productionPorts,
    identity: { issuer: stack.issuer, jwksUrl: stack.jwksUrl, clientId: stack.clientId },
    headers: securityHeaders(headerConfig),
  });
  cleanups.push(() => production.stop());
  say(
    `stack up in ${seconds(stackStarted)} s: app ${server.url}, API ${stack.apiUrl}, identity ${stack.cognitoUrl}, mail ${stack.mailUrl}; production: ${production.serve.url} (serve.cjs), ${production.nginx.url} (nginx + main.cjs)`,
  );

  // --- The browser tests.
  const testsStarted = performance.now();
  const report = path.join(stateDir, 'report.json');
  const code = await runPlaywright(
    {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_JSON_REPORT: report,
      [ENV_KEYS.baseUrl]: server.url,
      [ENV_KEYS.apiUrl]: stack.apiUrl,
      [ENV_KEYS.cognitoUrl]: stack.cognitoUrl,
      [ENV_KEYS.userPoolId]: stack.userPoolId,
      [ENV_KEYS.clientId]: stack.clientId,
      [ENV_KEYS.databasePath]: path.join(stateDir, 'data', 'app.db'),
      [ENV_KEYS.stackLog]: stackLog,
      [ENV_KEYS.demoEmail]: stack.demoUser.email,
      [ENV_KEYS.demoPassword]: stack.demoUser.password,
      [ENV_KEYS.ownerTotpSecret]: stack.ownerUser.totpSecret,
      [ENV_KEYS.production]: JSON.stringify(productionEnv(production)),
      [ENV_KEYS.mailUrl]: stack.mailUrl,
    },
    process.argv.slice(2),
  );
  playwright = undefined;
  const testSeconds = seconds(testsStarted);

  // What the log check looks for: read while the mail catchers still run.
  const sentMail = (
    await Promise.all(
      [stack.mailUrl, production.mailUrl]
        .filter((url): url is string => Boolean(url))
        .map((url) => caughtMail(url).catch(() => [])),
    )
  ).flat();
  await stopAll();
  const logCheck = checkLogs(
    [
      ...logFilesUnder(logs).filter((file) => path.basename(file) !== 'build.log'),
      ...production.logFiles,
    ],
    [
      ...ALWAYS,
      { kind: "the demo customer's password", value: stack.demoUser.password },
      { kind: "the owner's password", value: stack.ownerUser.password },
      ...sentMail.flatMap((mail) =>
        bodySecrets(`the body of the e-mail "${mail.subject}"`, mail.text),
      ),
    ],
    sentMail.length,
  );

  let stats: NonNullable<JsonReport['stats']> = {};
  if (existsSync(report))
    stats = (JSON.parse(readFileSync(report, 'utf8')) as JsonReport).stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0) + (logCheck ? 1 : 0);
  const failed =
    (stats.unexpected ?? 0) + (code !== 0 && !stats.unexpected ? 1 : 0) + (logCheck ? 0 : 1);
  const ok = code === 0 && failed === 0 && passed > 1;
  if (!ok) keepState = true;
  if (stats.flaky) say(`${stats.flaky} test(s) passed only on a retry (flaky)`);
  say(`browser tests ${testSeconds} s; whole suite ${seconds(started)} s`);
  if (keepState)
    say(`state kept in ${path.relative(projectRoot, stateDir)} (logs/, data/, build/)`);
  else rmSync(stateDir, { recursive: true, force: true });
  console.log(
    `${passed} passed, ${failed} failed${stats.skipped ? `, ${stats.skipped} skipped` : ''}`,
  );
  return ok ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch(async (error: unknown) => {
    await stopAll();
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
