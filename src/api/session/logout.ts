import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { broadcastLogout, clearTokens } from './tokenStore';
import { loggedOut } from './sessionSlice';
import { baseApi } from '../baseApi';

type SignOutHook = () => Promise<void>;
let signOutHook: SignOutHook | null = null;

/** The identity client registers how to sign out of the provider (best effort). */
export function registerSignOut(fn: SignOutHook | null): void {
  signOutHook = fn;
}

/**
 * Logout (spec §2, §4): clears the stored session in both storages, tells other tabs,
 * forgets cached customer data, and signs out of the identity provider in the background.
 */
export function logout(
  dispatch: Dispatch<UnknownAction>,
  options: { broadcast?: boolean } = {},
): void {
  clearTokens();
  if (options.broadcast !== false) broadcastLogout();
  dispatch(loggedOut());
  dispatch(baseApi.util.resetApiState());
  const hook = signOutHook;
  if (hook) void hook().catch(() => undefined);
}
