/** The dashboard overview's texts (docs/product.md, the dashboard and its messages). */
export const dashboardTexts = {
  title: 'Dashboard',
  bookService: 'Book a service',
  refresh: 'Refresh',
  refreshing: 'Refreshing...',
  loading: 'Loading dashboard...',
  /** Summary cards. */
  vehicles: 'Vehicles',
  totalBookings: 'Total Bookings',
  loyaltyPoints: 'Loyalty Points',
  upcomingTitle: 'Upcoming Appointments',
  noUpcoming: 'No upcoming appointments.',
  modifyBooking: 'Modify Booking',
  addToCalendar: 'Add to calendar',
  loyaltyTitle: 'Loyalty Program',
  subscriptionTitle: 'Subscription',
  noActivePlan: 'No active plan.',
  subscribe: 'Subscribe',
  /** The requests sent with the customer's e-mail that wait for "This was me" or "Not mine". */
  claimableWaiting: (count: number) =>
    count === 1
      ? '1 quote request sent with your e-mail is waiting for your answer.'
      : `${count} quote requests sent with your e-mail are waiting for your answer.`,
  answerClaimable: 'Answer in My Bookings',
} as const;

/** A source failed to load. */
export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data.';
/** The sources loaded but their figures could not be prepared. */
export const DASHBOARD_PREPARE_FAILED = 'Error loading dashboard data.';
