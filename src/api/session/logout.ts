import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { decodeJwt, type SessionTokens } from './tokenStore';
import { endSession } from './session';
import { baseApi } from '../baseApi';
import { takeHostedLogoutUrl } from '../identity/oauth';
import { goToUrl } from './navigation';

type SignOutHook = (tokens: SessionTokens) => Promise<void>;

/**
 * Signs out at the user pool with the tokens the session had. Amplify only calls the pool
 * (RevokeToken) for a revocable session (`origin_jti` in the access token), so the identity
 * library is not even loaded for one that is not.
 */
const identitySignOut: SignOutHook = async (tokens) => {
  if (!tokens.refreshToken || !decodeJwt(tokens.accessToken)?.origin_jti) return;
  const { signOutAtProvider } = await import('../identity/cognito');
  await signOutAtProvider(tokens);
};

/**
 * Logout (docs/product.md §2, §4): clears the stored session in both storages, tells other tabs,
 * forgets cached customer data, and signs out of the identity provider in the background.
 * A tab reacting to another tab's logout passes `{ broadcast: false }`: it neither
 * re-broadcasts nor signs out at the provider again.
 */
export function logout(
  dispatch: Dispatch<UnknownAction>,
  options: { broadcast?: boolean } = {},
): void {
  const fromThisTab = options.broadcast !== false;
  const tokens = endSession(dispatch, fromThisTab);
  dispatch(baseApi.util.resetApiState());
  if (fromThisTab && (tokens.accessToken || tokens.refreshToken)) {
    void identitySignOut(tokens).catch(() => undefined);
  }
  // After a hosted sign-in the hosted domain keeps its own session: end it too.
  const hostedLogout = takeHostedLogoutUrl();
  if (fromThisTab && hostedLogout) goToUrl(hostedLogout);
}
