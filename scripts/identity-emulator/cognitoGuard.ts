/**
 * What keeps the local identity proxy (cognitoProxy.ts) safe to run while a developer browses
 * other websites: it answers CORS only for the app's origin, renders its HTML with every value
 * escaped, and locks an account for a while after too many wrong passwords or codes.
 */
import { escapeHtml } from '../../domain/html';

/** The app's origin with its localhost / 127.0.0.1 twin (either address opens the app). */
export function appOrigins(appOrigin: string): string[] {
  const origin = new URL(appOrigin).origin;
  const twins = [origin];
  if (origin.includes('//localhost')) twins.push(origin.replace('//localhost', '//127.0.0.1'));
  if (origin.includes('//127.0.0.1')) twins.push(origin.replace('//127.0.0.1', '//localhost'));
  return twins;
}

/** Cognito's answer once an account is locked (after too many wrong passwords or codes). */
export const LOCKED_MESSAGE = 'Password attempts exceeded';

export interface LockoutOptions {
  /** Wrong answers in a row that lock the account. */
  attempts: number;
  /** How long a locked account refuses every password and code. */
  lockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutOptions = { attempts: 5, lockMs: 15 * 60_000 };

/**
 * Wrong passwords and codes per account (keyed by its lower-cased user name): after
 * `attempts` in a row, every try is refused for `lockMs`, right or wrong. A right answer
 * before that starts the count again.
 */
export function accountLockout(options: LockoutOptions = DEFAULT_LOCKOUT, now = Date.now) {
  const failures = new Map<string, { count: number; lockedUntil: number }>();
  const key = (account: string) => account.trim().toLowerCase();
  return {
    isLocked(account: string): boolean {
      const entry = failures.get(key(account));
      if (!entry || entry.lockedUntil === 0) return false;
      if (entry.lockedUntil > now()) return true;
      failures.delete(key(account));
      return false;
    },
    failed(account: string): void {
      const entry = failures.get(key(account)) ?? { count: 0, lockedUntil: 0 };
      entry.count += 1;
      if (entry.count >= options.attempts) entry.lockedUntil = now() + options.lockMs;
      failures.set(key(account), entry);
    },
    succeeded(account: string): void {
      failures.delete(key(account));
    },
  };
}

/** The hosted pages' fields a sign-in carries from page to page (all kept as hidden inputs). */
export const HOSTED_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'state',
] as const;

export type HostedFields = Partial<Record<(typeof HOSTED_FIELDS)[number], string>>;

const hidden = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .map(
      ([name, value]) =>
        `  <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value ?? '')}" />`,
    )
    .join('\n');

const page = (title: string, error: string | undefined, body: string) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8" /><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
${error ? `<p role="alert" style="color:red">${escapeHtml(error)}</p>` : ''}
${body}
</body>
</html>`;

/** The hosted sign-in form (user name and password). */
export const signInPage = (fields: HostedFields, error?: string) =>
  page(
    'Sign in',
    error,
    `<form method="POST" action="/oauth2/authorize">
${hidden(fields)}
  <label>Username: <input type="text" name="username" autocomplete="username" /></label><br />
  <label>Password: <input type="password" name="password" autocomplete="current-password" /></label><br />
  <button type="submit">Sign in</button>
</form>`,
  );

/** The hosted second step: the code of the account's second factor. */
export const codePage = (mfaSession: string, label: string, error?: string) =>
  page(
    'Enter your code',
    error,
    `<form method="POST" action="/oauth2/authorize">
${hidden({ mfa_session: mfaSession })}
  <label>${escapeHtml(label)}: <input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" /></label><br />
  <button type="submit">Verify</button>
</form>`,
  );
