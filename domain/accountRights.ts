/** The rules of a customer's rights over their account, shared by the app and the server. */

/** A deletion needs a sign-in of at most this many seconds ago (the access token's auth_time). */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;

/** One data download per account per this many milliseconds. */
export const EXPORT_INTERVAL_MS = 60 * 1000;
