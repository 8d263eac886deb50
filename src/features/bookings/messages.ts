/**
 * The bookings feature's user-facing texts (docs/product.md §2, §4 booking actions, §6): the
 * screens and their tests read them from here.
 */
import { CLAIMABLE_REQUESTS_TITLE } from '../../lib/claimTexts';
import { scheduleMessages } from '../../lib/scheduleMessages';

export const bookingsMessages = {
  loading: 'Loading bookings...',
  /** A Booked request the owner has not scheduled yet (its stored status stays Booked). */
  awaitingConfirmation: 'Requested: waiting for confirmation',
  websiteFailed: 'Failed to fetch website bookings',
  calendlyFailed: 'Failed to fetch Calendly bookings',
  historyFailed: 'Failed to load booking history',
  tryAgain: 'Try again',
  calendlyNote:
    'These bookings were created in Calendly, our external scheduling service, and must be rescheduled or cancelled there.',
  noWebsiteBookings: 'No bookings yet.',
  bookService: 'Click here to book a service!',
  noCalendlyBookings: 'No Calendly bookings found.',
  cancelled: 'Booking cancelled successfully',
  updated: 'Booking updated successfully',
  cancelFailed: 'Failed to cancel booking',
  updateFailed: 'Failed to update booking',
  cancelTitle: 'Cancel booking',
  cancelConfirmation: 'Are you sure you want to cancel this booking?',
  confirmCancel: 'Yes, cancel booking',
  keepBooking: 'Keep booking',
  processing: 'Processing...',
  edit: 'Edit',
  save: 'Save',
  /** Cancels the booking (Booked rows), or closes the edit form (the row being edited). */
  cancel: 'Cancel',
  /** The edit row's fields. */
  fields: {
    date: 'Date',
    time: 'Time',
    vehicleType: 'Vehicle type',
    vehicle: 'Vehicle',
    total: 'Total',
  },
  /** The edit row's time list: the chosen day's free times (as the quote wizard's). */
  chooseTime: scheduleMessages.chooseTime,
  timeNotOffered: scheduleMessages.timeNotOffered,
  /** Under the edit row's total, which follows the vehicle type (docs/product.md §2). */
  priceFromList: 'From our price list',
  /** A Completed or Cancelled website booking opens the quote wizard with its choices. */
  bookAgain: 'Book again',
} as const;

/** Texts of the "Requests sent with your e-mail" panel (docs/product.md §6). */
export const claimMessages = {
  title: CLAIMABLE_REQUESTS_TITLE,
  intro:
    'These quote requests were sent from our website with your e-mail address while nobody was signed in. Anyone can type an e-mail address, so tell us which ones were yours.',
  mine: 'This was me',
  notMine: 'Not mine',
  claimed: 'The request was added to your bookings',
  dismissed: 'The request will not be shown again',
  failed: 'Failed to save your answer',
  /** Asked on "This was me" when the profile has empty fields the request can fill. */
  fillTitle: 'Use these for your profile?',
  /** `fields`: what the profile lacks, e.g. `phone and service address`. */
  fillMessage: (fields: string) =>
    `Your profile has no ${fields} yet. This request's can fill them in; nothing you have filled in changes. The request is added to your bookings either way.`,
  fill: 'Use these',
  noFill: 'Not now',
  fieldName: 'name',
  fieldPhone: 'phone',
  fieldAddress: 'service address',
} as const;
