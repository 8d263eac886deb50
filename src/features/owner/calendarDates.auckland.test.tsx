/**
 * @time-zone Pacific/Auckland
 */
import { describeCalendarDates } from './testing/calendarDates';

describeCalendarDates('Pacific/Auckland');
