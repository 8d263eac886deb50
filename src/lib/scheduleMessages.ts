/**
 * docs/product.md §5, §8: what a customer is told about a date they chose, wherever they choose
 * one (the quote form, a booking's edit).
 */
export const scheduleMessages = {
  datePast: 'Please choose today or a later date.',
  /** Above the nearest free times a 409 offered. */
  nearestFree: 'The nearest free times:',
  /** The chosen day has no free time left (GET /availability answered none). */
  dayFull: 'Nothing is free on this day. Please choose another date.',
  loadingTimes: 'Loading the free times...',
  timesFailed: 'The free times could not be loaded.',
  retryTimes: 'Try again',
} as const;
