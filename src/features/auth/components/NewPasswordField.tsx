import type { Ref } from 'react';
import { AUTH_TEXT } from '../messages';
import { PasswordField } from './PasswordField';

interface Props {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Highlights the field (the password breaks the rule). */
  invalid?: boolean;
}

/** A new password, with the password rule under it (docs/product.md §5). */
export function NewPasswordField({ value, onChange, inputRef, invalid = false }: Props) {
  return (
    <PasswordField
      label="New password"
      name="new-password"
      autoComplete="new-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputRef={inputRef}
      error={invalid}
      helperText={AUTH_TEXT.passwordRuleHint}
    />
  );
}
