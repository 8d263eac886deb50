/** My Subscriptions' texts (docs/product.md §2, §4, §8). */
export const subscriptionMessages = {
  title: 'My Subscriptions',
  loading: 'Loading subscriptions',
  listLabel: 'Your subscriptions',
  empty: 'You have no active subscriptions.',
  loadFailed: 'Failed to load subscriptions',
  newPlan: 'Start a new plan:',
  starting: 'Starting your plan…',
  cancel: 'Cancel',
  cancelLabel: (plan: string) => `Cancel ${plan} subscription`,
  confirmTitle: 'Cancel subscription',
  confirmCancel: 'Cancel this subscription?',
  confirmLabel: 'Cancel subscription',
  keepLabel: 'Keep it',
  createFailed: (message: string) => `Failed to create subscription: ${message}`,
  cancelFailed: (message: string) => `Failed to cancel subscription: ${message}`,
} as const;
