/**
 * "Book again" (docs/product.md, My Bookings): a past website booking opens the home page's
 * quote wizard at the booking step with the same vehicle type, add-ons and vehicle. My Bookings
 * navigates to QUOTE_SECTION_PATH with bookAgainState(...); the wizard reads it back with
 * bookAgainFrom (and checks the names against today's price list itself).
 */

/** The home page's booking section, where the quote wizard lives. */
export const QUOTE_SECTION_PATH = '/#booking';
/** My Bookings in the customer portal. */
export const MY_BOOKINGS_PATH = '/dashboard/bookings';

export interface BookAgain {
  vehicleType: string;
  selectedAddons: readonly string[];
  vehicle: string;
}

export const bookAgainState = (bookAgain: BookAgain) => ({ bookAgain });

/** The request a navigation's state carries, or null when there is none (or it is malformed). */
export function bookAgainFrom(state: unknown): BookAgain | null {
  if (!state || typeof state !== 'object') return null;
  const value = (state as { bookAgain?: unknown }).bookAgain;
  if (!value || typeof value !== 'object') return null;
  const { vehicleType, selectedAddons, vehicle } = value as Record<string, unknown>;
  if (typeof vehicleType !== 'string') return null;
  return {
    vehicleType,
    selectedAddons: Array.isArray(selectedAddons)
      ? selectedAddons.filter((a): a is string => typeof a === 'string')
      : [],
    vehicle: typeof vehicle === 'string' ? vehicle : '',
  };
}
