/**
 * The names, in localStorage, of this browser's device at the user pool: the identity library's
 * `<prefix>.<client id>.<username>.<field>` keys of the device's key, group key and device
 * password, and our link from the e-mail a sign-in was typed with to the pool's username
 * (see IdentityStorage in ./amplify.ts, which writes them). Kept apart from ./amplify.ts, which
 * loads the identity library, so that the session layer can keep these keys when it clears the
 * browser's storage (docs/product.md §2, the authentication page).
 */

/** The prefix of the identity library's storage keys. */
export const KEY_PREFIX = 'CognitoIdentityServiceProvider';
/** The identity library's fields of this browser's device. */
export const DEVICE_FIELDS: readonly string[] = [
  'deviceKey',
  'deviceGroupKey',
  'randomPasswordKey',
];
/** Our own field: the pool's username of the account a typed sign-in name belongs to. */
export const SIGN_IN_NAME_OF = 'deviceUsername';

/** True for a storage key of this browser's device (any app client, any account). */
export function isDeviceStorageKey(key: string): boolean {
  if (!key.startsWith(`${KEY_PREFIX}.`)) return false;
  const field = key.slice(key.lastIndexOf('.') + 1);
  return DEVICE_FIELDS.includes(field) || field === SIGN_IN_NAME_OF;
}
