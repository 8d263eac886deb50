import { useSyncExternalStore } from 'react';
import { todayLocal } from '../../domain/dates';

/** Re-checks the date every minute, so the rules follow midnight. */
function subscribe(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
}

/**
 * Today (YYYY-MM-DD) in the business's time zone. Empty during server rendering, so the
 * first render never depends on the clock.
 */
export function useToday(): string {
  return useSyncExternalStore(
    subscribe,
    () => todayLocal(),
    () => '',
  );
}
