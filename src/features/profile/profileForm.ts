import type { ProfileUpdate } from '../../api/generated';
import type { Profile } from '../../api/normalize';
import {
  addressFields,
  addressMessages,
  validateAddress,
  type AddressValues,
} from '../../lib/address';

/** The "Your Profile" form's fields (docs/product.md §3, §5); the e-mail is shown read-only beside it. */
export interface ProfileFormValues extends AddressValues {
  name: string;
  phone: string;
  mobile: string;
}
export type ProfileField = keyof ProfileFormValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const FIX_FIELDS_MESSAGE = 'Please fix the highlighted fields.';
export const profileMessages = {
  name: 'Name is required.',
  mobile: 'Enter a valid phone number.',
  ...addressMessages,
} as const;

/** Field order, for focusing the first invalid field. */
export const profileFields: readonly ProfileField[] = ['name', 'phone', 'mobile', ...addressFields];

export function fromProfile(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    phone: profile.phone,
    mobile: profile.mobile,
    line1: profile.serviceAddress.line1,
    line2: profile.serviceAddress.line2,
    city: profile.serviceAddress.city,
    state: profile.serviceAddress.state,
    zip: profile.serviceAddress.zip,
  };
}

/** 10 digits, or 11 starting with 1; anything but digits is ignored (docs/product.md §5). */
export function isValidMobile(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

/** Every rule of docs/product.md §5's profile form; an empty object means the form may be saved. */
export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.name.trim()) errors.name = profileMessages.name;
  if (!isValidMobile(values.mobile)) errors.mobile = profileMessages.mobile;
  return { ...errors, ...validateAddress(values) };
}

/** What is saved: every string trimmed, the mobile reduced to its last 10 digits (docs/product.md §5). */
export function toProfileUpdate(values: ProfileFormValues, email: string): ProfileUpdate {
  return {
    name: values.name.trim(),
    email: email.trim(),
    phone: values.phone.trim(),
    mobile: values.mobile.replace(/\D/g, '').slice(-10),
    serviceAddress: {
      line1: values.line1.trim(),
      line2: values.line2.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      zip: values.zip.trim(),
    },
  };
}

/**
 * The account screen's own edit (docs/product.md §3, §5): a new name and phone (both trimmed),
 * everything else as stored (the update replaces the whole profile).
 */
export function toAccountUpdate(profile: Profile, name: string, phone: string): ProfileUpdate {
  const stored = toProfileUpdate({ ...fromProfile(profile), name, phone }, profile.email);
  // A profile without an address keeps having none (an empty one is not an address).
  return profile.serviceAddress.line1.trim() ? stored : { ...stored, serviceAddress: undefined };
}
