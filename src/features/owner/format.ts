/** How the owner console writes dates, times, vehicles and addresses (America/New_York). */
import { dayjs } from '../../../domain/dayjs';
import { timeZone } from '../../../domain/serviceArea';
import { errorMessage, NETWORK_ERROR_MESSAGE } from '../../api/errors';
import type { Address, OwnerBooking } from './api/generated';
import { OWNER_TEXT } from './texts';

/** Today's date (YYYY-MM-DD) in New York. */
export const todayInNewYork = (now: Date = new Date()): string =>
  dayjs(now).tz(timeZone).format('YYYY-MM-DD');

/** A time input's `HH:mm` as the bookings store it (`10:00 AM`), or '' when it is none. */
export function toBookingTime(value: string): string {
  const parsed = dayjs(value, 'HH:mm', true);
  return parsed.isValid() ? parsed.format('h:mm A') : '';
}

/** A booking's time (`4:00 PM` or `16:00`) as a time input's `HH:mm`, or ''. */
export function toInputTime(value: string | undefined): string {
  const parsed = dayjs(value ?? '', ['h:mm A', 'HH:mm'], true);
  return parsed.isValid() ? parsed.format('HH:mm') : '';
}

/** `Fri, Nov 27, 2026` for a `YYYY-MM-DD`. */
export function dayText(date: string): string {
  const parsed = dayjs(date, 'YYYY-MM-DD', true);
  return parsed.isValid() ? parsed.format('ddd, MMM D, YYYY') : date;
}

/** `Fri, Nov 27, 2026 at 10:00 AM`, or '' when the booking has no date. */
export function appointmentText(booking: Pick<OwnerBooking, 'date' | 'time'>): string {
  if (!booking.date) return '';
  return booking.time ? `${dayText(booking.date)} at ${booking.time}` : dayText(booking.date);
}

/** When a request arrived, in New York time. */
export const receivedText = (createdAt: string): string =>
  dayjs(createdAt).tz(timeZone).format('MMM D, YYYY h:mm A');

export function vehicleText(vehicle: OwnerBooking['vehicle']): string {
  if (typeof vehicle === 'string') return vehicle;
  const plate = vehicle.licensePlate ? ` (${vehicle.licensePlate})` : '';
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}${plate}`;
}

export function addressText(address: Address): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.zip}`;
}

/** A map search for the address (opens the phone's map app where it has one). */
export const mapUrl = (address: Address): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressText(address))}`;

/** A call's error in words: the server's message, or what the screen says it failed to do. */
export const failure = (error: unknown, fallback: string): string => {
  const message = errorMessage(error, fallback);
  return message === NETWORK_ERROR_MESSAGE ? OWNER_TEXT.networkError : message;
};

/** The phone number for a tel: link (digits and a leading +). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A request's page in the console. */
export const requestPath = (bookingId: string): string =>
  `/owner/requests/${encodeURIComponent(bookingId)}`;
