import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

export interface ChoiceSwitch<Key extends string> {
  key: Key;
  label: string;
  help: string;
}

/**
 * A list of on/off choices, each with its help text read with it (the e-mail and text choices
 * of the profile). `idPrefix` keeps the help texts' ids apart when both lists are on the page.
 */
export function ChoiceSwitches<Key extends string>({
  switches,
  choices,
  disabled,
  onFlip,
  idPrefix,
}: {
  switches: readonly ChoiceSwitch<Key>[];
  choices: Readonly<Record<Key, boolean>>;
  disabled: boolean;
  onFlip: (key: Key, on: boolean) => void;
  idPrefix: string;
}) {
  return (
    <FormGroup>
      {switches.map(({ key, label, help }) => (
        <div key={key}>
          <FormControlLabel
            control={
              <Switch
                checked={choices[key]}
                disabled={disabled}
                onChange={(event) => onFlip(key, event.target.checked)}
                slotProps={{ input: { 'aria-describedby': `${idPrefix}-${key}-help` } }}
              />
            }
            label={label}
          />
          <FormHelperText id={`${idPrefix}-${key}-help`} sx={{ mt: -0.5, mb: 1.5, ml: 6 }}>
            {help}
          </FormHelperText>
        </div>
      ))}
    </FormGroup>
  );
}
