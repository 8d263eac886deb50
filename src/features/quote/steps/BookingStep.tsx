import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useFreeTimes } from '../../../api/freeTimes';
import { QUOTE_TEXT_CONSENT, QUOTE_TEXT_LABEL } from '../../../../domain/texts';
import { business } from '../../../config/business';
import type { FreeTime } from '../../../api/errors';
import type { VehicleTypeName } from '../../../../domain/pricing';
import { NearestTimes } from '../../../components/NearestTimes';
import { scheduleMessages } from '../../../lib/scheduleMessages';
import { useVisitorHoursText } from '../../../lib/workingWeek';
import { accountQuoteTexts as texts } from '../messages';
import { addressFields } from '../../../lib/address';
import { AddressFields } from './AddressFields';
import { fieldGrid } from './fieldGrid';
import {
  fieldMaxLength,
  validateQuoteForm,
  type QuoteErrors,
  type QuoteField,
  type QuoteForm,
} from '../quoteLogic';

/** What a signed-in customer's request starts from (docs/product.md, signed-in quote). */
export interface QuoteAccount {
  /** Their saved vehicles, as shown ("make model (year)"). */
  vehicles: readonly string[];
}

const OTHER_VEHICLE = 'other';

interface Props {
  form: QuoteForm;
  /** Set for a signed-in customer: the e-mail is theirs (read-only), vehicles are a choice. */
  account: QuoteAccount | null;
  /** Today (YYYY-MM-DD, business time zone): the earliest preferred date. */
  today: string;
  submitting: boolean;
  /** The failed submit's message (docs/product.md §8); everything typed stays. */
  error: string | null;
  /** What the visitor chose: the free times are those that fit this job. */
  job: { vehicleType: VehicleTypeName | null; addons: readonly string[] };
  /** The nearest free times a refused submit (409) offered. */
  nearest: readonly FreeTime[];
  onChooseTime: (date: string, time: string) => void;
  onChange: (field: QuoteField, value: string) => void;
  /** "Text me about this request" (docs/product.md §12): unticked, nothing is texted. */
  textMe: boolean;
  onTextMe: (on: boolean) => void;
  onBack: () => void;
  onSubmit: () => void;
}

const fieldOrder: QuoteField[] = [
  'name',
  'phone',
  'email',
  'date',
  'time',
  'vehicle',
  ...addressFields,
  'message',
];

/** Step 3: contact details, the preferred date and time and the service address, then the request is sent. */
export default function BookingStep({
  form,
  account,
  today,
  submitting,
  error,
  job,
  nearest,
  onChooseTime,
  onChange,
  textMe,
  onTextMe,
  onBack,
  onSubmit,
}: Props) {
  const [showErrors, setShowErrors] = useState(false);
  const [otherVehicle, setOtherVehicle] = useState(false);
  const savedVehicles = account?.vehicles ?? [];
  const vehicleChoice = savedVehicles.includes(form.vehicle)
    ? form.vehicle
    : otherVehicle || form.vehicle
      ? OTHER_VEHICLE
      : '';
  const formRef = useRef<HTMLFormElement>(null);
  // The chosen day's free times for this job, as the server answers them (the owner's hours and
  // step decide them); a time chosen meanwhile (a nearest time) stays listed until it answers.
  const day = useFreeTimes(form.date, { vehicleType: job.vehicleType, addOns: job.addons });
  const slots = day.times ?? (form.time ? [form.time] : []);
  const dayFull = day.times?.length === 0;
  const hours = useVisitorHoursText();
  const errors: QuoteErrors = showErrors ? validateQuoteForm(form, today, day.times) : {};
  // A time the new day does not offer is cleared once the server has answered that day.
  const { time } = form;
  const dayTimes = day.times;
  useEffect(() => {
    if (time && dayTimes && !dayTimes.includes(time)) onChange('time', '');
  }, [time, dayTimes, onChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateQuoteForm(form, today, day.times);
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
      <Box sx={fieldGrid({ xs: '1fr', sm: '1fr 1fr' })}>
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
          {...(account && { helperText: errors.email ?? texts.emailHelper })}
          slotProps={{
            htmlInput: { maxLength: fieldMaxLength.email, readOnly: Boolean(account) },
          }}
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
            (!form.date
              ? 'Choose a date first.'
              : day.loading
                ? scheduleMessages.loadingTimes
                : day.failed
                  ? `${scheduleMessages.timesFailed} ${texts.noTimeNeeded}`
                  : dayFull
                    ? scheduleMessages.dayFull
                    : `${hours}.`)
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
        {savedVehicles.length > 0 && (
          <TextField
            id="quote-vehicle-choice"
            label={texts.vehicleChoiceLabel}
            select
            value={vehicleChoice}
            onChange={(event) => {
              const other = event.target.value === OTHER_VEHICLE;
              setOtherVehicle(other);
              onChange('vehicle', other ? '' : event.target.value);
            }}
            helperText=" "
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          >
            <option value="">{texts.noVehicle}</option>
            {savedVehicles.map((vehicle) => (
              <option key={vehicle} value={vehicle}>
                {vehicle}
              </option>
            ))}
            <option value={OTHER_VEHICLE}>{texts.otherVehicle}</option>
          </TextField>
        )}
        {(savedVehicles.length === 0 || vehicleChoice === OTHER_VEHICLE) && (
          <TextField
            {...field('vehicle')}
            label={savedVehicles.length === 0 ? 'Vehicle Information' : texts.otherVehicleLabel}
            placeholder="Year, make, model and colour (optional)"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: fieldMaxLength.vehicle } }}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        )}
        <AddressFields form={form} errors={errors} onChange={onChange} />
        <TextField
          {...field('message')}
          label="Additional Notes"
          placeholder="Anything we should know? (optional)"
          multiline
          rows={4}
          slotProps={{ htmlInput: { maxLength: fieldMaxLength.message } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
      <Box sx={{ mb: 2 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={textMe}
              onChange={(event) => onTextMe(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'quote-text-consent' } }}
            />
          }
          label={QUOTE_TEXT_LABEL}
        />
        <FormHelperText id="quote-text-consent" sx={{ mt: -0.5, ml: 4 }}>
          {QUOTE_TEXT_CONSENT(business.name)}
        </FormHelperText>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
          <NearestTimes nearest={nearest} onChoose={onChooseTime} />
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
