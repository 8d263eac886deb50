/** Texts of the authentication screens, exactly as docs/product.md §2, §5 and §8 give them. */
export const AUTH_TEXT = {
  checkingStatus: 'Checking authentication status...',
  checkingGuard: 'Checking authentication…',
  invalidEmail: 'Please enter a valid email address.',
  mfaCodeRequired: 'Please enter the verification code from your authenticator app.',
  loginFailed: 'Login failed. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match.',
  signupSuccess: 'Account created! Please check your email to confirm.',
  signupFailed: 'Signup failed. Please try again.',
  codeRequired: 'Please enter the verification code.',
  weakPassword:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
  passwordRuleHint:
    'At least 8 characters, with upper and lower case letters, a number and a special character.',
  resetSuccess: 'Password reset successful! You can now log in.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  rememberedPassword: 'Remembered your password?',
  sendResetCode: 'Send Reset Code',
  resetPassword: 'Reset Password',
  continueWithGoogle: 'Continue with Google',
  signUpWithGoogle: 'Sign up with Google',
  googleUnavailable: 'Google sign-in is not set up for this site yet. Please use your email.',
  callbackLoading: 'Loading',
  callbackCompleting: 'Completing sign-in',
  missingCode: 'Missing authorization code in callback URL.',
  callbackFailed: 'Authentication failed. Please try again.',
  // Sign-in steps after the password (docs/product.md §5, §7).
  twoStepHeading: 'Two-step verification',
  rememberDevice: 'Remember this device',
  chooseMethod: 'Choose how to get your verification code.',
  setUpTwoStepHeading: 'Set up two-step verification',
  chooseSetupMethod: 'Your account needs a second sign-in step. Choose how you will verify.',
  methodRequired: 'Please choose a method.',
  totpSetupHeading: 'Set up your authenticator app',
  totpSetupInstruction:
    'Scan the QR code with your authenticator app, or enter the setup key by hand. Then enter the 6-digit code the app shows.',
  setupKey: 'Setup key',
  qrCodeAlt: 'QR code for your authenticator app',
  emailSetupHeading: 'Set up email verification',
  emailSetupInstruction: 'Enter the email address where we should send your sign-in codes.',
  newPasswordHeading: 'Choose a new password',
  newPasswordInstruction: 'Your account needs a new password before you can sign in.',
  resetRequired:
    'Your password must be reset before you can sign in. Use "Forgot your password?" below.',
} as const;

/** How each second factor is named where the customer chooses one. */
export const MFA_METHOD_LABELS = {
  sms: 'Text message (SMS)',
  totp: 'Authenticator app',
  email: 'Email',
} as const;

/** What the code step asks for, by method. */
export function mfaInstruction(method: keyof typeof MFA_METHOD_LABELS, destination?: string) {
  if (method === 'totp') return 'Enter the 6-digit code from your authenticator app.';
  if (method === 'sms')
    return `Enter the 6-digit code we sent by text to ${destination || 'your phone'}.`;
  return `Enter the 6-digit code we sent to ${destination || 'your email'}.`;
}

/** Texts of the account security page (docs/product.md §7 identity provider actions). */
export const SECURITY_TEXT = {
  title: 'Account Security',
  changePasswordHeading: 'Change password',
  passwordChanged: 'Your password has been changed.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',
  twoStepHeading: 'Two-step verification',
  twoStepIntro: 'Ask for a code as well as your password when you sign in.',
  loadFailed: 'Your sign-in settings could not be loaded. Please try again.',
  totpOn: 'Authenticator app is on.',
  totpOff: 'Authenticator app is off.',
  smsOn: 'Text message codes are on.',
  smsOff: 'Text message codes are off.',
  smsNeedsPhone: 'Text message codes need a phone number on your sign-in account.',
  phoneUnconfirmed: 'Confirm your phone number to use text message codes.',
  phoneShown: (phone: string) => `Phone number: ${phone}`,
  phoneCodeSent: (destination: string) =>
    `Enter the code we sent to ${destination} to confirm your phone number.`,
  phoneCodeResent: 'We sent a new code.',
  phoneConfirmed: 'Your phone number is confirmed.',
  phoneInvalid: 'Enter a valid phone number.',
  phoneFailed: 'Your phone number could not be saved. Please try again.',
  mfaFailed: 'Your two-step verification could not be changed. Please try again.',
  devicesHeading: 'Remembered devices',
  devicesIntro: 'These devices are not asked for a verification code when you log in.',
  noDevices: 'No device is remembered.',
  devicesLoadFailed: 'Your remembered devices could not be loaded. Please try again.',
  deviceLastUsed: (date: string) => `Last used ${date}`,
  deviceForgotten: (label: string) => `${label} is forgotten: it will be asked for a code again.`,
  deviceForgetFailed: 'The device could not be forgotten. Please try again.',
  signOutHeading: 'Sign out of all devices',
  signOutIntro:
    'Ends every session of your account on every device, including this one, and forgets every remembered device. You will need to log in again.',
  signOutFailed: 'The other devices could not be signed out. Please try again.',
  signOutOffer:
    'Other devices signed in to your account stay signed in. Sign out of all devices to end their sessions too (you will log in again here with your new password).',
  totpOffInstruction: 'Enter a current code from your authenticator app to turn it off.',
} as const;
