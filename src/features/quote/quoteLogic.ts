/**
 * The quote wizard's rules (docs/product.md §4, §5, §9) as pure functions: prices and totals, the
 * preferred-time options of a date, the date rule, form validation and the request payload.
 */
import { scheduleMessages } from '../../lib/scheduleMessages';
import { includedAddons, quoteTotal, type VehicleTypeName } from '../../../domain/pricing';
import type { SiteOffer } from '../../config/offer';
import { isDateAllowed } from '../../../domain/quoteSchedule';
import { isLinkableEmail } from '../../../domain/contact';
import { serviceState } from '../../../domain/serviceArea';
import type { QuoteRequest } from '../../api/generated';
import type { Address } from '../../api/normalize';
import {
  addressMaxLength,
  addressPayload,
  validateAddress,
  type AddressValues,
} from '../../lib/address';

/** The schedule rule the server enforces too, re-exported for the wizard. */
export { isDateAllowed };

/** The booking step's fields; the service address (optional) is an addition to the spec's form. */
export interface QuoteForm extends AddressValues {
  name: string;
  phone: string;
  email: string;
  date: string;
  time: string;
  vehicle: string;
  message: string;
}
export type QuoteField = keyof QuoteForm;
export type QuoteErrors = Partial<Record<QuoteField, string>>;

export const emptyForm: QuoteForm = {
  name: '',
  phone: '',
  email: '',
  date: '',
  time: '',
  vehicle: '',
  message: '',
  line1: '',
  line2: '',
  city: '',
  // The service area's state, so most visitors have nothing to type there.
  state: serviceState,
  zip: '',
};

/** Input limits (they match what the API accepts). */
export const fieldMaxLength: Partial<Record<QuoteField, number>> = {
  name: 120,
  phone: 40,
  email: 254,
  vehicle: 200,
  message: 2000,
  ...addressMaxLength,
};

export const validationMessages = {
  name: 'Please enter your full name.',
  phone: 'Please enter your phone number.',
  phoneInvalid: 'Please enter a valid phone number.',
  email: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  datePast: scheduleMessages.datePast,
  time: 'Please choose a preferred time.',
} as const;

/**
 * Field errors of the booking step (the address as the profile checks it); empty when it can be
 * sent. `offered`: the chosen day's free times as the server answered them (the owner's rules
 * decide them), unknown until it has.
 */
export function validateQuoteForm(
  form: QuoteForm,
  today: string,
  offered?: readonly string[],
): QuoteErrors {
  const errors: QuoteErrors = {};
  const m = validationMessages;
  if (!form.name.trim()) errors.name = m.name;
  const digits = form.phone.replace(/\D/g, '');
  if (!form.phone.trim()) errors.phone = m.phone;
  else if (digits.length < 7 || digits.length > 15) errors.phone = m.phoneInvalid;
  if (!form.email.trim()) errors.email = m.email;
  else if (!isLinkableEmail(form.email.trim())) errors.email = m.emailInvalid;
  // The preferred date and time are optional (a visitor may only want a call back).
  if (form.date && !isDateAllowed(form.date, today)) errors.date = m.datePast;
  if (form.time && (!form.date || (offered && !offered.includes(form.time)))) errors.time = m.time;
  // The address is offered, not required: checked whole once begun (docs/product.md §4).
  return { ...errors, ...(addressBegun(form) ? validateAddress(form) : {}) };
}

/**
 * Whether the visitor has begun the service address: any part typed but the state, which is
 * filled in for them. Without one, the request goes without an address and we call for it.
 */
function addressBegun(form: AddressValues): boolean {
  return [form.line1, form.line2, form.city, form.zip].some((part) => part.trim() !== '');
}

/** The quote request payload (docs/product.md §3): the contract's `QuoteRequest`. */
export type QuotePayload = QuoteRequest;

/** The profile's address as the wizard's fields take it; undefined unless it is complete. */
export function profileAddress(address: Address | null | undefined): AddressValues | undefined {
  if (!address) return undefined;
  const { line1, line2, city, state, zip } = address;
  if (![line1, city, state, zip].every((part) => part.trim())) return undefined;
  return { line1, line2, city, state, zip };
}

/**
 * The total the visitor is shown and sends, with the offer's version: the site's offer's, or the
 * server's newer one after it answered that the prices changed (409) for this same choice.
 */
export interface QuotePrice {
  totalPrice: number;
  offerVersion: number;
}

/** The price of a choice under the site's offer. */
export function sitePrice(
  site: SiteOffer,
  vehicleType: VehicleTypeName | null,
  selected: readonly string[],
): QuotePrice {
  return { totalPrice: quoteTotal(site.offer, vehicleType, selected), offerVersion: site.version };
}

export function quotePayload(
  site: SiteOffer,
  vehicleType: VehicleTypeName,
  selected: readonly string[],
  form: QuoteForm,
  price: QuotePrice = sitePrice(site, vehicleType, selected),
): QuotePayload {
  const selectedAddons = includedAddons(site.offer, vehicleType, selected);
  return {
    name: form.name.trim(),
    phone: form.phone.trim(),
    email: form.email.trim(),
    vehicleType,
    selectedAddons,
    ...(form.date ? { date: form.date } : {}),
    ...(form.date && form.time ? { time: form.time } : {}),
    vehicle: form.vehicle.trim(),
    message: form.message.trim(),
    ...(addressBegun(form) ? { serviceAddress: addressPayload(form) } : {}),
    totalPrice: price.totalPrice,
    offerVersion: price.offerVersion,
  };
}
