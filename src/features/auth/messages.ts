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
  resetSuccess: 'Password reset successful! You can now log in.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  rememberedPassword: 'Remembered your password?',
  sendResetCode: 'Send Reset Code',
  resetPassword: 'Reset Password',
  continueWithGoogle: 'Continue with Google',
  signUpWithGoogle: 'Sign up with Google',
  googleUnavailable: 'Google sign-in is not set up for this site yet. Please use your email.',
  missingCode: 'Missing authorization code in callback URL.',
  callbackFailed: 'Authentication failed. Please try again.',
} as const;
