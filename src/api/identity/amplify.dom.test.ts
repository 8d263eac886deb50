/**
 * Amplify's storage (./amplify.ts): the device a customer asked to remember outlives a reload;
 * the tokens never reach the browser's storage.
 */
import { IdentityStorage } from './amplify';

const CLIENT = 'client-1';
const key = (name: string, field: string) =>
  `CognitoIdentityServiceProvider.${CLIENT}.${name}.${field}`;

/** What Amplify writes when a sign-in of `username` ends with tokens and a new device. */
async function signIn(storage: IdentityStorage, username: string) {
  await storage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, username);
  await storage.setItem(key(username, 'accessToken'), 'access.token.value');
  await storage.setItem(key(username, 'refreshToken'), 'refresh-token-value');
  await storage.setItem(key(username, 'deviceKey'), 'us-east-1_device');
  await storage.setItem(key(username, 'deviceGroupKey'), '-group');
  await storage.setItem(key(username, 'randomPasswordKey'), 'device-password');
}

describe('Amplify storage', () => {
  it('keeps the device keys across a reload and nothing else', async () => {
    await signIn(new IdentityStorage(CLIENT), 'sub-1');

    const afterReload = new IdentityStorage(CLIENT);
    expect(await afterReload.getItem(key('sub-1', 'deviceKey'))).toBe('us-east-1_device');
    expect(await afterReload.getItem(key('sub-1', 'deviceGroupKey'))).toBe('-group');
    expect(await afterReload.getItem(key('sub-1', 'randomPasswordKey'))).toBe('device-password');
    expect(await afterReload.getItem(key('sub-1', 'accessToken'))).toBeNull();
    expect(await afterReload.getItem(key('sub-1', 'refreshToken'))).toBeNull();
    const stored = Object.keys(localStorage).join('\n');
    expect(stored).not.toMatch(/accessToken|refreshToken|LastAuthUser/);
  });

  it('finds the device under the e-mail the sign-in was typed with (the pool names the account by its id)', async () => {
    const storage = new IdentityStorage(CLIENT);
    await signIn(storage, 'sub-1');
    storage.linkSignInName('jordan@example.com');

    const afterReload = new IdentityStorage(CLIENT);
    expect(await afterReload.getItem(key('jordan@example.com', 'deviceKey'))).toBe(
      'us-east-1_device',
    );
    expect(await afterReload.getItem(key('someone@example.com', 'deviceKey'))).toBeNull();
    // Amplify drops the keys of a device the pool no longer knows under the typed name.
    await afterReload.removeItem(key('jordan@example.com', 'deviceKey'));
    expect(await afterReload.getItem(key('sub-1', 'deviceKey'))).toBeNull();
  });

  it('forgets the tokens on clear, not the device', async () => {
    const storage = new IdentityStorage(CLIENT);
    await signIn(storage, 'sub-1');
    await storage.clear();
    expect(await storage.getItem(key('sub-1', 'accessToken'))).toBeNull();
    expect(await storage.getItem(key('sub-1', 'deviceKey'))).toBe('us-east-1_device');
  });
});
