/** docs/product.md §9: timing constants, in milliseconds. */
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;
export const SLIDESHOW_INTERVAL_MS = 3_000;
export const SLIDESHOW_TRANSITION_MS = 700;
export const QUOTE_CONFIRMATION_MS = 5_000;
export const RESET_REDIRECT_MS = 2_500;
/** How long a /#section link waits for its section to render (its code may arrive late). */
export const SECTION_WAIT_MS = 15_000;
/** A quote draft (name, phone, e-mail, notes) older than this is discarded (docs/product.md §4). */
export const QUOTE_DRAFT_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
