/**
 * @time-zone Pacific/Auckland
 */
import { describeCalendarDates } from '../../testing/ownerCalendarDates';

describeCalendarDates('Pacific/Auckland');
