/**
 * Starts the hosted sign-in with Google (authorization code + PKCE S256). The verifier and
 * state come from Amplify's OAuth helpers and wait in sessionStorage for /auth-callback.
 */
import { generateCodeVerifier, generateState } from 'aws-amplify/auth/cognito';
import { goToUrl } from '../session/navigation';
import { authorizeUrl, hostedLoginAvailable, savePendingLogin } from './oauth';

/** Leaves the site for the hosted sign-in page (does nothing when no domain is configured). */
export function startHostedLogin(): void {
  if (!hostedLoginAvailable()) return;
  const verifier = generateCodeVerifier(128);
  const state = generateState();
  savePendingLogin({ codeVerifier: verifier.value, state });
  goToUrl(authorizeUrl(verifier.toCodeChallenge(), state));
}
