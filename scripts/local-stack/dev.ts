/**
 * The local stack (scripts/local-stack/, its entry): what a developer runs to use the product on
 * their machine; the browser suite and the bench start the same stack (localStack.ts).
 *
 * `npm start`: the whole product locally, with no cloud account. Starts the identity emulator
 * (cognito-local behind its proxy), the local mail catcher (maildev: the API sends every e-mail
 * to it), the API (server/) and the webpack dev server (which proxies /api to the API), waits
 * until they are healthy, seeds the demo customer on first run and prints the URL, the demo
 * login and the mail catcher's web inbox. Ctrl-C stops them all. State lives in .local/ and
 * survives restarts; `npm run reset` wipes it.
 */
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createConfig } from '../../webpack.config';
import { buildImages } from '../build/images';
import { CLIENT_ID, USER_POOL_ID } from '../identity-emulator/cognitoLocal';
import { projectRoot, startLocalStack, type LocalStack } from './localStack';
import { assertPortFree } from '../common/ports';

const PORTS = {
  app: 3000,
  api: 4000,
  cognito: 9229,
  cognitoInternal: 9230,
  mail: { smtp: 1025, web: 1080 },
} as const;
const appOrigin = `http://localhost:${PORTS.app}`;
const stateDir = path.join(projectRoot, '.local');
const log = (line: string) => console.log(line);

const starting = new AbortController();
let stack: Promise<LocalStack> | undefined;
let devServer: WebpackDevServer | undefined;
let compiled = false;
let stopping: Promise<never> | undefined;

/** Stops everything once, however many signals arrive (the terminal and npm both send one). */
function shutdown(exitCode: number): Promise<never> {
  stopping ??= (async () => {
    log('\nStopping…');
    const force = setTimeout(() => process.exit(exitCode || 1), 10_000);
    starting.abort();
    // Stopping the dev server also saves webpack's cache (a fast second start). It waits for
    // a compilation in progress, so during the first one only wait briefly: the dev server
    // lives in this process and ends with it; the child processes are what must be stopped.
    const briefly = new Promise((resolve) => setTimeout(resolve, 1000));
    await Promise.allSettled([
      compiled ? devServer?.stop() : Promise.race([devServer?.stop(), briefly]),
      stack?.then((s) => s.stop()),
    ]);
    clearTimeout(force);
    process.exit(exitCode);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(0));
// If whatever started this process goes away without a signal reaching it (e.g. the shell
// of `npm start` was killed), stop too rather than leave the stack running unattended.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void shutdown(0), 1000).unref();

/** Compiles and serves the app; resolves after the first compilation. */
async function startDevServer(cognitoUrl: string, userPoolId: string, clientId: string) {
  // Responsive images are generated from assets/images (unchanged ones are reused).
  const images = await buildImages();
  if (images.encoded > 0) console.log(`[images] ${images.encoded} generated in ${images.ms} ms`);
  Object.assign(process.env, {
    API_BASE_URL: '/api',
    COGNITO_ENDPOINT: cognitoUrl,
    COGNITO_HOSTED_DOMAIN: cognitoUrl,
    AUTH_FLOW: 'USER_PASSWORD_AUTH',
    COGNITO_USER_POOL_ID: userPoolId,
    COGNITO_CLIENT_ID: clientId,
  });
  const config = createConfig({
    mode: 'development',
    apiProxyTarget: `http://127.0.0.1:${PORTS.api}`,
    port: PORTS.app,
  });
  const compiler = webpack({
    ...config,
    infrastructureLogging: { level: 'warn' },
    // A second `npm start` reuses the previous compilation (kept with the rest of the state).
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(stateDir, 'webpack-cache'),
      buildDependencies: { config: [path.join(projectRoot, 'webpack.config.ts')] },
    },
  });
  const firstBuild = new Promise<webpack.Stats>((resolve) =>
    compiler.hooks.done.tap('npm-start', (stats) => resolve(stats)),
  );
  devServer = new WebpackDevServer(config.devServer, compiler);
  await devServer.start();
  const stats = await firstBuild;
  compiled = true;
  if (stats.hasErrors())
    log('The app compiled with errors (shown above and in the browser); fix them and it reloads.');
}

async function main() {
  await assertPortFree(PORTS.app, 'web app');
  // The ids are fixed, so the app compiles while the back end starts.
  const cognitoUrl = `http://localhost:${PORTS.cognito}`;
  const app = startDevServer(cognitoUrl, USER_POOL_ID, CLIENT_ID);
  app.catch(() => undefined); // awaited below; keeps an early failure from going unhandled
  stack = startLocalStack({
    signal: starting.signal,
    stateDir,
    appOrigin,
    ports: {
      cognito: PORTS.cognito,
      api: PORTS.api,
      cognitoInternal: PORTS.cognitoInternal,
      mail: PORTS.mail,
    },
    log,
    onUnexpectedExit: (name, exit) => {
      log(`${name} stopped unexpectedly (${exit}); see .local/logs/. Stopping.`);
      void shutdown(1);
    },
  });
  const local = await stack;
  await app;
  const seconds = process.uptime().toFixed(1);
  log(
    [
      '',
      `  Triangle Shine is running at ${appOrigin}`,
      '',
      `  Demo login   ${local.demoUser.email} / ${local.demoUser.password}` +
        (local.seeded ? '   (demo customer created and seeded)' : ''),
      `  Owner login  ${local.ownerUser.email} / ${local.ownerUser.password}   authenticator secret ${local.ownerUser.totpSecret ?? '(none: set one up on Account Security)'}   (the owner console at /owner; add the secret to an authenticator app for the sign-in code)`,
      `  E-mail       ${local.mailUrl} (maildev: every e-mail the app sends locally lands here)`,
      `  API          ${local.apiUrl} (the app reaches it at ${appOrigin}/api)`,
      `  Identity     ${local.cognitoUrl} (cognito-local; pool ${local.userPoolId}, client ${local.clientId})`,
      '               Confirmation, reset and SMS codes appear below as [cognito] lines.',
      `  Texts        ${local.apiUrl}/local/texts (every text the app sends locally; also [texts] lines below)`,
      '               A customer’s reply: npm run text -- 9195550123 STOP (or HELP, START)',
      `  State        .local/ (npm run reset wipes it)   Logs .local/logs/`,
      '',
      `  Ready in ${seconds} s. Ctrl-C stops everything.`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (starting.signal.aborted) return; // Ctrl-C during start-up: already stopping
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
