/**
 * The working hours the public pages show (docs/product.md §5, "The hours shown"): the owner's
 * rules' week, formatted by domain/availability.ts's `visitorHours` (footer, /contact, the quote
 * form's hint) and given to search engines (the LocalBusiness data). The prerender provides the
 * week of the rules it read (scripts/build/prerender.ts; the seeded rules at build); the app's other
 * screens, the seeded week.
 */
import { createContext, useContext } from 'react';
import { DEFAULT_RULES, visitorHours, type AvailabilityRules } from '../../domain/availability';

export type WorkingWeek = AvailabilityRules['week'];

export const WorkingWeekContext = createContext<WorkingWeek>(DEFAULT_RULES.week);

export const useWorkingWeek = (): WorkingWeek => useContext(WorkingWeekContext);

/** The hours as visitors read them: `Mon-Fri 3pm-6pm, Sat-Sun 9am-6pm`. */
export function useVisitorHoursText(): string {
  return visitorHours({ week: useWorkingWeek() }).join(', ');
}
