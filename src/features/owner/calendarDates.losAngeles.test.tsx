/**
 * @time-zone America/Los_Angeles
 */
import { describeCalendarDates } from '../../testing/ownerCalendarDates';

describeCalendarDates('America/Los_Angeles');
