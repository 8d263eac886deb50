import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that HTML; true afterwards
 * (and from the start when the page is rendered in the browser only). Whatever depends on
 * the browser (stored session, the current date) renders only when this is true, so the
 * first browser render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
