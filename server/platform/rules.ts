/** Settings of the reference server only; the business rules it shares with the app are in domain/. */
/** Signed picture URLs work for this long. */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;

/** The largest picture the owner may upload. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/**
 * The largest upload request: the picture, its description and the multipart boundaries. A proxy
 * in front of the API must take bodies this large (scripts/local-stack/nginx.ts: `client_max_body_size`).
 */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_PICTURE_BYTES + 64 * 1024;

/**
 * What the business's e-mail allows itself (server/mail/outbox.ts), so that it cannot be used to send
 * a stranger's text, or many e-mails, to anyone (docs/product.md §8, server/README.md).
 */
export const MAIL_LIMITS = {
  /** At most one quote confirmation per this period to an address no account has verified. */
  unverifiedConfirmationEveryMs: 24 * 60 * 60 * 1000,
  /** At most one status e-mail per booking per this period (later changes wait and coalesce). */
  statusEveryMs: 10 * 60 * 1000,
} as const;

/**
 * When more than `threshold` quote requests arrive within `windowMs`, the owner gets one digest
 * e-mail, sent `windowMs` after it opened, instead of one e-mail per request.
 */
export const OWNER_DIGEST = { threshold: 20, windowMs: 60 * 60 * 1000 } as const;

/** A customer's changes to their bookings (PUT and DELETE /bookings/{id}), per customer. */
export const BOOKING_CHANGE_RATE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;

/**
 * What a visitor's quote request (sent without signing in: anyone can type any name and e-mail)
 * may hold of the calendar (docs/product.md §5, "Holds"). A request without a time holds nothing.
 * A visitor's request with a time holds it only while every bound below allows, and only for
 * `lapseHours` unless the owner confirms it (schedules it) first; beyond a bound it is stored and
 * reaches the owner like any other, and its time stays offered to others until the owner answers.
 */
export const ANONYMOUS_HOLDS = {
  /** Times one e-mail address (any case) may hold at once. */
  perEmail: 2,
  /** Of a day's most jobs (the owner's rules), the share visitors' requests may hold together (at least one job). */
  dayShare: 0.5,
  /** Times all visitors' requests may hold at once, across the whole calendar. */
  total: 20,
  /** Hours a visitor's held time stays held while the owner has not confirmed it (the reply is promised within 24). */
  lapseHours: 48,
} as const;

/**
 * An e-mail still waiting this many minutes after it was queued is late: a problem of
 * `GET /health/ready` (./readiness.ts) and, in production, of the OutboxBackingUp alarm
 * (infra/lib/serverBoot.ts).
 */
export const OUTBOX_LATE_MINUTES = 30;
