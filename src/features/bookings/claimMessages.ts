/** Texts of the "Requests sent with your e-mail" panel (docs/product.md §6). */
export const CLAIM_TEXT = {
  title: 'Requests sent with your e-mail',
  intro:
    'These quote requests were sent from our website with your e-mail address while nobody was signed in. Anyone can type an e-mail address, so tell us which ones were yours.',
  mine: 'This was me',
  notMine: 'Not mine',
  claimed: 'The request was added to your bookings',
  dismissed: 'The request will not be shown again',
  failed: 'Failed to save your answer',
} as const;
