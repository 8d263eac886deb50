import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isInServiceArea } from '../../../../domain/address';
import { siteOffer } from '../../../config/offer';
import {
  addressAutoComplete,
  addressFields,
  addressLabels,
  addressMaxLength,
  type AddressField,
} from '../../../lib/address';
import { addressTexts as texts } from '../messages';
import { fieldGrid } from './fieldGrid';
import type { QuoteErrors, QuoteForm } from '../quoteLogic';

interface Props {
  form: QuoteForm;
  errors: QuoteErrors;
  onChange: (field: AddressField, value: string) => void;
}

/** Where each field sits: line 1 and 2 across, then city, state and ZIP (city across on a phone). */
const columns: Record<AddressField, { xs: string; sm: string }> = {
  line1: { xs: '1 / -1', sm: '1 / -1' },
  line2: { xs: '1 / -1', sm: '1 / -1' },
  city: { xs: '1 / -1', sm: 'auto' },
  state: { xs: 'auto', sm: 'auto' },
  zip: { xs: 'auto', sm: 'auto' },
};

/**
 * The booking step's service address (docs/product.md §4), offered and not required (the spec
 * asks only for name, phone and e-mail): the profile form's fields, its rules once begun, and a
 * friendly note, never a refusal, when the town is not one of the offer's towns. The note
 * waits while the city or state is being typed (a half-typed town is not news).
 */
export function AddressFields({ form, errors, onChange }: Props) {
  const [typingArea, setTypingArea] = useState(false);
  const outside =
    form.city.trim() !== '' && !isInServiceArea(form.city, form.state, siteOffer.offer.towns);
  return (
    <Box
      component="fieldset"
      aria-describedby="quote-address-hint"
      sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, p: 0 }}>
        {texts.legend}
      </Typography>
      <Typography id="quote-address-hint" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {texts.hint}
      </Typography>
      <Box sx={fieldGrid({ xs: '1fr 1fr', sm: '2fr 1fr 1fr' })}>
        {addressFields.map((name) => (
          <TextField
            key={name}
            name={name}
            id={`quote-${name}`}
            label={addressLabels[name]}
            value={form[name]}
            onChange={(event) => onChange(name, event.target.value)}
            error={Boolean(errors[name])}
            helperText={errors[name] ?? ' '}
            fullWidth
            autoComplete={addressAutoComplete[name]}
            {...(name === 'line2' && { placeholder: texts.line2Placeholder })}
            {...((name === 'city' || name === 'state') && {
              onFocus: () => setTypingArea(true),
              onBlur: () => setTypingArea(false),
            })}
            slotProps={{
              htmlInput: {
                maxLength: addressMaxLength[name],
                ...(name === 'zip' && { inputMode: 'numeric' }),
              },
            }}
            sx={{ gridColumn: columns[name] }}
          />
        ))}
      </Box>
      {outside && !typingArea && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {texts.outsideArea(form.city.trim())}
        </Alert>
      )}
    </Box>
  );
}
