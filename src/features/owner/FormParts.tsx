/** Parts of the console's long forms (Availability, Your business): phone first, one column. */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** A titled part of a form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A whole number (minutes, dollars, a count). Emptied, its value is NaN, which the server
 * refuses naming the field; `error` shows its words under the field, else `hint`.
 */
export function NumberField(props: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  error?: string;
  hint?: string;
  onChange: (value: number) => void;
}) {
  return (
    <TextField
      label={props.label}
      type="number"
      value={Number.isNaN(props.value) ? '' : props.value}
      onChange={(event) =>
        props.onChange(event.target.value === '' ? NaN : Number(event.target.value))
      }
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      slotProps={{
        htmlInput: { min: props.min ?? 1, max: props.max, step: 1 },
        inputLabel: { shrink: true },
      }}
      fullWidth
    />
  );
}
