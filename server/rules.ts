/** Settings of the reference server only; the business rules it shares with the app are in domain/. */
/** Signed picture URLs work for this long. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;

/** The largest picture the owner may upload. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/**
 * The largest upload request: the picture, its description and the multipart boundaries. A proxy
 * in front of the API must take bodies this large (scripts/lib/nginx.ts: `client_max_body_size`).
 */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
