/** docs/product.md §5 and §8: the messages of the Account Profile screen. */
export const PROFILE_LOAD_FAILED = 'Failed to load profile.';
/** The Your Profile form's fallback when the server gives no message. */
export const PROFILE_SAVE_FAILED = 'Failed to save profile';
export const PROFILE_SAVED = 'Profile saved successfully';
/** The account screen's own name and phone edit. */
export const ACCOUNT_NAME_EMPTY = 'Name cannot be empty.';
export const ACCOUNT_SAVE_FAILED = 'Failed to save profile.';
