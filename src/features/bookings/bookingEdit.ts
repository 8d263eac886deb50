/**
 * The booking edit form (docs/product.md §5 booking edit): a native date input (from today), the
 * chosen day's free times (as the quote wizard lists them), vehicle type and vehicle; the total follows the price list. Pure helpers between a
 * booking, the form and the PUT body.
 */
import { dayKey } from '../../../domain/dates';
import { dayjs } from '../../../domain/dayjs';
import { timeZone } from '../../../domain/serviceArea';
import { isVehicleType, PREMIUM_PACKAGE, quoteTotal } from '../../../domain/pricing';
import type { Offer } from '../../../domain/offer';
import { errorMessage, isApiError } from '../../api/errors';
import { scheduleMessages } from '../../lib/scheduleMessages';
import type { WebsiteBooking } from '../../api/normalize';
import type { useUpdateBookingMutation } from '../../api/endpoints';

type UpdateArg = Parameters<ReturnType<typeof useUpdateBookingMutation>[0]>[0];
export type BookingUpdate = UpdateArg['bookingUpdate'];

export interface BookingDraft {
  /** YYYY-MM-DD (native date input) */
  date: string;
  /** HH:mm (the value of the chosen time) */
  time: string;
  vehicleType: string;
  vehicle: string;
}

const TIME_FORMATS = ['h:mm A', 'h:mmA', 'H:mm', 'HH:mm', 'h A', 'hA'];

/** "4:00 PM" or "16:00" as a native time input value ("16:00"); '' when unreadable. */
export function toTimeInput(time: string): string {
  const parsed = dayjs(time.trim().toUpperCase(), TIME_FORMATS, true);
  return parsed.isValid() ? parsed.format('HH:mm') : '';
}

/** A time value ("16:00") as the bookings' own format ("4:00 PM"). */
export function fromTimeInput(value: string): string {
  const parsed = dayjs(value, ['HH:mm', 'H:mm'], true);
  return parsed.isValid() ? parsed.format('h:mm A') : value;
}

/** The form's first values; `vehicleText` is what the table shows for the vehicle. */
export function draftFromBooking(booking: WebsiteBooking, vehicleText: string): BookingDraft {
  const instant = booking.startsAt ? new Date(booking.startsAt) : null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(booking.date)
    ? booking.date
    : instant
      ? dayKey(instant)
      : '';
  const time =
    toTimeInput(booking.time) || (instant ? dayjs(instant).tz(timeZone).format('HH:mm') : '');
  return {
    date,
    time,
    vehicleType: isVehicleType(booking.vehicleType) ? booking.vehicleType : '',
    vehicle: vehicleText,
  };
}

/**
 * The booking's total with the form's vehicle type, as the server stores it (openapi.yaml, PUT
 * /bookings/{id}): the stored total while the type stays; for another type, the offer's price of
 * the add-ons the customer chose (none kept from a Premium Package, which included them all), or
 * of every add-on for the Premium Package. `offer` is the published one (usePublishedOffer).
 */
export function editedTotal(
  draft: Pick<BookingDraft, 'vehicleType'>,
  booking: WebsiteBooking,
  offer: Offer,
) {
  if (draft.vehicleType === booking.vehicleType) return booking.totalPrice;
  const chosen = booking.vehicleType === PREMIUM_PACKAGE ? [] : booking.selectedAddons;
  return quoteTotal(offer, draft.vehicleType, chosen);
}

/**
 * The PUT /bookings/{id} body (docs/product.md §7), or null while the form cannot be saved. A vehicle
 * left as shown keeps its stored vehicle id, so the booking stays linked to that vehicle.
 */
export function updateBody(
  draft: BookingDraft,
  booking: WebsiteBooking,
  vehicleText: string,
  offer: Offer,
): BookingUpdate | null {
  if (!draft.date || !draft.time || !isVehicleType(draft.vehicleType)) return null;
  const vehicle = draft.vehicle.trim();
  const keepId = booking.vehicle.vehicleId !== '' && vehicle === vehicleText.trim();
  return {
    date: draft.date,
    time: fromTimeInput(draft.time),
    vehicleType: draft.vehicleType,
    vehicle: keepId ? booking.vehicle.vehicleId : vehicle,
    totalPrice: editedTotal(draft, booking, offer),
  };
}

/**
 * What a failed save tells the customer (docs/product.md §8 bookings): the server's refusal of a
 * past date in the date rule's words, of a time never offered (or already past) as such, its other refusals of a field (`body/…`, which name the
 * request, not the screen) as `fallback`, anything else as every screen shows it (errorMessage).
 */
export function updateFailureMessage(error: unknown, fallback: string): string {
  const refused = isApiError(error) && error.kind === 'http' && error.status === 400;
  if (refused && error.serverMessage.startsWith('body/date')) return scheduleMessages.datePast;
  if (refused && error.serverMessage.startsWith('body/time')) {
    if (error.serverMessage.includes('is not a time we offer'))
      return scheduleMessages.timeNotOffered;
    if (error.serverMessage.includes('has already passed')) return scheduleMessages.timePast;
  }
  if (refused && error.serverMessage.startsWith('body/')) return fallback;
  return errorMessage(error, fallback);
}

/**
 * The edit row's time choices (HH:mm values, as bookings write them for labels): the day's free
 * times as the server answered them (leaving this booking out), the booking's own time on its
 * own day (kept even when the owner's hours no longer offer it: keeping its time is never
 * refused), and the time chosen, so that what was chosen stays shown after a refusal; in order.
 */
export function timeChoices(
  free: readonly string[] | undefined,
  draft: Pick<BookingDraft, 'date' | 'time'>,
  own: { date: string; time: string },
): { value: string; label: string }[] {
  const values = new Set((free ?? []).map(toTimeInput).filter(Boolean));
  if (draft.date === own.date && own.time) values.add(own.time);
  if (draft.time) values.add(draft.time);
  return [...values].sort().map((value) => ({ value, label: fromTimeInput(value) }));
}
