import { timeZone } from './serviceArea';

let format: Intl.DateTimeFormat | null = null;

/**
 * The one formatter of wall-clock fields in the business's time zone (./dates.ts), made on
 * first use. Making it loads the zone's data, tens of milliseconds on a phone: the app makes it
 * while its first page's code downloads (src/main.tsx), not when the first dates arrive.
 */
export function zonedFormat(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return format;
}
