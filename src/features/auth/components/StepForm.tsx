import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MfaMethod } from '../../../api/identity/cognito';
import { MFA_METHOD_LABELS } from '../messages';

interface Props {
  /** Unique per step: names the form and its heading. */
  id: string;
  heading: string;
  instruction: string;
  error: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  /** Back to the credential form. */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * One step of a sign-in after the password: heading, instruction, the provider's error, the
 * step's fields, and Submit / Cancel. The step's first field takes the focus when the step
 * appears (keyboard and screen reader users land on the new step).
 */
export function StepForm({
  id,
  heading,
  instruction,
  error,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  children,
}: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
    >
      <Stack spacing={2}>
        <Typography id={`${id}-heading`} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {heading}
        </Typography>
        <Typography color="text.secondary">{instruction}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {children}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button variant="text" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}

/** The choice between second factors (at sign-in, or what to set up). */
export function MethodChoice({
  methods,
  value,
  onChange,
  label,
}: {
  methods: MfaMethod[];
  value: MfaMethod | '';
  onChange: (method: MfaMethod) => void;
  label: string;
}) {
  return (
    <RadioGroup
      aria-label={label}
      name="mfa-method"
      value={value}
      onChange={(event) => onChange(event.target.value as MfaMethod)}
    >
      {methods.map((method) => (
        <FormControlLabel
          key={method}
          value={method}
          control={<Radio />}
          label={MFA_METHOD_LABELS[method]}
        />
      ))}
    </RadioGroup>
  );
}
