/**
 * docs/product.md §5 and §9: opening hours (the quote form's time slots are in
 * domain/quoteSchedule.ts, which the server enforces too).
 */
export const contactHours = 'Mon-Sun 9am-6pm';
export const schedulingHours = 'Mon-Fri 3:00 PM-6:00 PM, weekends all day';
export const REPLY_WITHIN_HOURS = 24;
