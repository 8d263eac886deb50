/** The service area's state and time zone (its towns are the offer's, ./offer.ts). */
export const serviceState = 'NC';
export const timeZone = 'America/New_York';
