/**
 * Amplify set-up, done once. This module (and everything that imports it) is only ever
 * loaded on demand — by the auth pages' chunk or by `import()` from src/api/session — so the
 * identity library is not part of the home page's JavaScript.
 *
 * Amplify keeps its tokens in memory only: the session tokens in src/api/session/tokenStore
 * (local + session storage) are the single persistent copy the rest of the app reads.
 * After a sign-in the tokens are copied there and Amplify's memory is cleared.
 */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { env } from '../../config/env';

/** Amplify's token storage: a plain in-memory map, nothing written to the browser's storage. */
class MemoryStorage implements KeyValueStorageInterface {
  private readonly items = new Map<string, string>();
  async setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }
  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
  async clear(): Promise<void> {
    this.items.clear();
  }
}

let configured = false;

/** Configures Amplify for the user pool (once per page load). */
export function configureIdentity(): void {
  if (configured) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: env.cognitoUserPoolId,
        userPoolClientId: env.cognitoClientId,
        // The local stack points this at cognito-local; production leaves it empty.
        userPoolEndpoint: env.cognitoEndpoint || undefined,
        loginWith: { email: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
  configured = true;
}

/** The user pool configuration Amplify runs with (for the token refresh). */
export function identityAuthConfig() {
  configureIdentity();
  const auth = Amplify.getConfig().Auth;
  if (!auth) throw new Error('Identity is not configured');
  return auth;
}
