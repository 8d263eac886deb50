/** Completing a job (docs/product.md, the owner console): the server's rule and the console's. */

/** How long after completing a job the owner may take it back. */
export const UNDO_COMPLETION_MS = 10 * 60_000;

/** How long the customer's "done" e-mail waits for the owner to say the pictures are in. */
export const DONE_MAIL_DELAY_MS = 30 * 60_000;
