/**
 * Amplify set-up, done once. This module (and everything that imports it) is only ever
 * loaded on demand — by the auth pages' chunk or by `import()` from src/api/session — so the
 * identity library is not part of the home page's JavaScript.
 *
 * Amplify keeps its tokens in memory only: the session tokens in src/api/session/tokenStore
 * (local + session storage) are the single persistent copy the rest of the app reads.
 * After a sign-in the tokens are copied there and Amplify's memory is cleared. Only a
 * device's keys are kept in localStorage (see IdentityStorage).
 */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { env } from '../../config/env';
import { DEVICE_FIELDS, KEY_PREFIX, SIGN_IN_NAME_OF } from './deviceStorage';

/**
 * Amplify's storage. The tokens are kept in memory only, nothing of them is written to the
 * browser's storage. The device's keys (its key, group key and device password, written by
 * Amplify at a sign-in under the pool's username of the account) are the one exception: they
 * are kept in localStorage, because "Remember this device" means exactly that this browser
 * keeps a device secret across reloads and sign-outs. They give no access by themselves: a
 * sign-in still needs the password, and the device only stands in for the second factor while
 * it is remembered at the user pool (forgetting it there, on the Security page or with "Sign
 * out of all devices", ends that).
 *
 * Amplify looks the device up by the name the sign-in was started with (the e-mail typed),
 * while it stores it under the pool's username (an id): `linkSignInName` records which is which.
 */
export class IdentityStorage implements KeyValueStorageInterface {
  private readonly items = new Map<string, string>();
  constructor(
    private readonly clientId: string,
    private readonly persistent: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
  ) {}

  private key(name: string, field: string): string {
    return `${KEY_PREFIX}.${this.clientId}.${name}.${field}`;
  }

  /** The username and field of a device key of Amplify's, else undefined. */
  private deviceField(key: string): { name: string; field: string } | undefined {
    const head = `${KEY_PREFIX}.${this.clientId}.`;
    const dot = key.lastIndexOf('.');
    const field = key.slice(dot + 1);
    if (!key.startsWith(head) || dot <= head.length || !DEVICE_FIELDS.includes(field))
      return undefined;
    return { name: key.slice(head.length, dot), field };
  }

  /** The same field under the pool's username the typed name was linked to. */
  private linkedKey(name: string, field: string): string | undefined {
    const username = this.persistent.getItem(this.key(name, SIGN_IN_NAME_OF));
    return username ? this.key(username, field) : undefined;
  }

  async setItem(key: string, value: string): Promise<void> {
    if (!this.deviceField(key)) this.items.set(key, value);
    else this.persistent.setItem(key, value);
  }
  async getItem(key: string): Promise<string | null> {
    const device = this.deviceField(key);
    if (!device) return this.items.get(key) ?? null;
    const linked = this.linkedKey(device.name, device.field);
    return this.persistent.getItem(key) ?? (linked ? this.persistent.getItem(linked) : null);
  }
  async removeItem(key: string): Promise<void> {
    const device = this.deviceField(key);
    if (!device) {
      this.items.delete(key);
      return;
    }
    const linked = this.linkedKey(device.name, device.field);
    this.persistent.removeItem(key);
    if (linked) this.persistent.removeItem(linked);
  }
  /** Forgets the tokens; the device stays (only forgetting it at the pool ends it). */
  async clear(): Promise<void> {
    this.items.clear();
  }

  /**
   * After a sign-in started with `name` (the e-mail typed) ended with tokens: links the name to
   * the pool's username the tokens (and the device) were stored under.
   */
  linkSignInName(name: string): void {
    const username = this.items.get(`${KEY_PREFIX}.${this.clientId}.LastAuthUser`);
    if (name && username && username !== name)
      this.persistent.setItem(this.key(name, SIGN_IN_NAME_OF), username);
  }
}

/** The one storage Amplify runs with (see configureIdentity). */
let storage: IdentityStorage | undefined;
export function identityStorage(): IdentityStorage {
  storage ??= new IdentityStorage(env.cognitoClientId);
  return storage;
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
  cognitoUserPoolsTokenProvider.setKeyValueStorage(identityStorage());
  configured = true;
}

/** The user pool configuration Amplify runs with (for the token refresh). */
export function identityAuthConfig() {
  configureIdentity();
  const auth = Amplify.getConfig().Auth;
  if (!auth) throw new Error('Identity is not configured');
  return auth;
}
