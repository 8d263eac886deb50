/**
 * The local back end: cognito-local behind its gap-filling proxy, the API server (server/)
 * and the demo customer. Used by `npm start` (scripts/local-stack/dev.ts), the e2e suite and benchmarks,
 * each with its own state folder and ports.
 *
 * State folder layout:
 *   cognito/.cognito/   cognito-local's config and database (users, pool, client)
 *   data/app.db         the API's SQLite file; data/pictures/ its service pictures (the
 *                       server's own defaults, so its operator CLI finds them with no setup)
 *   secrets.json        signing keys generated on first run
 *   demo.json           the demo customer's sub once its data is seeded
 *   mail/               the e-mails the local mail catcher (maildev) caught
 *   texts.jsonl         the texts the local text sink took (the API's /local/texts page)
 *   sns/                the key and certificate local incoming texts are signed with
 *   logs/               full output of each process
 */
import {
  ensureLocalSnsKey,
  LOCAL_IDENTITY_TOPIC,
  LOCAL_SMS_TOPIC,
  sendLocalIdentityEvent,
} from './localTexts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHENTICATOR_CALLS, LOCAL_IDENTITY } from '../../server/platform/config';
import { ensureConfirmedUser, isRecord, readString } from '../identity-emulator/cognitoClient';
import type { ShortLivedTokens, TokenSigner } from '../identity-emulator/cognitoClaims';
import {
  CLIENT_ID,
  USER_POOL_ID,
  type PoolIds,
  cognitoErrorReader,
  cognitoLocalCommand,
  cognitoPoolFile,
  writeCognitoLocalFiles,
} from '../identity-emulator/cognitoLocal';
import { ensureMfaRequiredGroup } from '../identity-emulator/cognitoAccountGaps';
import { startCognitoProxy } from '../identity-emulator/cognitoProxy';
import { ensureOwnerUser, OWNER_USER } from '../identity-emulator/cognitoOwners';
import { startChild, waitHealthy, type Child } from '../common/processes';
import { assertPortFree, freePort } from '../common/ports';
import { startMailCatcher, type MailCatcherPorts } from './maildev';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEMO_USER = {
  email: 'demo@triangleshine.test',
  password: 'DemoPass123!',
  name: 'Jordan Miles',
} as const;

export interface LocalStackOptions {
  /** Where all local state lives (created when missing). */
  stateDir: string;
  /** The web app's origin, e.g. http://localhost:3000 (hosted-login callback, CORS). */
  appOrigin: string;
  ports: {
    /** Public identity endpoint (the proxy); the app's COGNITO_ENDPOINT. */
    cognito: number;
    /** The API server. */
    api: number;
    /** cognito-local itself; a free port when omitted. */
    cognitoInternal?: number;
    /** The local mail catcher (maildev): the API sends every e-mail to its SMTP port. */
    mail?: MailCatcherPorts;
  };
  /** Further origins serving the same app (CORS, callback and sign-out URLs). */
  otherOrigins?: string[];
  /**
   * The identity as production has it: a pool and client of the run's own (not the emulator's
   * fixed ids), and tokens signed with the run's own key, published at `jwksUrl`. Without it,
   * the fixed local ids and cognito-local's published key.
   */
  identity?: { ids: PoolIds; signer: TokenSigner };
  /**
   * Accounts of one e-mail domain whose id and access tokens live a few seconds (journeys that
   * watch the session being refreshed); every other account keeps the client's hour.
   */
  shortLivedTokens?: ShortLivedTokens;
  /** Base of the signed picture URLs the API hands out; defaults to `${appOrigin}/api`. */
  publicApiUrl?: string;
  /**
   * A production build a static server serves (the browser suite's): the API renders its public
   * pages again into `dir` on a publish or a change of the working hours, with the server
   * bundle in `rendererDir` (dist-server/ssr/). Without it (`npm start`'s dev server renders the
   * pages in the browser) there are no pages to render.
   */
  site?: { dir: string; rendererDir: string };
  /** Receives each line to show (codes, errors, API output). */
  log: (line: string) => void;
  /** Aborting stops whatever has started so far (e.g. Ctrl-C during start-up). */
  signal?: AbortSignal;
  /** Called when a process stops on its own after the stack is up (e.g. the API crashed). */
  onUnexpectedExit?: (name: string, exit: number | NodeJS.Signals | null) => void;
}

