import { useEffect, useSyncExternalStore } from 'react';
import { useGetLoyaltyAccountQuery } from '../../api/loyalty';
import { LOYALTY_LEVEL_KEY } from '../../api/session/tokenStore';
import { levelForPoints } from '../../../domain/loyaltyPoints';

/** Same-tab writers notify these; other tabs arrive through the `storage` event. */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOYALTY_LEVEL_KEY || event.key === null) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function readStoredLevel(): string {
  try {
    return window.localStorage.getItem(LOYALTY_LEVEL_KEY)?.trim() ?? '';
  } catch {
    return '';
  }
}

/** Nothing is stored on the server (prerendering) or while hydrating. */
const serverSnapshot = () => '';

function storeLevel(level: string): void {
  try {
    if (window.localStorage.getItem(LOYALTY_LEVEL_KEY) === level) return;
    window.localStorage.setItem(LOYALTY_LEVEL_KEY, level);
  } catch {
    return; // storage disabled: the sidebar simply shows no level
  }
  for (const listener of listeners) listener();
}

/**
 * The loyalty level shown in the sidebar (docs/product.md §2). The sidebar subscribes to the loyalty
 * account (the same cache entry as the overview and the loyalty page, so no extra request
 * while they are open, and a tag invalidation refreshes it); whenever it loads, an effect
 * stores its level under LOYALTY_LEVEL_KEY. What the sidebar shows is the stored value,
 * read as an external store (never on the server or while hydrating). A failed load (the
 * zero-point default) stores nothing. Another tab's change, or storage cleared on logout,
 * shows too.
 */
export function useStoredLoyaltyLevel(): string {
  const { data } = useGetLoyaltyAccountQuery();
  useEffect(() => {
    if (data && data.error === null) storeLevel(levelForPoints(data.loyalty.points));
  }, [data]);
  return useSyncExternalStore(subscribe, readStoredLevel, serverSnapshot);
}
