/** Input rules of the authentication forms (docs/product.md §5). Pure functions. */
import { AUTH_TEXT } from './messages';

/** Login e-mail: trimmed and lower-cased. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/** Login and sign-up: the e-mail must contain @. */
export const hasAt = (email: string): boolean => email.includes('@');

/** Forgot password: a basic address pattern. */
export const isEmailAddress = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** Verification codes: digits only, at most 6 (docs/product.md §9: MFA code 6 digits). */
export const MFA_CODE_LENGTH = 6;
export const sanitizeCode = (value: string): string =>
  value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH);

/** At least 8 characters with a lowercase and an uppercase letter, a digit and a special one. */
export const PASSWORD_MIN_LENGTH = 8;
export const isStrongPassword = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH &&
  /[a-z]/.test(password) &&
  /[A-Z]/.test(password) &&
  /\d/.test(password) &&
  /[^A-Za-z0-9]/.test(password);

/** A new password typed twice: the rule's message, the mismatch message, or undefined. */
export function newPasswordProblem(password: string, confirm: string): string | undefined {
  if (!isStrongPassword(password)) return AUTH_TEXT.weakPassword;
  if (password !== confirm) return AUTH_TEXT.passwordsDoNotMatch;
  return undefined;
}

/** The identity provider's message, else its code, else the screen's fallback (docs/product.md §8). */
export function providerMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const { message, name } = error as { message?: unknown; name?: unknown };
    if (typeof message === 'string' && message.trim()) return message.trim();
    if (typeof name === 'string' && name.trim() && name !== 'Error') return name.trim();
  }
  return fallback;
}
