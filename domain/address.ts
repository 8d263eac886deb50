/**
 * A service address as the owner reads it and finds it on a map, and the ZIP rule of the
 * profile form and the quote wizard (the contract's `Address.zip` pattern says the same).
 */
import type { Address } from './contract/types';
import { serviceState } from './serviceArea';

/**
 * What the owner reads (inbox, request, route, calendar, e-mail) where a request came without a
 * service address: the quote asks for it but does not require it (docs/product.md §4).
 */
export const NO_ADDRESS_TEXT = 'Call to get the address';

/**
 * `12 Oak St, Apt 4, Cary, NC 27511`: a service address on one line, for the customer's pages,
 * the owner console and the e-mails; a part left empty is left out; '' when there is none.
 */
export function addressText(
  address: (Omit<Address, 'line2'> & { line2?: string | null }) | null | undefined,
): string {
  if (!address) return '';
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, stateZip].filter(Boolean).join(', ');
}

/** A map search for the address (opens the phone's map app where it has one). */
export const mapUrl = (address: Address): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressText(address))}`;

/** 5 digits, or 5+4 with a hyphen (docs/product.md §5). */
export function isValidZip(value: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(value.trim());
}

/**
 * Whether a city and state are one of the towns served (the offer's `towns`; case and spaces
 * ignored); an empty state, `NC` or `North Carolina` are the service area's.
 */
export function isInServiceArea(city: string, state: string, towns: readonly string[]): boolean {
  const town = city.trim().replace(/\s+/g, ' ').toLowerCase();
  const given = state.trim().toUpperCase();
  const inState = !given || given === serviceState || given === 'NORTH CAROLINA';
  return inState && towns.some((name) => name.trim().replace(/\s+/g, ' ').toLowerCase() === town);
}
