/** The texts of "Download my data" and "Delete my account" on Account Security. */
export const RIGHTS_TEXT = {
  downloadHeading: 'Download my data',
  downloadIntro:
    'One file (JSON) with everything we keep about you: profile, vehicles, bookings, plans, loyalty points (with the reasons of our adjustments), picture descriptions, the notes we wrote about your bookings and your sign-in details.',
  downloadButton: 'Download my data',
  downloading: 'Preparing your file...',
  downloaded: 'Your data has been downloaded as my-data.json.',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  deleteHeading: 'Delete my account',
  deleteIntro:
    'This deletes your profile, vehicles, plans, loyalty points, pictures and sign-in for good. We keep your past bookings for our accounts without your name, e-mail, phone, address or notes. This cannot be undone.',
  emailLabel: 'Type your e-mail to confirm',
  passwordLabel: 'Your password',
  codeLabel: 'Sign-in code',
  deleteButton: 'Delete my account',
  deleting: 'Deleting your account...',
  emailMismatch: 'The e-mail does not match your account.',
  passwordRequired: 'Enter your password.',
  signInFailed: 'Your password could not be checked. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  googleFresh:
    'You signed in with Google. To confirm it is you, sign in with Google again, then delete your account within 10 minutes.',
  googleSignIn: 'Sign in again with Google',
  unsupportedStep:
    'Your account asks for another sign-in step here. Sign out, sign in again, and delete your account within 10 minutes.',
  deleted: 'Your account has been deleted. We are sorry to see you go.',
} as const;
