import type { Ref } from 'react';
import TextField from '@mui/material/TextField';

interface Props {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Highlights the field (the e-mail was rejected). */
  invalid?: boolean;
}

/** The e-mail input every auth form starts with. */
export function EmailField({ value, onChange, inputRef, invalid = false }: Props) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputRef={inputRef}
      error={invalid}
      fullWidth
    />
  );
}
