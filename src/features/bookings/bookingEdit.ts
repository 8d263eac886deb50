/**
 * The booking edit form (docs/product.md §5 booking edit): native date and time inputs, vehicle type,
 * vehicle and a total of at least 0. Pure helpers between a booking, the form and the PUT body.
 */
import { dayKey } from '../../../domain/dates';
import { dayjs } from '../../../domain/dayjs';
import { timeZone } from '../../../domain/serviceArea';
import { isVehicleType } from '../../../domain/pricing';
import type { WebsiteBooking } from '../../api/normalize';
import type { useUpdateBookingMutation } from '../../api/endpoints';

type UpdateArg = Parameters<ReturnType<typeof useUpdateBookingMutation>[0]>[0];
export type BookingUpdate = UpdateArg['bookingUpdate'];

export interface BookingDraft {
  /** YYYY-MM-DD (native date input) */
  date: string;
  /** HH:mm (native time input) */
  time: string;
  vehicleType: string;
  vehicle: string;
  /** As typed; a number of at least 0 to be saved. */
  totalPrice: string;
}

const TIME_FORMATS = ['h:mm A', 'h:mmA', 'H:mm', 'HH:mm', 'h A', 'hA'];

/** "4:00 PM" or "16:00" as a native time input value ("16:00"); '' when unreadable. */
export function toTimeInput(time: string): string {
  const parsed = dayjs(time.trim().toUpperCase(), TIME_FORMATS, true);
  return parsed.isValid() ? parsed.format('HH:mm') : '';
}

/** A native time input value ("16:00") as the bookings' own format ("4:00 PM"). */
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
    totalPrice: String(booking.totalPrice),
  };
}

/** The total as a number when it is a valid price (a number, at least 0). */
export function parseTotal(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The PUT /bookings/{id} body (docs/product.md §7), or null while the form cannot be saved. A vehicle
 * left as shown keeps its stored vehicle id, so the booking stays linked to that vehicle.
 */
export function updateBody(
  draft: BookingDraft,
  booking: WebsiteBooking,
  vehicleText: string,
): BookingUpdate | null {
  const totalPrice = parseTotal(draft.totalPrice);
  if (totalPrice === null || !draft.date || !draft.time || !isVehicleType(draft.vehicleType))
    return null;
  const vehicle = draft.vehicle.trim();
  const keepId = booking.vehicle.vehicleId !== '' && vehicle === vehicleText.trim();
  return {
    date: draft.date,
    time: fromTimeInput(draft.time),
    vehicleType: draft.vehicleType,
    vehicle: keepId ? booking.vehicle.vehicleId : vehicle,
    totalPrice,
  };
}
