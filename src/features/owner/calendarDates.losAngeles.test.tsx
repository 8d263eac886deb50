/**
 * @time-zone America/Los_Angeles
 */
import { describeCalendarDates } from './testing/calendarDates';

describeCalendarDates('America/Los_Angeles');
