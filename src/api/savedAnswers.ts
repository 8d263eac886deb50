/**
 * The last answers the signed-in account saw, kept on this device for that account only
 * (docs/architecture.md, "Repeat visits and offline"): the dashboard's sources and the owner's
 * route. A repeat visit shows them at once, marked with the time they were saved, while the
 * API is asked again; without a connection they stay, marked as offline.
 *
 * - Kept in local storage under `SAVED_ANSWERS_PREFIX` + the account's sub; saving one
 *   account's answers removes every other account's, and the session's end removes them all
 *   (src/api/session/tokenStore.ts, `clearTokens`; src/api/session/session.ts,
 *   `expireSession`).
 * - An answer is saved only for the account that asked for it: the account at the request's
 *   start must still be the signed-in one when it arrives.
 * - The service worker never keeps an API answer (src/serviceWorker.ts): this store, in the page,
 *   is the only copy.
 */
import { useSyncExternalStore } from 'react';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import {
  getUser,
  hasStoredSession,
  removeSavedAnswers,
  SAVED_ANSWERS_PREFIX,
} from './session/tokenStore';
import type { SessionState } from './session/sessionSlice';

export { SAVED_ANSWERS_PREFIX };

/** The queries whose last answers are kept: the dashboard's six sources and the owner's route. */
const SAVED_ENDPOINTS = new Set([
  'getMyProfile',
  'listMyVehicles',
  'listBookings',
  'listCalendlyBookings',
  'getLoyaltyAccount',
  'listSubscriptions',
  'listOwnerRoute',
]);

interface SavedEntry {
  endpointName: string;
  args: unknown;
  data: unknown;
  /** When the answer arrived (ms since epoch). */
  at: number;
}
/** By RTK Query's cache key (the endpoint and its arguments). */
type Saved = Record<string, SavedEntry>;

const storageKey = (sub: string) => SAVED_ANSWERS_PREFIX + sub;

function readSaved(sub: string): Saved {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(sub)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Saved) : {};
  } catch {
    return {};
  }
}

function save(sub: string, cacheKey: string, entry: SavedEntry): void {
  removeSavedAnswers(sub);
  try {
    const saved = readSaved(sub);
    saved[cacheKey] = entry;
    window.localStorage.setItem(storageKey(sub), JSON.stringify(saved));
  } catch {
    /* storage full or disabled: the next visit asks the API, as before */
  }
}

/** The account whose answers may be kept and shown: the stored session's. */
function currentSub(): string {
  return hasStoredSession() ? (getUser()?.sub ?? '') : '';
}

/**
 * Beside the answers, under this name: the account's last check of its authenticator app
 * (src/features/owner/AuthenticatorGate.tsx), so that a repeat visit opens the console at once.
 * Removed with the answers.
 */
const AUTHENTICATOR_ENTRY = 'authenticator';

/** True when the signed-in account's last check found an authenticator app. */
export function savedAuthenticator(): boolean {
  const sub = currentSub();
  return Boolean(sub) && readSaved(sub)[AUTHENTICATOR_ENTRY]?.data === true;
}

/** Keeps the signed-in account's check of its authenticator app. */
export function saveAuthenticator(on: boolean): void {
  const sub = currentSub();
  if (!sub) return;
  save(sub, AUTHENTICATOR_ENTRY, {
    endpointName: AUTHENTICATOR_ENTRY,
    args: null,
    data: on,
    at: Date.now(),
  });
}

export interface SavedAnswersStatus {
  /** When the oldest saved answer on screen was saved; null when every answer is fresh. */
  savedAt: number | null;
  /** True when asking the API again failed for want of a connection. */
  offline: boolean;
}

const FRESH: SavedAnswersStatus = { savedAt: null, offline: false };
let status: SavedAnswersStatus = FRESH;
const listeners = new Set<() => void>();

function publish(next: SavedAnswersStatus): void {
  if (next.savedAt === status.savedAt && next.offline === status.offline) return;
  status = next.savedAt === null && !next.offline ? FRESH : next;
  for (const listener of listeners) listener();
}

/** The page's saved answers as the notice shows them. */
export const savedAnswersStatus = (): SavedAnswersStatus => status;

