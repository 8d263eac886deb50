/** docs/product.md §5 and §8: the messages of the Account Profile screen. */
export const PROFILE_LOAD_FAILED = 'Failed to load profile.';
/** The Your Profile form's fallback when the server gives no message. */
export const PROFILE_SAVE_FAILED = 'Failed to save profile';
export const PROFILE_SAVED = 'Profile saved successfully';
/** The account screen's own name and phone edit. */
export const ACCOUNT_NAME_EMPTY = 'Name cannot be empty.';
export const ACCOUNT_SAVE_FAILED = 'Failed to save profile.';
/** The e-mail choices' panel (docs/product.md, E-mail). */
export const EMAIL_CHOICES_TITLE = 'E-mail from us';
export const EMAIL_REMINDERS_LABEL = 'Appointment reminders';
export const EMAIL_REMINDERS_HELP =
  'An e-mail the evening before an appointment that has a date and time.';
export const EMAIL_UPDATES_LABEL = 'Booking updates';
export const EMAIL_UPDATES_HELP =
  'A short e-mail when a booking is completed, cancelled or rescheduled.';
export const EMAIL_CONFIRMATION_NOTE =
  'We always e-mail you a confirmation when you send a quote request.';
export const EMAIL_CHOICES_SAVED = 'E-mail preferences saved';
export const EMAIL_CHOICES_FAILED = 'Failed to save your e-mail preferences.';
export const EMAIL_CHOICES_NEED_NAME = 'Save your name in Account Details first.';
