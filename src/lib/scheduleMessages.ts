/**
 * docs/product.md §5, §8: what a customer is told about a date they chose, wherever they choose
 * one (the quote form, a booking's edit).
 */
export const scheduleMessages = {
  datePast: 'Please choose today or a later date.',
  /** A time of today that has passed in New York (400 naming body/time). */
  timePast: 'That time has already passed. Please choose a later time.',
  /** Above the nearest free times a 409 offered. */
  nearestFree: 'The nearest free times:',
  /** The chosen day has no free time left (GET /availability answered none). */
  dayFull: 'Nothing is free on this day. Please choose another date.',
  loadingTimes: 'Loading the free times...',
  timesFailed: 'The free times could not be loaded.',
  /** A time the server refused as never offered that day (400 naming body/time). */
  timeNotOffered:
    'That time is not one we offer on that day. Please choose one of the listed times.',
  chooseTime: 'Choose a time',
} as const;
