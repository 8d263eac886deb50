/**
 * A customer's own change to a booking (moved, edited or cancelled from My Bookings), as the
 * owner is told of it: the mark on the console's inbox, route and customer page, and the owner's
 * e-mail. One sentence for both, in the business's words; the vehicle is the one the owner's
 * screens and e-mails show already.
 */
import type { components } from './contract/schema.generated';
import { appointmentText } from './dates';

export type CustomerChange = components['schemas']['CustomerChange'];
export type CustomerChangeSide = components['schemas']['CustomerChangeSide'];

/** The appointment of one side, or what stands for none. */
const when = (side: CustomerChangeSide) => appointmentText(side) || 'no date';

/** What changed besides the appointment: the vehicle type and the vehicle, in words. */
function vehicleChanges({ from, to }: CustomerChange): string[] {
  const changes: string[] = [];
  if (from.vehicleType !== to.vehicleType)
    changes.push(`changed the vehicle type from ${from.vehicleType} to ${to.vehicleType}`);
  if (from.vehicle !== to.vehicle)
    changes.push(`changed the vehicle from “${from.vehicle}” to “${to.vehicle}”`);
  return changes;
}

/**
 * `Customer moved this from Sat, Dec 5, 2026 at 10:00 AM to Mon, Dec 7, 2026 at 4:00 PM`,
 * `Customer changed the vehicle type from SUV to Sedan`, `Customer cancelled this (it was on …)`.
 */
export function customerChangeText(change: CustomerChange): string {
  if (change.kind === 'cancelled') {
    // The appointment it had when cancelled (after any move the owner has not seen).
    const was = appointmentText(change.to);
    return was ? `Customer cancelled this (it was on ${was})` : 'Customer cancelled this';
  }
  const parts = [
    ...(change.kind === 'moved'
      ? [`moved this from ${when(change.from)} to ${when(change.to)}`]
      : []),
    ...vehicleChanges(change),
  ];
  return `Customer ${parts.join(' and ')}`;
}

/** The kind of change a customer's save is, or null when it changed nothing the owner sees. */
export function changeKind(from: CustomerChangeSide, to: CustomerChangeSide) {
  if (from.date !== to.date || from.time !== to.time) return 'moved' as const;
  if (from.vehicleType !== to.vehicleType || from.vehicle !== to.vehicle) return 'edited' as const;
  return null;
}
