/** docs/product.md §2: the eight towns of the service area, in the spec's order. */
export const serviceTowns = [
  'Cary',
  'Apex',
  'Morrisville',
  'Durham',
  'Raleigh',
  'Holly Springs',
  'Garner',
  'Wake Forest',
] as const;
export const serviceState = 'NC';
export const timeZone = 'America/New_York';
