/** docs/product.md §9: how soon the team replies (the hours shown come from the owner's rules, src/lib/workingWeek.tsx). */
export const REPLY_WITHIN_HOURS = 24;
