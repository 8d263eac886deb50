/**
 * Links that call or write to someone: every `tel:` and `mailto:` link of the app and of the
 * server's e-mails is built here, so an address or number typed by a visitor can only ever
 * be one recipient, never extra headers (`?bcc=…`, `&body=…`).
 */

/**
 * An address the quote form accepts: something@domain.tld whose local part holds no `?`, `&`,
 * `=`, `%` or space. The contract's `EmailAddress` pattern refuses the same (domain/contact.test.ts
 * checks they agree).
 */
export const isLinkableEmail = (address: string): boolean =>
  /^[^\s?&=%@]+@[^\s@]+\.[^\s@]+$/.test(address);

/**
 * `mailto:` link for one address. Every character outside RFC 6068's plain ones is
 * percent-encoded (so `?`, `&`, `=`, `%`, `#` and spaces stay part of the address); `@` and `+`
 * stay readable.
 */
export const mailtoHref = (address: string): string =>
  `mailto:${encodeURIComponent(address).replace(/%40/g, '@').replace(/%2B/g, '+')}`;

/**
 * `tel:` link for a phone number as people type it: its digits (an extension after a letter is
 * left out), with `+1` before a 10-digit North American number (and `+` before 11 digits that
 * start with 1, or a number typed with its `+`), e.g. `(919) 555-0142` → `tel:+19195550142`.
 */
export const telHref = (phone: string): string => `tel:${dialledNumber(phone)}`;

/** What telHref links to, without `tel:` (see there). */
function dialledNumber(phone: string): string {
  const number = phone.split(/[A-Za-z#]/)[0] ?? '';
  const digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits;
}

/**
 * A phone number as people type it in E.164 (what a sign-in account stores), read like telHref
 * reads it, e.g. `(919) 555-0142` → `+19195550142`; undefined when it cannot be one (no country
 * code, too short or too long).
 */
export function toE164(phone: string): string | undefined {
  const number = dialledNumber(phone);
  return /^\+[1-9]\d{7,14}$/.test(number) ? number : undefined;
}
