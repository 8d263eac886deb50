/**
 * How much one account may keep (one token once made 10,000 vehicles in 12 s).
 * Reaching a cap answers 409 with a message saying what to do; nothing is stored.
 */
import type { Db } from '../platform/db';
import { conflict } from '../platform/errors';

export const CAPS = {
  /** Vehicles per account. */
  vehicles: 25,
  /** Active subscription plans per account. */
  activeSubscriptions: 3,
  /** Booked (not yet completed or cancelled) website bookings per account. */
  openBookings: 20,
} as const;

const counts: Record<keyof typeof CAPS, string> = {
  vehicles: 'SELECT COUNT(*) AS n FROM vehicles WHERE user_id = ?',
  activeSubscriptions:
    "SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ? AND status = 'active'",
  openBookings: "SELECT COUNT(*) AS n FROM bookings WHERE user_id = ? AND status = 'Booked'",
};

const messages: Record<keyof typeof CAPS, string> = {
  vehicles: `You can keep at most ${CAPS.vehicles} vehicles; delete one to add another`,
  activeSubscriptions: `You can have at most ${CAPS.activeSubscriptions} active plans; cancel one to start another`,
  openBookings: `You can have at most ${CAPS.openBookings} open bookings; please call us to book more`,
};

/** Throws 409 when the account already holds its cap of `kind`. */
export function assertBelowCap(db: Db, userId: string, kind: keyof typeof CAPS): void {
  const { n } = db.prepare(counts[kind]).get(userId) as { n: number };
  if (n >= CAPS[kind]) throw conflict(messages[kind]);
}
