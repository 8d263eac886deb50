/**
 * Actions made without a connection, kept on this device until they are sent (docs/architecture.md,
 * "Repeat visits and offline"): the owner's "Mark completed" and picture uploads on the Route.
 *
 * - Kept in IndexedDB (`actionQueue.v1`, store `actions`), each under the account that made it
 *   (its `sub`): an account reads, shows and sends its own only. A picture is kept as the file
 *   itself (a Blob), which local storage could not hold. A browser without IndexedDB keeps them
 *   in the page only, until it is closed.
 * - Each action carries its `Idempotency-Key` from the moment it is made, so sending it again
 *   (after a lost answer, from two tabs, at the next visit) counts once on the server.
 * - Removed when the owner signs out here after being told what waits (src/app/layout/Header.tsx);
 *   any other end of the session (expiry, a refused token) keeps them for the same account's next
 *   sign-in, never shown to another.
 *
 * This file holds no owner code (the customer's app may load it at sign-out); the sending is
 * src/features/owner/offline/.
 */
import { newIdempotencyKey } from './idempotencyKey';

interface QueuedBase {
  /** Also the request's `Idempotency-Key`. */
  id: string;
  /** The account that made it. */
  sub: string;
  bookingId: string;
  /** Whom it is for, as the owner reads it (the customer's name). */
  name: string;
  /** When it was made (ms since epoch): the order they are sent in. */
  createdAt: number;
  /**
   * `waiting` for a connection; `sent` with the server's yes; `refused` with its reason; both
   * stay listed until the owner dismisses them.
   */
  state: 'waiting' | 'sent' | 'refused';
  /** What the owner is told of the answer (`sent` or `refused`). */
  outcome: string;
}

export interface QueuedCompletion extends QueuedBase {
  kind: 'complete';
  doneEarly: boolean;
}

export interface QueuedPicture extends QueuedBase {
  kind: 'picture';
  file: Blob;
  fileName: string;
}

export type QueuedAction = QueuedCompletion | QueuedPicture;

/** What is given when an action is made; the rest is filled in by `addActions`. */
type Made = 'id' | 'sub' | 'createdAt' | 'state' | 'outcome';
export type NewAction = Omit<QueuedCompletion, Made> | Omit<QueuedPicture, Made>;

const DB_NAME = 'actionQueue.v1';
const STORE = 'actions';

/** The page's own copy when IndexedDB is missing (or refused to open). */
const inPage = new Map<string, QueuedAction>();
let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex('sub', 'sub');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  return openDb().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        if (!db) {
          resolve(undefined);
          return;
        }
        const transaction = db.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
      }),
  );
}

const listeners = new Set<() => void>();
/** Other tabs of this browser hear of every change too (the same queue, the same sends). */
const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DB_NAME);
if (channel) {
  channel.onmessage = () => notify(false);
  // Node's (the tests') keeps its process alive otherwise; a browser's has no unref.
  (channel as { unref?: () => void }).unref?.();
}

function notify(broadcast = true): void {
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage('changed');
}

/** Calls `listener` after every change of the queue, in this tab or another. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The account's actions, oldest first. */
export async function queuedActions(sub: string): Promise<QueuedAction[]> {
  if (!sub) return [];
  const db = await openDb();
  const found = db
    ? ((await run('readonly', (store) => store.index('sub').getAll(sub))) as QueuedAction[])
    : [...inPage.values()].filter((action) => action.sub === sub);
  return found.sort((a, b) => a.createdAt - b.createdAt);
}

/** How many of the account's actions still wait to be sent. */
export async function waitingCount(sub: string): Promise<number> {
  return (await queuedActions(sub)).filter((action) => action.state === 'waiting').length;
}

/** Stores an action (a new one, or one whose state changed). */
export async function putAction(action: QueuedAction): Promise<void> {
  if (await openDb()) await run('readwrite', (store) => store.put(action));
  else inPage.set(action.id, action);
  notify();
}

/** Keeps new actions of the account, waiting, each with a key of its own, in the given order. */
export async function addActions(sub: string, made: NewAction[]): Promise<void> {
  let at = Date.now();
  for (const action of made) {
    at += 1;
    const id = newIdempotencyKey();
    const kept = { ...action, id, sub, createdAt: at, state: 'waiting', outcome: '' };
    await putAction(kept as QueuedAction);
  }
}

/** Forgets one action (sent or refused, and dismissed). */
export async function removeAction(id: string): Promise<void> {
  if (await openDb()) await run('readwrite', (store) => store.delete(id));
  else inPage.delete(id);
  notify();
}

/** Forgets every action of the account (the owner signed out knowing what waited). */
export async function removeActions(sub: string): Promise<void> {
  for (const action of await queuedActions(sub)) {
    if (await openDb()) await run('readwrite', (store) => store.delete(action.id));
    else inPage.delete(action.id);
  }
  notify();
}
