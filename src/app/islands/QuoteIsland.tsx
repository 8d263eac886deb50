/**
 * The quote wizard with what it needs (the API layer, toasts): the home page's booking section,
 * as an island when prerendered (./quoteIslandModule.ts) and in place in the app.
 */
import { AppServices } from '../AppServices';
import { QuoteSection } from '../../features/quote/QuoteSection';
import { WorkingWeekContext, type WorkingWeek } from '../../lib/workingWeek';

/** `week`: the owner's working hours the page was prerendered with, as JSON (island props are flat). */
export default function QuoteIsland({ week }: { week?: string }) {
  const section = (
    <AppServices>
      <QuoteSection />
    </AppServices>
  );
  if (!week) return section;
  return (
    <WorkingWeekContext.Provider value={JSON.parse(week) as WorkingWeek}>
      {section}
    </WorkingWeekContext.Provider>
  );
}
