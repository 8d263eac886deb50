/**
 * What test/e2e/run.ts tells the browser tests about the stack it started (environment
 * variables, read in the Playwright workers).
 */
export interface E2eEnv {
  /** The app's origin (the static server), e.g. http://localhost:41234. */
  baseUrl: string;
  /** The API's own address (the app reaches it at <baseUrl>/api). */
  apiUrl: string;
  /** The identity endpoint (cognito-local behind its proxy); also the hosted sign-in domain. */
  cognitoUrl: string;
  userPoolId: string;
  clientId: string;
  /** The API's SQLite file. */
  databasePath: string;
  /** Every line the stack printed (the codes cognito-local "sends" among them). */
  stackLog: string;
  demo: { email: string; password: string };
  /** The owner account's authenticator secret (base32): its sign-in codes are computed from it. */
  ownerTotpSecret: string;
  /** The mail catcher (maildev) the API sends every e-mail to; its HTTP API is /api/email. */
  mailUrl: string;
  chromiumPath: string;
}

export const ENV_KEYS = {
  baseUrl: 'E2E_BASE_URL',
  apiUrl: 'E2E_API_URL',
  cognitoUrl: 'E2E_COGNITO_URL',
  userPoolId: 'E2E_USER_POOL_ID',
  clientId: 'E2E_CLIENT_ID',
  databasePath: 'E2E_DATABASE_PATH',
  stackLog: 'E2E_STACK_LOG',
  demoEmail: 'E2E_DEMO_EMAIL',
  demoPassword: 'E2E_DEMO_PASSWORD',
  ownerTotpSecret: 'E2E_OWNER_TOTP_SECRET',
  /** JSON: the production services (./production.ts, `ProductionEnv`). */
  production: 'E2E_PRODUCTION',
  mailUrl: 'E2E_MAIL_URL',
} as const;

/**
 * Accounts on this e-mail domain get id and access tokens of 45 s from the suite's identity
 * stack (test/e2e/run.ts): with the app's 30 s margin, their session is refreshed about every
 * 15 s, so a journey can watch several refreshes. Every other account keeps the hour.
 */
export const SHORT_LIVED_TOKENS = { domain: 'short-lived.e2e.test', seconds: 45 } as const;

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Chromium's path: CHROMIUM_PATH, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/** Chromium's command line for the suite (headless, no sandbox in containers, quiet). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function readE2eEnv(env: NodeJS.ProcessEnv = process.env): E2eEnv {
  const get = (key: string) => {
    const value = env[key];
    if (!value)
      throw new Error(`${key} is not set: run the browser suite with \`npm run test:e2e\``);
    return value;
  };
  return {
    baseUrl: get(ENV_KEYS.baseUrl),
    apiUrl: get(ENV_KEYS.apiUrl),
    cognitoUrl: get(ENV_KEYS.cognitoUrl),
    userPoolId: get(ENV_KEYS.userPoolId),
    clientId: get(ENV_KEYS.clientId),
    databasePath: get(ENV_KEYS.databasePath),
    stackLog: get(ENV_KEYS.stackLog),
    demo: { email: get(ENV_KEYS.demoEmail), password: get(ENV_KEYS.demoPassword) },
    ownerTotpSecret: get(ENV_KEYS.ownerTotpSecret),
    mailUrl: get(ENV_KEYS.mailUrl),
    chromiumPath: chromiumPath(env),
  };
}
