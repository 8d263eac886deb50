/**
 * The two documented ways to run the site in production, started by the browser suite from the
 * suite's own build:
 *
 * - a release folder as a fresh install has it (dist/, dist-server/, openapi.yaml, package.json
 *   and only the runtime packages: those package-lock.json does not mark `dev`, so no tsx);
 * - `node dist-server/serve.cjs` in it: the site and the API on one port;
 * - `node dist-server/main.cjs` in it behind nginx with the generated configuration
 *   (scripts/local-stack/nginx.ts): nginx serves the site and proxies /api.
 *
 * Both run with NODE_ENV=production and the environment a systemd unit gives them (no
 * NODE_OPTIONS), against the suite's identity stack configured as production is: a pool and
 * client of the run's own and tokens signed with the run's key. A maildev catches their e-mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { maildevArgs, waitForMaildev } from '../../../scripts/local-stack/maildev';
import { startNginx, type Nginx } from '../../../scripts/local-stack/nginx';
import { SERVER_BUNDLE_DIR } from '../../../scripts/build/serverBundle';
import { ENV_KEYS } from './env';

/** A server process of the run, with its own log file. */
export interface ProductionProcess {
  name: string;
  url: string;
  pid: number;
  logFile: string;
}

export interface ProductionServers {
  /** The release folder both services run from. */
  releaseDir: string;
  /** `node dist-server/serve.cjs`: site and API on one port. */
  serve: ProductionProcess;
  /** nginx in front of `node dist-server/main.cjs`. */
  nginx: ProductionProcess & { api: ProductionProcess };
  /** maildev's web API (the e-mails the services sent). */
  mailUrl: string;
  /** Every log file these processes wrote. */
  logFiles: string[];
  stop(): Promise<void>;
}

/** What the browser tests are told about the production services (JSON in E2E_PRODUCTION). */
export interface ProductionEnv {
  releaseDir: string;
  serve: ProductionProcess;
  nginx: ProductionProcess & { api: ProductionProcess };
  mailUrl: string;
}

export const productionEnv = (servers: ProductionServers): ProductionEnv => ({
  releaseDir: servers.releaseDir,
  serve: servers.serve,
  nginx: servers.nginx,
  mailUrl: servers.mailUrl,
});

export function readProductionEnv(env: NodeJS.ProcessEnv = process.env): ProductionEnv {
  const raw = env[ENV_KEYS.production];
  if (!raw)
    throw new Error(
      `${ENV_KEYS.production} is not set: run the browser suite with \`npm run test:e2e\``,
    );
  return JSON.parse(raw) as ProductionEnv;
}

export interface ProductionOptions {
  /** The suite's build: the project copy holding dist/, dist-server/ and package-lock.json. */
  buildTree: string;
  /** Where the release, the services' data and their logs go. */
  stateDir: string;
  logs: string;
  ports: { serve: number; nginx: number; api: number; smtp: number; mailWeb: number };
  identity: { issuer: string; jwksUrl: string; clientId: string };
  /** Response headers of the production host (nginx): securityHeaders(config). */
  headers: Record<string, string>;
}

/** The top-level packages a production install (`npm ci --omit=dev`) has, from the lock file. */
function runtimePackages(lockFile: string): string[] {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.dev)
    .map(([key]) => key.slice('node_modules/'.length))
    .filter((name) => !name.includes('/node_modules/'));
}

/** The release folder: what a fresh clone has after `npm ci --omit=dev && npm run build`. */
function assembleRelease(buildTree: string, releaseDir: string) {
  mkdirSync(releaseDir, { recursive: true });
  for (const entry of ['dist', SERVER_BUNDLE_DIR, 'openapi.yaml', 'package.json'])
    cpSync(path.join(buildTree, entry), path.join(releaseDir, entry), { recursive: true });
  const modules = path.join(releaseDir, 'node_modules');
  for (const name of runtimePackages(path.join(buildTree, 'package-lock.json'))) {
    const link = path.join(modules, name);
    mkdirSync(path.dirname(link), { recursive: true });
    // Nested packages (a/node_modules/b) come with their parent's folder.
    symlinkSync(path.join(buildTree, 'node_modules', name), link);
  }
}

