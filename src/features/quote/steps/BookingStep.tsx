import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import {
  fieldMaxLength,
  timeSlotsFor,
  validateQuoteForm,
  type QuoteErrors,
  type QuoteField,
  type QuoteForm,
} from '../quoteLogic';

interface Props {
  form: QuoteForm;
  /** Today (YYYY-MM-DD, business time zone): the earliest preferred date. */
  today: string;
  submitting: boolean;
  /** The failed submit's message (docs/product.md §8); everything typed stays. */
  error: string | null;
  onChange: (field: QuoteField, value: string) => void;
  onBack: () => void;
  onSubmit: () => void;
}

const fieldOrder: QuoteField[] = ['name', 'phone', 'email', 'date', 'time', 'vehicle', 'message'];

/** Step 3: contact details and the preferred date and time, then the request is sent. */
export default function BookingStep({
  form,
  today,
  submitting,
  error,
  onChange,
  onBack,
  onSubmit,
}: Props) {
  const [showErrors, setShowErrors] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: QuoteErrors = showErrors ? validateQuoteForm(form, today) : {};
  const slots = timeSlotsFor(form.date);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateQuoteForm(form, today);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      setShowErrors(true);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit();
  };

  const field = (name: QuoteField) => ({
    name,
    id: `quote-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    fullWidth: true,
  });

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit}>
      <Box
        sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <TextField
          {...field('name')}
          label="Full Name"
          required
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: fieldMaxLength.name } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          {...field('phone')}
          label="Phone Number"
          type="tel"
          required
          autoComplete="tel"
          slotProps={{ htmlInput: { maxLength: fieldMaxLength.phone } }}
        />
        <TextField
          {...field('email')}
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: fieldMaxLength.email } }}
        />
        <TextField
          {...field('date')}
          label="Preferred Date"
          type="date"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today || undefined } }}
        />
        <TextField
          {...field('time')}
          label="Preferred Time"
          select
          disabled={slots.length === 0}
          helperText={
            errors.time ??
            (slots.length === 0 ? 'Choose a date first.' : 'Weekdays 4-6 PM, weekends 9 AM-6 PM.')
          }
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            // The hint stays readable while the field waits for a date (WCAG contrast 4.5:1).
            formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
          }}
        >
          <option value="">{slots.length === 0 ? '' : 'Select a time'}</option>
          {slots.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </TextField>
        <TextField
          {...field('vehicle')}
          label="Vehicle Information"
          placeholder="Year, make, model and colour (optional)"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: fieldMaxLength.vehicle } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          {...field('message')}
          label="Additional Notes"
          placeholder="Anything we should know? (optional)"
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: fieldMaxLength.message } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1 }}>
        <Button variant="outlined" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        {/* Not disabled while sending: the button keeps focus, so after a failure the
            visitor is still where they were (a second click is ignored meanwhile). */}
        <Button type="submit" variant="contained" size="large" aria-disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Quote Request'}
        </Button>
      </Box>
    </Box>
  );
}
