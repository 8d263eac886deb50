/** The quote wizard island (./registry.ts), in the page's store and router. */
import { attachApi } from '../apiLayer';
import { islandStore } from './appContext';

export { default } from './QuoteIsland';
export { InAppContext as Context } from './appContext';

/** The API is attached to the store before the wizard hydrates, as it was when prerendered. */
export function prepare() {
  attachApi(islandStore());
}
