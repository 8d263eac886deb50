/** docs/product.md §2: the links of a booking made in the scheduling service (read-only here). */
export const calendlyLinkMessages = {
  reschedule: 'Reschedule',
  cancel: 'Cancel',
  /** Completes each link's accessible name: what it changes, and where. */
  target: (when: string) => ` the ${when} booking in Calendly`,
} as const;
