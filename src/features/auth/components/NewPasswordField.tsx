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

/** A new password typed twice; `error` is the form's current message (highlights the field at fault). */
export function NewPasswordPair({
  value,
  confirm,
  onChange,
  onConfirmChange,
  error,
}: {
  value: string;
  confirm: string;
  onChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  error: string;
}) {
  return (
    <>
      <NewPasswordField
        value={value}
        onChange={onChange}
        invalid={error === AUTH_TEXT.weakPassword}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        error={error === AUTH_TEXT.passwordsDoNotMatch}
      />
    </>
  );
}
