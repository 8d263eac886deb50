import { BareList } from '../../../components/BareList';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import {
  PREMIUM_PACKAGE,
  premiumAdvertised as advertised,
  vehicleTypes,
  type VehicleTypeName,
} from '../../../../domain/pricing';
import { formatUsd } from '../../../../domain/money';
import { siteOffer } from '../../../config/offer';

const premiumAdvertised = advertised(siteOffer.offer);

interface Props {
  selected: VehicleTypeName | null;
  onChoose: (vehicleType: VehicleTypeName) => void;
}

/** Step 1: one card per vehicle type; choosing one moves on to the add-ons. */
export function VehicleStep({ selected, onChoose }: Props) {
  return (
    <BareList columns={{ xs: '1fr 1fr', md: 'repeat(4, 1fr)' }} sx={{ gap: { xs: 1.5, sm: 2 } }}>
      {vehicleTypes(siteOffer.offer).map((type) => {
        const premium = type.name === PREMIUM_PACKAGE;
        const active = selected === type.name;
        return (
          <li key={type.name}>
            <ButtonBase
              onClick={() => onChoose(type.name)}
              aria-pressed={active}
              focusRipple
              sx={{
                width: '100%',
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                justifyContent: 'flex-start',
                textAlign: 'left',
                gap: 0.5,
                p: { xs: 1.75, sm: 2.5 },
                borderRadius: 3,
                border: '2px solid',
                borderColor: active ? 'primary.main' : premium ? '#f59e0b' : 'divider',
                bgcolor: active ? '#e8f1fb' : premium ? '#fffbeb' : 'background.paper',
                transition: 'border-color 150ms, box-shadow 150ms, transform 150ms',
                '&:hover': { borderColor: 'primary.main', boxShadow: 3 },
                '&.Mui-focusVisible': { outline: '3px solid #f59e0b', outlineOffset: 2 },
              }}
            >
              <Typography component="span" variant="h6">
                {type.name}
              </Typography>
              <Typography component="span" sx={{ fontSize: '1.75rem', fontWeight: 800 }}>
                {formatUsd(type.price)}
                {premium && (
                  <Box
                    component="s"
                    sx={{ ml: 1, fontSize: '1rem', fontWeight: 500, color: 'text.secondary' }}
                  >
                    {formatUsd(premiumAdvertised.listPrice)}
                  </Box>
                )}
              </Typography>
              {premium && (
                <Box
                  component="span"
                  sx={{
                    order: -1, // shown first, read after the name
                    bgcolor: '#92400e',
                    color: '#ffffff',
                    px: 1,
                    py: 0.25,
                    borderRadius: 1,
                    fontSize: '0.75rem',
                    fontWeight: 700,
                  }}
                >
                  Best value: save {formatUsd(premiumAdvertised.saving)} (
                  {premiumAdvertised.percentOff}% off)
                </Box>
              )}
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {type.description.charAt(0).toUpperCase() + type.description.slice(1)}
              </Typography>
            </ButtonBase>
          </li>
        );
      })}
    </BareList>
  );
}
