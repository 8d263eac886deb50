import { useSyncExternalStore } from 'react';

/** The visitor asked for less motion (system setting). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const query = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY)
    : null;

/** Whether the visitor prefers reduced motion now. */
export const prefersReducedMotion = (): boolean => query()?.matches ?? false;

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

/**
 * Follows the reduced-motion setting. Server rendering and hydration see `false` (the HTML was
 * written without knowing it); the real value follows right after.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
