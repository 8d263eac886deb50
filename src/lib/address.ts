/**
 * A service address as a form takes it: the fields, their labels and limits, and the rules of
 * docs/product.md §5 with their messages. The profile form and the quote wizard both use these.
 */
import { isValidZip } from '../../domain/address';

export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}
export type AddressField = keyof AddressValues;

/** In the order a form shows them. */
export const addressFields: readonly AddressField[] = ['line1', 'line2', 'city', 'state', 'zip'];

export const addressLabels: Record<AddressField, string> = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
};

export const addressAutoComplete: Record<AddressField, string> = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

/** What the API accepts (openapi.yaml, `Address`). */
export const addressMaxLength: Record<AddressField, number> = {
  line1: 200,
  line2: 200,
  city: 100,
  state: 50,
  zip: 10,
};

export const addressMessages = {
  line1: 'Address line 1 is required.',
  city: 'City is required.',
  state: 'State is required.',
  zip: 'ZIP must be 5 or 9 digits.',
} as const;

/** Line 1, city and state required, ZIP 5 digits or 5+4; an empty object when it may be sent. */
export function validateAddress(values: AddressValues): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  if (!values.line1.trim()) errors.line1 = addressMessages.line1;
  if (!values.city.trim()) errors.city = addressMessages.city;
  if (!values.state.trim()) errors.state = addressMessages.state;
  if (!isValidZip(values.zip)) errors.zip = addressMessages.zip;
  return errors;
}

/** The address as the API takes it: every part trimmed, line 2 only when given. */
export function addressPayload({ line1, line2, city, state, zip }: AddressValues) {
  return {
    line1: line1.trim(),
    ...(line2.trim() ? { line2: line2.trim() } : {}),
    city: city.trim(),
    state: state.trim(),
    zip: zip.trim(),
  };
}
