/**
 * Every text message the product sends, in one place (docs/product.md "Texts"). Each is built
 * from the business's own words, its configured name and phone, and the booking's day and time
 * as the business set them: nothing a sender typed goes into a text, except the service address
 * of a reminder to the confirmed number of the account that holds the booking (its own).
 */
import type { Booking, TextKind } from '../../domain/contract/types';
import { addressText } from '../../domain/address';
import { calendarDayText } from '../../domain/dates';
import type { BusinessIdentity } from '../platform/config';

/** Every text ends so: how to stop them. */
const STOP_LINE = 'Reply STOP to opt out.';

/** "Saturday, May 2, 2026 at 10:00 AM", or "your requested day" when the booking has none. */
const when = (booking: Pick<Booking, 'date' | 'time'>) =>
  booking.date
    ? `${calendarDayText(booking.date, 'long')}${booking.time ? ` at ${booking.time}` : ''}`
    : 'a day we will agree on';

export const textWording = {
  reminder: (
    business: BusinessIdentity,
    booking: Pick<Booking, 'date' | 'time' | 'serviceAddress'>,
    ownAddress: boolean,
  ) =>
    `${business.name}: a reminder that your detailing is tomorrow, ${when(booking)}, ${
      ownAddress && booking.serviceAddress
        ? `at ${addressText(booking.serviceAddress)}`
        : 'at the address on your request'
    }. Questions? Call ${business.phone}. ${STOP_LINE}`,
  onMyWay: (business: BusinessIdentity, minutes: number) =>
    `${business.name}: we are on our way and should arrive in about ${minutes} minutes. ${STOP_LINE}`,
  booked: (business: BusinessIdentity, booking: Pick<Booking, 'date' | 'time'>) =>
    `${business.name}: your detailing is booked for ${when(booking)}. Questions? Call ${business.phone}. ${STOP_LINE}`,
  rescheduled: (business: BusinessIdentity, booking: Pick<Booking, 'date' | 'time'>) =>
    `${business.name}: your detailing has a new time: ${when(booking)}. Questions? Call ${business.phone}. ${STOP_LINE}`,
  cancelled: (business: BusinessIdentity, booking: Pick<Booking, 'date' | 'time'>) =>
    `${business.name}: your detailing of ${when(booking)} is cancelled. To book again, call ${business.phone}. ${STOP_LINE}`,
  completed: (business: BusinessIdentity) =>
    `${business.name}: your detailing is done. Thank you! Questions? Call ${business.phone}. ${STOP_LINE}`,
  help: (business: BusinessIdentity) =>
    `${business.name}: texts about your appointments. Call ${business.phone} or e-mail ${business.email}. Message and data rates may apply. ${STOP_LINE}`,
  stopped: (business: BusinessIdentity) =>
    `${business.name}: you will get no more texts from us. Reply START to get them again.`,
  started: (business: BusinessIdentity) =>
    `${business.name}: texts are on again. Reply HELP for help. ${STOP_LINE}`,
  code: (business: BusinessIdentity, code: string) =>
    `${business.name}: your code to confirm this number for texts is ${code}. It expires in 10 minutes.`,
} as const;

/** Each text's kind, as the owner's console lists it (openapi.yaml OwnerText). */
export type { TextKind };

/** The status texts, coalesced: at most one per booking per TEXT_RULES.statusEveryMs. */
export const STATUS_TEXTS: readonly TextKind[] = [
  'booked',
  'rescheduled',
  'cancelled',
  'completed',
];

/** Texts sent whatever the hour: answers to the customer's own text, "On my way", a code. */
export const ANY_HOUR_TEXTS: readonly TextKind[] = [
  'on-my-way',
  'help',
  'stopped',
  'started',
  'code',
];

/** Texts that go to a number that texted STOP: the answers to its own STOP, HELP and START. */
export const TO_STOPPED_NUMBERS: readonly TextKind[] = ['stopped', 'help', 'started'];
