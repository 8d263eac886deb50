/**
 * The one base query behind every generated endpoint (docs/product.md §7, §8 transport):
 * - the API base from configuration (a path is resolved against this origin);
 * - `Authorization: Bearer` with the id token, else the access token; refreshed first
 *   when expired (single flight); the owner's operations (/owner/...) with the access token,
 *   which the API shows the identity provider to check the owner's authenticator app;
 * - JSON content type; credentials are never sent as cookies;
 * - a non-OK answer becomes `API {status}: {body text}`;
 * - 401 or 403 removes the stored id token and navigates to /auth, except the owner's 403 for
 *   want of an authenticator app (the console shows it), and a refusal of a session that has
 *   already ended (or of a request sent without one), which leaves the page where it goes;
 * - 429 on the first attempt waits for Retry-After (seconds or an HTTP date) and retries
 *   once (not for the quote request, which is sent without retry logic);
 * - 503 with Retry-After (another process held the database's write lock; nothing was stored)
 *   shows "Busy for a moment, trying again" and sends the same request again after the wait,
 *   up to BUSY_RETRIES times (the quote request too: the same body and Idempotency-Key); the
 *   form that sent it keeps what was typed whatever the last answer;
 * - a failed fetch is its own error kind.
 */
import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import type { OperationId } from '../../domain/contract/types';
import { apiBaseUrl } from './apiBase';
import { OWNER_AUTHENTICATOR_REQUIRED, isOwnerPath } from '../../domain/owners';
import { bearerToken, getTokens } from './session/tokenStore';
import { refreshIfNeeded } from './session/refresh';
import { expireSession } from './session/session';
import { navigateTo } from './session/navigation';
import { BUSY_RETRY_MESSAGE, NETWORK_ERROR_MESSAGE, type ApiError } from './errors';
import { toasts } from '../components/toast';

/**
 * Endpoints that must not be retried on 429 (docs/product.md §7: POST /bookings; the data
 * download, whose limit the customer is told about instead of waiting a minute). Endpoints are
 * named by the contract's operationIds: a renamed operation is a compile error here.
 */
const NO_RETRY_ENDPOINTS: ReadonlySet<string> = new Set([
  'createBooking',
  'exportMyData',
] satisfies OperationId[]);
/** Longest wait a Retry-After may impose before the single retry. */
const MAX_RETRY_WAIT_MS = 60_000;
/** How many times a request answered 503 "busy" is sent again. */
const BUSY_RETRIES = 3;
/** The longest wait before sending a "busy" request again (the server asks for a second). */
const MAX_BUSY_WAIT_MS = 5_000;

/** Milliseconds to wait for a Retry-After value: seconds, or an HTTP date. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number {
  if (!header) return 0;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.min(Number(value) * 1000, MAX_RETRY_WAIT_MS);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.min(Math.max(at - now, 0), MAX_RETRY_WAIT_MS);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function serverMessageOf(bodyText: string): string {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object') {
      const m =
        (parsed as Record<string, unknown>).message ?? (parsed as Record<string, unknown>).error;
      if (typeof m === 'string' && m.trim()) return m.trim();
    }
  } catch {
    /* not JSON */
  }
  return bodyText.trim();
}

function buildUrl(args: FetchArgs): string {
  const url = new URL(args.url.replace(/^\//, ''), apiBaseUrl());
  const params = (args.params ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The bearer token a request to `args.url` carries now: the owner's operations take the access token. */
function tokenFor(args: FetchArgs): string {
  const tokens = getTokens();
  return isOwnerPath(`/${args.url.replace(/^\//, '')}`)
    ? tokens.accessToken || bearerToken(tokens)
    : bearerToken(tokens);
}

export const apiBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  rawArgs,
  api,
) => {
  const args: FetchArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  await refreshIfNeeded();
  const token = tokenFor(args);
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/json');
  // A multipart body (the owner's picture upload) carries its own Content-Type and boundary.
  const multipart = args.body instanceof FormData;
  if (args.body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const init: RequestInit = {
    method: args.method ?? 'GET',
    headers,
    credentials: 'omit',
    body:
      args.body === undefined
        ? undefined
        : multipart
          ? (args.body as FormData)
          : JSON.stringify(args.body),
    signal: api.signal,
  };
  const url = buildUrl(args);
  const mayRetry = !NO_RETRY_ENDPOINTS.has(api.endpoint);

  let busyRetries = 0;
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (cause) {
      const aborted = cause instanceof DOMException && cause.name === 'AbortError';
      const message = aborted ? 'Request aborted' : NETWORK_ERROR_MESSAGE;
      return { error: { kind: 'network', status: 'FETCH_ERROR', message, serverMessage: '' } };
    }

    if (response.status === 429 && attempt === 1 && mayRetry) {
      await sleep(retryAfterMs(response.headers.get('Retry-After')));
      continue;
    }
    const retryAfter = response.headers.get('Retry-After');
    if (response.status === 503 && retryAfter !== null && busyRetries < BUSY_RETRIES) {
      if (busyRetries === 0) toasts.info(BUSY_RETRY_MESSAGE);
      busyRetries += 1;
      await sleep(Math.min(retryAfterMs(retryAfter), MAX_BUSY_WAIT_MS));
      continue;
    }

    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const serverMessage = serverMessageOf(text);
      const sessionRefused =
        response.status === 401 ||
        (response.status === 403 && serverMessage !== OWNER_AUTHENTICATOR_REQUIRED);
      // Only the session this request carried, while it is still this browser's session: a
      // refusal that arrives after it ended (the account deleted, a sign-out) or for a request
      // sent without one has no session to end.
      if (sessionRefused && token && tokenFor(args) === token) {
        expireSession(api.dispatch);
        navigateTo('/auth');
      }
      return {
        error: {
          kind: 'http',
          status: response.status,
          message: `API ${response.status}: ${text}`,
          serverMessage,
        },
        meta: { response },
      };
    }
    if (text.trim() === '') return { data: null };
    try {
      return { data: JSON.parse(text) as unknown };
    } catch {
      return { data: text };
    }
  }
};
