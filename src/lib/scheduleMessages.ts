/**
 * docs/product.md §5, §8: what a customer is told about a date they chose, wherever they choose
 * one (the quote form, a booking's edit).
 */
export const scheduleMessages = {
  datePast: 'Please choose today or a later date.',
} as const;
