/**
 * The suite's `test`: Playwright's, plus
 * - a guard on every page of the test's browser context: any console error, uncaught page
 *   error or Content-Security-Policy violation (Chromium reports those as console errors)
 *   fails the test, unless the test declares it expected with `consoleGuard.allow(/…/)`;
 * - `stack`: the local stack's side doors (identity admin calls, the codes cognito-local
 *   "sends", the API and its SQLite file) for setting up users and checking what was stored.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import {
  callCognito,
  readString,
  signInWithPassword,
  totpCode,
} from '../../../scripts/identity-emulator/cognitoClient';
import { OWNER_USER } from '../../../scripts/identity-emulator/cognitoOwners';
import { readE2eEnv, type E2eEnv } from './env';
import { generatedPassword } from './logScan';

export { expect };

export interface ConsoleGuard {
  /** Marks console errors matching the pattern as expected in this test. */
  allow(pattern: RegExp): void;
  /** Also watches pages of a context the test created itself. */
  watch(context: BrowserContext): void;
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export interface Stack {
  env: E2eEnv;
  /** A new, unused e-mail address on a test domain. */
  uniqueEmail(label: string): string;
  /** A confirmed user with a permanent password (no e-mail is "sent"). */
  createUser(email: string, password: string, name?: string): Promise<void>;
  /**
   * Signs in through the identity API (no browser) and returns the tokens; with `totpSecret`,
   * answers the authenticator's challenge with its current code.
   */
  signIn(email: string, password: string, totpSecret?: string): Promise<Tokens>;
  /** Turns on authenticator-app MFA for the user; returns the app's secret. */
  enableTotp(email: string, password: string): Promise<string>;
  /** The number of lines the stack has printed so far (a mark for `codeFor`). */
  logMark(): number;
  /** Waits for the code cognito-local "sent" to `destination` after the mark. */
  codeFor(destination: string, since: number): Promise<string>;
  /** Calls the API directly (not through the app). */
  api(path: string, init?: { method?: string; token?: string; body?: unknown }): Promise<Response>;
  /** Runs a read-only query on the API's SQLite file. */
  query<T>(sql: string, ...params: unknown[]): T[];
}

function stackHelpers(env: E2eEnv): Stack {
  const pool = { UserPoolId: env.userPoolId };
  const signIn = async (email: string, password: string, totpSecret?: string): Promise<Tokens> => {
    const result = await signInWithPassword(env.cognitoUrl, env.clientId, {
      email,
      password,
      totpSecret,
    });
    const read = (key: string) => readString(result, key) ?? '';
    return {
      idToken: read('IdToken'),
      accessToken: read('AccessToken'),
      refreshToken: read('RefreshToken'),
    };
  };
  const lines = () => readFileSync(env.stackLog, 'utf8').split('\n');

  return {
    env,
    uniqueEmail: (label) => `${label}-${randomBytes(4).toString('hex')}@e2e.test`,
    async createUser(email, password, name = 'E2E Customer') {
      await callCognito(env.cognitoUrl, 'AdminCreateUser', {
        ...pool,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: name },
        ],
      });
      await callCognito(env.cognitoUrl, 'AdminSetUserPassword', {
        ...pool,
        Username: email,
        Password: password,
        Permanent: true,
      });
    },
    signIn,
    async enableTotp(email, password) {
      const { accessToken } = await signIn(email, password);
      const associated = await callCognito(env.cognitoUrl, 'AssociateSoftwareToken', {
        AccessToken: accessToken,
      });
      const secret = readString(associated, 'SecretCode');
      if (!secret) throw new Error('AssociateSoftwareToken gave no secret');
      await callCognito(env.cognitoUrl, 'VerifySoftwareToken', {
        AccessToken: accessToken,
        UserCode: totpCode(secret),
        FriendlyDeviceName: 'e2e authenticator',
      });
      await callCognito(env.cognitoUrl, 'SetUserMFAPreference', {
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      });
      return secret;
    },
    logMark: () => lines().length - 1,
    async codeFor(destination, since) {
      const pattern = new RegExp(
        `\\bfor ${destination.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\d{6})\\b`,
      );
      let code: string | undefined;
      await expect
        .poll(
          () => {
            for (const line of lines().slice(since).reverse()) {
              const found = pattern.exec(line);
              if (found) return (code = found[1]);
            }
            return undefined;
          },
          { message: `a code for ${destination} in the stack's output`, timeout: 15_000 },
        )
        .toBeTruthy();
      return code!;
    },
    api(path, init = {}) {
      const headers: Record<string, string> = {};
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      return fetch(`${env.apiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    },
    query<T>(sql: string, ...params: unknown[]): T[] {
      const db = new Database(env.databasePath, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
  };
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }, { stack: Stack }>({
  // Playwright reads the fixtures a fixture needs from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  stack: [async ({}, use) => use(stackHelpers(readE2eEnv())), { scope: 'worker' }],
  consoleGuard: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const at = message.location().url;
          problems.push(`console error: ${message.text()}${at ? ` (${at})` : ''}`);
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      };
      const watched = new Set<BrowserContext>();
      const watch = (ctx: BrowserContext) => {
        if (watched.has(ctx)) return;
        watched.add(ctx);
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      watch(context);
      await use({ allow: (pattern) => allowed.push(pattern), watch });
      const unexpected = problems.filter((p) => !allowed.some((pattern) => pattern.test(p)));
      expect(unexpected, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Signs in through the login form and waits for where the user lands: the dashboard, or for the
 * owner the console's inbox (`lands`). With `totpSecret` (the owner's: `stack.env.ownerTotpSecret`)
 * the login form's second step is answered with the authenticator's current code.
 */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  lands: { url: RegExp; heading: string } = { url: /\/dashboard$/, heading: 'Dashboard' },
  totpSecret?: string,
): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  if (totpSecret) {
    await page.getByLabel('Verification code').fill(totpCode(totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(lands.url);
  await expect(page.getByRole('heading', { level: 1, name: lands.heading })).toBeVisible();
}

/** Signs the owner in through the login form, with the authenticator's code: the inbox. */
export const logInAsOwner = (page: Page, stack: Stack) =>
  logIn(page, OWNER_USER.email, OWNER_USER.password, OWNER_LANDING, stack.env.ownerTotpSecret);

/** Where the owner lands on signing in: the console's inbox. */
export const OWNER_LANDING = { url: /\/owner$/, heading: 'Requests inbox' };

/** A password the pool's policy accepts (one the log check recognises). */
export const strongPassword = generatedPassword;
