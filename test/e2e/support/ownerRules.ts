/**
 * The owner's availability rules are one set for the whole stack, and the console saves them
 * whole: two journeys changing them side by side would undo each other's change (or put back
 * the other's when they restore theirs). A journey that changes them holds them: one journey at
 * a time, across Playwright's workers (a lock folder beside the stack's database, made
 * atomically), and the rules are put back as they were when it ends, whatever happens.
 */
import { mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { OWNER_USER } from '../../../scripts/identity-emulator/cognitoOwners';
import { expect, type Stack } from './fixtures';

/** How long a journey waits for another one to put the rules back. */
const WAIT_MS = 120_000;

/** The owner's access token, signed in through the identity API with the authenticator's code. */
export async function ownerToken(stack: Stack): Promise<string> {
  const { accessToken } = await stack.signIn(
    OWNER_USER.email,
    OWNER_USER.password,
    stack.env.ownerTotpSecret,
  );
  return accessToken;
}

async function lock(folder: string): Promise<void> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(folder);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > until) throw new Error(`the owner's rules were held over ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Runs `journey` holding the owner's rules (`token` is the owner's), then puts them back as they were
 * before it.
 */
export async function holdingOwnerRules<T>(
  stack: Stack,
  journey: (token: string) => Promise<T>,
): Promise<T> {
  const folder = path.join(path.dirname(stack.env.databasePath), 'owner-rules.lock');
  await lock(folder);
  try {
    const token = await ownerToken(stack);
    const before: unknown = await (await stack.api('/owner/availability', { token })).json();
    try {
      return await journey(token);
    } finally {
      const restored = await stack.api('/owner/availability', {
        method: 'PUT',
        token,
        body: before,
      });
      expect(restored.status, "the owner's rules put back").toBe(200);
    }
  } finally {
    rmdirSync(folder);
  }
}
