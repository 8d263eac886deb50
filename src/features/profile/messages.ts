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

// Texts from us (docs/product.md §12).
export const TEXT_CHOICES_TITLE = 'Texts from us';
export const TEXT_REMINDERS_LABEL = 'Text reminders';
export const TEXT_REMINDERS_HELP =
  'A text at 6 PM the evening before an appointment, with its day, time and address.';
export const TEXT_UPDATES_LABEL = 'Text booking updates';
export const TEXT_UPDATES_HELP = 'A text when an appointment is booked, moved, cancelled or done.';
export const TEXT_NEED_MOBILE =
  'Save a mobile number in Your Profile first: texts go only to a number you confirm.';
export const TEXT_SEND_CODE = 'Text me a code';
export const TEXT_CODE_LABEL = 'Code from the text';
export const TEXT_CONFIRM = 'Confirm number';
export const TEXT_CODE_SENT = (number: string) =>
  `We texted a 6-digit code to ${number}. Enter it below within 10 minutes.`;
export const TEXT_CODE_INVALID = 'Enter the 6 digits of the code.';
export const TEXT_NUMBER_CONFIRMED = 'Number confirmed';
export const TEXT_GOES_TO = (number: string) => `Texts go to ${number}.`;
export const TEXT_STOPPED = (number: string) =>
  `${number} texted STOP, so we send it nothing. Turning a text on here starts them again.`;
export const TEXT_CHOICES_SAVED = 'Text preferences saved';
export const TEXT_CHOICES_FAILED = 'Failed to save your text preferences.';
export const TEXT_CODE_FAILED = 'We could not text a code. Please try again.';
