/**
 * The events a booking emits, as far as e-mail is concerned. The bookings' changes (./bookings.ts)
 * and the reminder scan (../mail/worker.ts) hand them to the outbox (`enqueueBookingEvent`,
 * ../mail/outbox.ts), which writes the messages each one causes in the same transaction; a new
 * kind of event is a compile error there until it has its case.
 */

/** Who changed (moved or cancelled) a booking. */
export type ChangedBy = 'customer' | 'business';
/** Who cancelled a booking. */
export type CancelledBy = ChangedBy;

/** Who gets a completed booking's points. */
export interface Credit {
  /** The booking's account was credited. */
  credited: boolean;
  /** An account has the booking's address (it can claim the request); false: a visitor. */
  account: boolean;
}

/** What happened to a booking. */
export type BookingEvent =
  /** A quote request was accepted: the owner's e-mail and the customer's confirmation. */
  | { kind: 'quote'; signedIn: boolean }
  | ({ kind: 'completed'; points: number } & Credit)
  | { kind: 'cancelled'; by: CancelledBy }
  /** The owner set the appointment for the first time. */
  | { kind: 'booked' }
  /** The date or time changed after that, by the owner or by the customer. */
  | { kind: 'rescheduled'; by: ChangedBy }
  | { kind: 'reminder' };
