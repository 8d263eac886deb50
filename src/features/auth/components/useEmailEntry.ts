import { useRef, useState } from 'react';
import { AUTH_TEXT } from '../messages';
import { normalizeEmail } from '../validation';

/**
 * The e-mail an auth form starts with: its value, the props for `EmailField`, and `accept`, which
 * normalizes what was typed and, when the address is rejected, shows "invalid e-mail" and puts the
 * focus back on the field (docs/product.md §5).
 */
export function useEmailEntry(initial = '') {
  const [email, setEmail] = useState(initial);
  const inputRef = useRef<HTMLInputElement>(null);

  const accept = (isValid: (address: string) => boolean, setError: (message: string) => void) => {
    const normalized = normalizeEmail(email);
    if (!isValid(normalized)) {
      setError(AUTH_TEXT.invalidEmail);
      inputRef.current?.focus();
      return null;
    }
    setEmail(normalized);
    return normalized;
  };

  const fieldProps = (error: string) => ({
    value: email,
    onChange: setEmail,
    inputRef,
    invalid: error === AUTH_TEXT.invalidEmail,
  });

  return { email, accept, fieldProps };
}
