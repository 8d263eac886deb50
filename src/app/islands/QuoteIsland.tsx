/**
 * The quote wizard with what it needs (the API layer, toasts): the home page's booking section,
 * as an island when prerendered (./quoteIslandModule.ts) and in place in the app.
 */
import { AppServices } from '../AppServices';
import { QuoteSection } from '../../features/quote/QuoteSection';

export default function QuoteIsland() {
  return (
    <AppServices>
      <QuoteSection />
    </AppServices>
  );
}
