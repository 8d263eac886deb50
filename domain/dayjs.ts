/**
 * dayjs with the plugins the app's date forms use: parsing in a given format, UTC and the
 * business's time zone. Its own module: the pages that only show dates (./dates.ts formats them
 * with Intl) do not download it.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export { dayjs };
