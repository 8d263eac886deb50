import { env } from '../config/env';

/** The API's base URL, absolute and ending in `/` (a configured path is resolved on this origin). */
export function apiBaseUrl(): string {
  const base = env.apiBaseUrl;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return new URL(base.endsWith('/') ? base : `${base}/`, origin).toString();
}