/** The same, for a component (it renders again when it changes). */
export function useSavedAnswersStatus(): SavedAnswersStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    savedAnswersStatus,
    () => FRESH,
  );
}

interface QueryThunkAction {
  type: string;
  payload?: unknown;
  error?: unknown;
  meta: {
    requestId: string;
    requestStatus: 'pending' | 'fulfilled' | 'rejected';
    condition?: boolean;
    fulfilledTimeStamp?: number;
    arg: { type: string; endpointName: string; queryCacheKey: string; originalArgs: unknown };
  };
}

const QUERY_THUNK = `${baseApi.reducerPath}/executeQuery/`;

function savedQuery(action: unknown): QueryThunkAction | null {
  const candidate = action as Partial<QueryThunkAction> | null;
  if (typeof candidate?.type !== 'string' || !candidate.type.startsWith(QUERY_THUNK)) return null;
  return candidate.meta && SAVED_ENDPOINTS.has(candidate.meta.arg.endpointName)
    ? (candidate as QueryThunkAction)
    : null;
}

/** A failure for want of a connection (src/api/baseQuery.ts answers those as `FETCH_ERROR`). */
export const isNetworkFailure = (error: unknown): boolean =>
  (error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR';

type Upsert = (entries: { endpointName: string; arg: unknown; value: unknown }[]) => UnknownAction;
const upsertQueryEntries = baseApi.util.upsertQueryEntries as unknown as Upsert;

/**
 * The store's part (added with the API layer, src/app/apiLayer.ts): when a kept query is asked
 * and the cache has no answer yet, the account's saved answer is put in first, so the page shows
 * it while the request runs; a fresh answer replaces it and is saved in its turn.
 */
export const savedAnswersMiddleware: Middleware = (store) => {
  /** The account each kept request was started for. */
  const askedBy = new Map<string, string>();
  /** Cache keys showing a saved answer (and when it was saved) until a fresh one arrives. */
  const shown = new Map<string, number>();
  let offline = false;
  const update = () =>
    publish({ savedAt: shown.size ? Math.min(...shown.values()) : null, offline });
  update();

  const restore = (sub: string, query: QueryThunkAction) => {
    const { endpointName, queryCacheKey } = query.meta.arg;
    const state = store.getState() as { api?: { queries: Record<string, { data?: unknown }> } };
    if (state.api?.queries[queryCacheKey]?.data !== undefined) return;
    const entry = readSaved(sub)[queryCacheKey];
    if (entry?.endpointName !== endpointName) return;
    store.dispatch(upsertQueryEntries([{ endpointName, arg: entry.args, value: entry.data }]));
    shown.set(queryCacheKey, entry.at);
  };

  /** The session ended (a logout here or in another tab, a refused token): nothing is shown. */
  const sessionEnded = () => {
    const { session } = store.getState() as { session: SessionState };
    if (session.status !== 'anonymous' || (!shown.size && !offline)) return;
    askedBy.clear();
    shown.clear();
    offline = false;
    update();
  };

  return (next) => (action) => {
    const query = savedQuery(action);
    if (!query) {
      const result = next(action);
      sessionEnded();
      return result;
    }
    const { requestId, requestStatus, arg } = query.meta;
    if (requestStatus === 'pending') {
      const sub = currentSub();
      askedBy.set(requestId, sub);
      if (sub) restore(sub, query);
    }
    const result = next(action);
    if (requestStatus === 'fulfilled') {
      const sub = askedBy.get(requestId);
      askedBy.delete(requestId);
      // The loyalty account answers a failure as zero points with the error beside it: not kept.
      const fallback = Boolean((query.payload as { error?: unknown } | null)?.error);
      if (sub && sub === currentSub() && !fallback) {
        const at = query.meta.fulfilledTimeStamp ?? Date.now();
        save(sub, arg.queryCacheKey, {
          endpointName: arg.endpointName,
          args: arg.originalArgs,
          data: query.payload,
          at,
        });
      }
      shown.delete(arg.queryCacheKey);
      offline = false;
    } else if (requestStatus === 'rejected' && !query.meta.condition) {
      askedBy.delete(requestId);
      if (isNetworkFailure(query.payload)) offline = true;
    }
    update();
    return result;
  };
};
