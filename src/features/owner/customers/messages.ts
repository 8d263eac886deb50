/**
 * The owner console's Customers and Numbers texts (docs/product.md, "Owner console: Customers
 * and Numbers"). Numbers arrive formatted.
 */
export const customersTexts = {
  title: 'Customers',
  searchLabel: 'Search by name, phone or e-mail',
  search: 'Search',
  clear: 'Clear',
  loading: 'Loading customers',
  empty: 'No customers yet.',
  noMatch: (q: string) => `No customer matches “${q}”.`,
  more: 'More customers',
  loadingMore: 'Loading more customers',
  error: 'The customers could not be loaded.',
  noName: 'No name yet',
  points: (points: string) => `${points} points`,
  bookings: (count: number) => `${count} booking${count === 1 ? '' : 's'}`,
  listLabel: 'Customers, newest first',
} as const;

export const customerTexts = {
  back: 'All customers',
  loading: 'Loading the customer',
  notFound: 'This customer was not found. The account may have been deleted.',
  error: 'The customer could not be loaded.',
  contact: 'Contact',
  call: (phone: string) => `Call ${phone}`,
  email: (email: string) => `E-mail ${email}`,
  customerSince: (date: string) => `Customer since ${date}`,
  noPhone: 'No phone number',
  address: 'Service address',
  noAddress: 'No service address',
  vehicles: 'Vehicles',
  noVehicles: 'No vehicles.',
  bookings: 'Bookings',
  noBookings: 'No website bookings.',
  callBack: 'Call-back request (no date yet)',
  note: (note: string) => `Note: ${note}`,
  plans: 'Plans',
  noPlans: 'No plans.',
  plan: { weekly: 'Weekly', biweekly: 'Every two weeks', monthly: 'Monthly' } as Readonly<
    Record<string, string>
  >,
  planStatus: { active: 'Active', cancelled: 'Cancelled' } as Readonly<Record<string, string>>,
  planSince: (date: string) => `since ${date}`,
  points: 'Points',
  balance: (points: string) => `Balance: ${points} points`,
  noTransactions: 'No loyalty transactions.',
  columns: { date: 'Date', type: 'Type', points: 'Points', reason: 'Reason' },
  noReason: '—',
} as const;

export const adjustTexts = {
  title: 'Adjust points',
  intro:
    'The customer sees the adjustment and its reason in their loyalty history. A balance never goes below zero.',
  points: 'Points',
  pointsHelp: 'A whole number; put a minus sign in front to take points away.',
  pointsInvalid: 'Enter a whole number other than 0 (for example 150 or -150).',
  reason: 'Reason (the customer sees it)',
  reasonRequired: 'Enter a reason.',
  reasonTooLong: (max: number) => `At most ${max} characters.`,
  adds: (points: string) => `Adds ${points} points.`,
  takes: (points: string) => `Takes away ${points} points.`,
  submit: 'Save adjustment',
  saving: 'Saving…',
  saved: (points: string, balance: string) =>
    `Saved: ${points} points. The balance is now ${balance} points.`,
  failed: 'The adjustment was not saved.',
  offline: 'The adjustment was not saved: the server could not be reached. Please try again.',
} as const;

export const numbersTexts = {
  title: 'Numbers',
  intro: 'This month against the last, by the calendar of New York (America/New_York).',
  loading: 'Loading the numbers',
  error: 'The numbers could not be loaded.',
  chartTitle: 'Requests and jobs',
  revenueTitle: 'Revenue',
  tableCaption: (last: string, current: string) => `${last} and ${current}`,
  figure: 'Figure',
  figures: {
    requests: 'Requests',
    jobsDone: 'Jobs done',
    completedRequests: 'Requests that became completed jobs',
    revenue: 'Revenue',
  },
  change: 'Change',
  /** The groups of the requests-and-jobs chart, short enough for a phone. */
  chartLabels: { requests: 'Requests', jobsDone: 'Jobs done', completedRequests: 'Became jobs' },
  definitions: [
    'Requests: quote requests sent on the website in the month.',
    'Jobs done: bookings marked completed in the month.',
    'Revenue: the total price of the jobs done in the month.',
    'Requests that became completed jobs ("Became jobs" in the chart): the month\'s requests that are completed now.',
  ],
} as const;
