import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { offeredAddons, PREMIUM_PACKAGE, type VehicleTypeName } from '../../../../domain/pricing';
import { formatUsd } from '../../../../domain/money';
import { siteOffer } from '../../../config/offer';

interface Props {
  vehicleType: VehicleTypeName;
  selected: readonly string[];
  onToggle: (addon: string) => void;
  onBack: () => void;
  onContinue: () => void;
}

/** Step 2: the add-ons on offer; the Premium Package includes (and locks) all of them. */
export function AddonsStep({ vehicleType, selected, onToggle, onBack, onContinue }: Props) {
  const premium = vehicleType === PREMIUM_PACKAGE;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ mb: 2, color: 'text.secondary', p: 0 }}>
        Add extras to your {vehicleType === PREMIUM_PACKAGE ? vehicleType : `${vehicleType} detail`}
        .
      </Typography>
      {premium && (
        <Alert severity="info" sx={{ mb: 2 }}>
          All add-ons are included in the Premium Package.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {offeredAddons(siteOffer.offer).map((addon) => {
          const checked = premium || selected.includes(addon.name);
          return (
            <FormControlLabel
              key={addon.name}
              disabled={premium}
              control={<Checkbox checked={checked} onChange={() => onToggle(addon.name)} />}
              label={
                <Box
                  component="span"
                  sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 2 }}
                >
                  <span>{addon.name}</span>
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    +{formatUsd(addon.price)}
                  </Box>
                </Box>
              }
              sx={{
                m: 0,
                pr: 2,
                border: '1px solid',
                borderColor: checked ? 'primary.main' : 'divider',
                bgcolor: checked ? '#e8f1fb' : 'background.paper',
                borderRadius: 2,
                '& .MuiFormControlLabel-label': { flexGrow: 1 },
                '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
              }}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
        <Button variant="outlined" onClick={onBack}>
          Back
        </Button>
        <Button variant="contained" onClick={onContinue}>
          Continue
        </Button>
      </Box>
    </Box>
  );
}
