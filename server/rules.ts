/** Settings of the reference server only; the business rules it shares with the app are in domain/. */
/** Signed picture URLs work for this long. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
