/**
 * The quote wizard island (./registry.ts): the wizard with what it needs (the API layer,
 * toasts). The API is attached to the store before it hydrates, as it was when prerendered.
 */
import { AppServices } from '../AppServices';
import { QuoteSection } from '../../features/quote/QuoteSection';

export { attachApi as prepare } from '../apiLayer';

export default function QuoteIsland() {
  return (
    <AppServices>
      <QuoteSection />
    </AppServices>
  );
}