export interface LocalStack {
  /** Public identity endpoint, also the hosted sign-in domain (http://localhost:<port>). */
  cognitoUrl: string;
  /** The API server (http://127.0.0.1:<port>). */
  apiUrl: string;
  userPoolId: string;
  clientId: string;
  /** Token issuer (cognitoUrl + '/' + userPoolId). */
  issuer: string;
  /** The key set the API verifies tokens with (the proxy's address by IP). */
  jwksUrl: string;
  demoUser: { email: string; password: string; sub: string };
  /**
   * The owner account (group `owners`): the owner console at /owner. It signs in with an
   * authenticator app too, whose secret (base32) this is, unless its password was changed.
   */
  ownerUser: { email: string; password: string; totpSecret?: string };
  /** True when this start seeded the demo customer's data (a first run). */
  seeded: boolean;
  /** The mail catcher's web inbox (its HTTP API under /api/email), when one was started. */
  mailUrl?: string;
  stop(): Promise<void>;
}

function readJsonFile(file: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Signing keys for the API, generated once per state folder so signed URLs survive restarts. */
function localSecrets(stateDir: string): { signedUrl: string; calendly: string } {
  const file = path.join(stateDir, 'secrets.json');
  const saved = readJsonFile(file);
  const signedUrl = readString(saved, 'signedUrlSecret') ?? randomBytes(32).toString('hex');
  const calendly =
    readString(saved, 'calendlyWebhookSigningKey') ?? randomBytes(32).toString('hex');
  writeFileSync(
    file,
    `${JSON.stringify({ signedUrlSecret: signedUrl, calendlyWebhookSigningKey: calendly }, null, 2)}\n`,
  );
  return { signedUrl, calendly };
}

/** Creates the demo user when missing (confirmed, e-mail verified); returns its sub. */
async function ensureDemoUser(cognitoUrl: string, userPoolId: string): Promise<string> {
  const subOf = (user: Record<string, unknown>) => {
    const attributes = Array.isArray(user.UserAttributes) ? user.UserAttributes : [];
    const sub = attributes.filter(isRecord).find((a) => a.Name === 'sub')?.Value;
    if (typeof sub !== 'string') throw new Error('The demo user has no sub');
    return sub;
  };
  return subOf(await ensureConfirmedUser(cognitoUrl, userPoolId, DEMO_USER));
}

/** Runs server/cli.ts seed-demo (idempotent) with the API's environment. */
async function seedDemoData(
  spawnChild: typeof startChild,
  env: NodeJS.ProcessEnv,
  sub: string,
  logFile: string,
  log: (l: string) => void,
) {
  const seed = spawnChild(
    'seed',
    {
      command: process.execPath,
      args: [
        '--import',
        'tsx',
        'server/cli.ts',
        'seed-demo',
        '--sub',
        sub,
        '--email',
        DEMO_USER.email,
        '--name',
        DEMO_USER.name,
      ],
      cwd: projectRoot,
      env,
    },
    logFile,
    (line) => log(`[seed] ${line}`),
  );
  const code = await seed.exited;
  await seed.stop();
  if (code !== 0) throw new Error(`Seeding the demo customer failed (exit code ${code})`);
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { stateDir, appOrigin, ports, log } = options;
  await assertPortFree(ports.cognito, 'identity');
  await assertPortFree(ports.api, 'API');
  if (ports.cognitoInternal) await assertPortFree(ports.cognitoInternal, 'cognito-local');
  const internalPort = ports.cognitoInternal ?? (await freePort());

  const cognitoDir = path.join(stateDir, 'cognito');
  const dataDir = path.join(stateDir, 'data');
  const logs = path.join(stateDir, 'logs');
  for (const dir of [cognitoDir, dataDir, logs]) mkdirSync(dir, { recursive: true });

  const cognitoUrl = `http://localhost:${ports.cognito}`;
  /** Same proxy by IP, for server-side callers (avoids localhost resolving to ::1 first). */
  const cognitoDirect = `http://127.0.0.1:${ports.cognito}`;
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const { userPoolId, clientId } = options.identity?.ids ?? {
    userPoolId: USER_POOL_ID,
    clientId: CLIENT_ID,
  };
  const issuer = `${cognitoUrl}/${userPoolId}`;
  const jwksUrl = `${cognitoDirect}/${userPoolId}/.well-known/jwks.json`;
  const children: Child[] = [];
  let proxy: { close(): Promise<void> } | undefined;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all(children.map((child) => child.stop()));
      await proxy?.close();
    })());
  const { signal } = options;
  signal?.addEventListener('abort', () => void stop(), { once: true });
  /** Spawns only while not aborted, so nothing starts after stop(). */
  const spawnChild = (...args: Parameters<typeof startChild>) => {
    signal?.throwIfAborted();
    const child = startChild(...args);
    children.push(child);
    return child;
  };

  try {
    const cognitoOptions = {
      dir: cognitoDir,
      publicUrl: cognitoUrl,
      internalPort,
      appOrigin,
      otherOrigins: options.otherOrigins,
      ids: { userPoolId, clientId },
    };
    writeCognitoLocalFiles(cognitoOptions);
    // Its console is only read for errors (e.g. an action it does not support); the proxy
    // reports codes. SMS MFA is run by the proxy, so cognito-local's refusal of it is expected.
    const readCognito = cognitoErrorReader(
      (message) => /SMS_MFA without/.test(message) || log(`[cognito] ${message}`),
    );
    const cognito = spawnChild(
      'cognito-local',
      cognitoLocalCommand(cognitoOptions),
      path.join(logs, 'cognito.log'),
      readCognito,
    );

    // Texts go to the local text sink; customers' replies, and the identity emulator's
    // authenticator calls, come signed with the local SNS key.
    const sns = await ensureLocalSnsKey(stateDir);
    proxy = await startCognitoProxy({
      port: ports.cognito,
      upstream: `http://127.0.0.1:${internalPort}`,
      userPoolId,
      poolFile: cognitoPoolFile(cognitoDir, userPoolId),
      appOrigin,
      otherOrigins: options.otherOrigins,
      signer: options.identity?.signer,
      shortLivedTokens: options.shortLivedTokens,
      onCode: (kind, destination, code) => log(`[cognito] ${kind} for ${destination}: ${code}`),
      // Cognito's record of the authenticator calls, delivered as production's rule does.
      onAccountCall: (action, sub) => {
        if (options.identity || !(AUTHENTICATOR_CALLS as readonly string[]).includes(action))
          return;
        void sendLocalIdentityEvent(`http://127.0.0.1:${ports.api}`, sns, action, sub).then(
          (status) => log(`[identity events] ${action} delivered to the API: ${status}`),
          (error: Error) => log(`[identity events] ${action} not delivered: ${error.message}`),
        );
      },
      log,
    });

    const mail = ports.mail
      ? await startMailCatcher(
          spawnChild,
          ports.mail,
          { mailDirectory: path.join(stateDir, 'mail'), logFile: path.join(logs, 'maildev.log') },
          log,
        )
      : undefined;
    const secrets = localSecrets(stateDir);
    const apiEnv: NodeJS.ProcessEnv = {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(ports.api),
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      PICTURES_DIR: path.join(dataDir, 'pictures'),
      // Outside the data folder, as on the server: putting back an older data folder keeps it.
      ERASURE_LIST_PATH: path.join(stateDir, 'erased-accounts'),
      COGNITO_ISSUER: issuer,
      COGNITO_JWKS_URL: jwksUrl,
      COGNITO_CLIENT_ID: clientId,
      // The local configuration: the only one that accepts the emulator's signing key (not
      // needed when the tokens are signed with the run's own key).
      ...(options.identity ? {} : { IDENTITY_EMULATOR: LOCAL_IDENTITY }),
      PUBLIC_API_URL: options.publicApiUrl ?? `${new URL(appOrigin).origin}/api`,
      SIGNED_URL_SECRET: secrets.signedUrl,
      CALENDLY_WEBHOOK_SIGNING_KEY: secrets.calendly,
      CORS_ORIGINS: new URL(appOrigin).origin,
      ...(mail && { SMTP_URL: mail.smtpUrl }),
      TEXT_SINK: 'local',
      TEXT_INBOX_FILE: path.join(stateDir, 'texts.jsonl'),
      SMS_EVENTS_TOPIC_ARN: LOCAL_SMS_TOPIC,
      SMS_EVENTS_CERT_FILE: sns.certFile,
      ...(options.identity
        ? {}
        : {
            IDENTITY_EVENTS_TOPIC_ARN: LOCAL_IDENTITY_TOPIC,
            IDENTITY_EVENTS_CERT_FILE: sns.certFile,
          }),
      ...(options.site && {
        SITE_DIR: options.site.dir,
        SITE_RENDERER_DIR: options.site.rendererDir,
      }),
      // No TRUST_PROXY: the API's port is reachable directly, so a client could name any
      // address in X-Forwarded-For; every local visitor is this machine anyway.
    };
    const api = spawnChild(
      'API server',
      {
        command: process.execPath,
        args: ['--import', 'tsx', 'server/main.ts'],
        cwd: projectRoot,
        env: apiEnv,
      },
      path.join(logs, 'api.log'),
      (line) => log(`[api] ${line}`),
    );

    await waitHealthy(cognito, `http://127.0.0.1:${internalPort}/health`, 30_000);
    const demoSub = await ensureDemoUser(cognitoDirect, userPoolId);
    await ensureMfaRequiredGroup(cognitoDirect, userPoolId);
    const owner = await ensureOwnerUser(`http://127.0.0.1:${internalPort}`, {
      userPoolId,
      clientId,
      poolFile: cognitoPoolFile(cognitoDir, userPoolId),
    });
    await waitHealthy(api, `${apiUrl}/health`, 60_000);

    const marker = path.join(stateDir, 'demo.json');
    const seeded = readString(readJsonFile(marker), 'seededSub') !== demoSub;
    if (seeded) {
      await seedDemoData(spawnChild, apiEnv, demoSub, path.join(logs, 'seed.log'), log);
      writeFileSync(marker, `${JSON.stringify({ seededSub: demoSub }, null, 2)}\n`);
    }

    signal?.throwIfAborted();
    for (const child of [cognito, api, ...(mail ? [mail.child] : [])])
      void child.exited.then((code) =>
        // A Ctrl-C reaches the children too; give the launcher's own handler time to run.
        setTimeout(() => {
          if (!stopping) options.onUnexpectedExit?.(child.name, code);
        }, 500),
      );
    return {
      cognitoUrl,
      apiUrl,
      userPoolId,
      clientId,
      issuer,
      jwksUrl,
      demoUser: { email: DEMO_USER.email, password: DEMO_USER.password, sub: demoSub },
      ownerUser: { email: OWNER_USER.email, password: OWNER_USER.password, ...owner },
      seeded,
      mailUrl: mail?.webUrl,
      stop,
    };
  } catch (error) {
    await stop();
    await proxy?.close(); // in case it finished starting after an abort had already stopped
    throw error;
  }
}
