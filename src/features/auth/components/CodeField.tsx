import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { sanitizeCode } from '../validation';

type Props = Omit<TextFieldProps, 'onChange' | 'value' | 'type'> & {
  value: string;
  onChange: (code: string) => void;
};

/** A verification code input: digits only, at most 6 (docs/product.md §5). */
export function CodeField({ value, onChange, ...props }: Props) {
  return (
    <TextField
      label="Verification code"
      name="code"
      {...props}
      value={value}
      onChange={(e) => onChange(sanitizeCode(e.target.value))}
      fullWidth
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          style: { letterSpacing: '0.3em' },
        },
      }}
    />
  );
}
