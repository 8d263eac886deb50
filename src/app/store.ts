import { createAppStore, type RootState } from './appStore';
import { attachApi } from './apiLayer';

export type { RootState } from './appStore';

/**
 * A complete store: session, UI and the API layer. Used by tests and prerendering; the
 * browser entry starts with createAppStore and attaches the API on first use.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = createAppStore(preloadedState);
  attachApi(store);
  return store;
}