/** Waits until `url` answers 2xx, failing when the process ends first. */
async function waitReady(child: ChildProcess, url: string, name: string, logFile: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `${name} exited (${child.exitCode}): ${readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a child with SIGTERM (SIGKILL after 15 s) and waits for it. */
async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function startProductionServers(
  options: ProductionOptions,
): Promise<ProductionServers> {
  const { stateDir, logs, ports } = options;
  const releaseDir = path.join(stateDir, 'release');
  assembleRelease(options.buildTree, releaseDir);
  const children: ChildProcess[] = [];
  let nginx: Nginx | undefined;
  const logFiles: string[] = [];
  const stop = async () => {
    await nginx?.close();
    await Promise.all(children.map(stopChild));
  };

  /** Starts `node <args>` in the release folder with only the given environment. */
  const run = (name: string, file: string, args: string[], env: Record<string, string>) => {
    const logFile = path.join(logs, file);
    logFiles.push(logFile);
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, args, {
      cwd: releaseDir,
      // What systemd gives the service: the unit's variables and the env file, nothing else.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    children.push(child);
    return { child, logFile };
  };

  try {
    run('maildev', 'maildev.log', maildevArgs({ smtp: ports.smtp, web: ports.mailWeb }), {});
    const mailUrl = `http://127.0.0.1:${ports.mailWeb}`;
    await waitForMaildev(mailUrl);

    const service = (name: string, port: number, origin: string): Record<string, string> => {
      const data = path.join(stateDir, name);
      return {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        API_HOST: '127.0.0.1',
        API_PORT: String(port),
        DATABASE_PATH: path.join(data, 'data', 'app.db'),
        PICTURES_DIR: path.join(data, 'data', 'pictures'),
        ERASURE_LIST_PATH: path.join(data, 'erased-accounts'),
        BACKUP_DIR: path.join(data, 'backups'),
        COGNITO_ISSUER: options.identity.issuer,
        COGNITO_JWKS_URL: options.identity.jwksUrl,
        COGNITO_CLIENT_ID: options.identity.clientId,
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        SIGNED_URL_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_API_URL: `${origin}/api`,
        CORS_ORIGINS: origin,
      };
    };

    const serveUrl = `http://localhost:${ports.serve}`;
    const serve = run(
      'serve',
      'production-serve.log',
      [path.join(SERVER_BUNDLE_DIR, 'serve.cjs')],
      service('serve', ports.serve, serveUrl),
    );
    const nginxUrl = `http://localhost:${ports.nginx}`;
    const api = run(
      'api behind nginx',
      'production-api.log',
      [path.join(SERVER_BUNDLE_DIR, 'main.cjs')],
      {
        ...service('api-behind-nginx', ports.api, nginxUrl),
        TRUST_PROXY: '1',
      },
    );
    await waitReady(serve.child, `${serveUrl}/api/health/ready`, 'serve.cjs', serve.logFile);
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    await waitReady(api.child, `${apiUrl}/health/ready`, 'main.cjs', api.logFile);

    const nginxDir = path.join(stateDir, 'nginx');
    nginx = await startNginx({
      dist: path.join(releaseDir, 'dist'),
      port: ports.nginx,
      apiTarget: apiUrl,
      headers: options.headers,
      stateDir: nginxDir,
    });
    const nginxLog = path.join(nginxDir, 'error.log');
    writeFileSync(nginxLog, '', { flag: 'a' });
    logFiles.push(nginxLog);
    const nginxPid = Number(readFileSync(path.join(nginxDir, 'nginx.pid'), 'utf8').trim());

    return {
      releaseDir,
      serve: { name: 'serve.cjs', url: serveUrl, pid: serve.child.pid!, logFile: serve.logFile },
      nginx: {
        name: 'nginx',
        url: nginxUrl,
        pid: nginxPid,
        logFile: nginxLog,
        api: { name: 'main.cjs', url: apiUrl, pid: api.child.pid!, logFile: api.logFile },
      },
      mailUrl,
      logFiles,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
