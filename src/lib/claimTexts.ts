/**
 * The name of the quote requests sent with the customer's e-mail that they have not answered yet
 * (docs/product.md, My Bookings): My Bookings lists them to answer; the dashboard overview points
 * there.
 */
export const CLAIMABLE_REQUESTS_TITLE = 'Requests sent with your e-mail';
