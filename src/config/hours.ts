/** docs/product.md §5 and §9: opening hours and the quote form's time slots. */
export const contactHours = 'Mon-Sun 9am-6pm';
export const schedulingHours = 'Mon-Fri 3:00 PM-6:00 PM, weekends all day';
export const weekdaySlots = ['4:00 PM', '5:00 PM', '6:00 PM'] as const;
export const weekendSlots = [
  '9:00 AM',
  '10:00 AM',
  '12:00 PM',
  '2:00 PM',
  '4:00 PM',
  '6:00 PM',
] as const;
export const REPLY_WITHIN_HOURS = 24;
