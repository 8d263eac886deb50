import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PREMIUM_PACKAGE } from '../../../../domain/pricing';
import { formatUsd } from '../../../../domain/money';
import { useOfferPageData } from '../offerPageData';

const row = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: 2,
  py: 1.25,
  borderBottom: '1px solid',
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;

/** Prices by vehicle type and the add-ons (docs/product.md §9), readable without JavaScript. */
export function PriceList({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { vehicleTypes, addons, premium: premiumAdvertised } = useOfferPageData();
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3.5 }, borderRadius: 4 }}>
        <Typography variant="h5" component={headingLevel} sx={{ mb: 1 }}>
          Prices by vehicle
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {vehicleTypes.map((type) => {
            const premium = type.name === PREMIUM_PACKAGE;
            return (
              <Box component="li" key={type.name} sx={row}>
                <Box>
                  <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
                    {type.name}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {type.description}
                    {premium &&
                      ` (advertised at ${formatUsd(premiumAdvertised.listPrice)}: save ${formatUsd(premiumAdvertised.saving)}, ${premiumAdvertised.percentOff}% off)`}
                  </Typography>
                </Box>
                <Typography
                  component="span"
                  sx={{ fontWeight: 800, fontSize: '1.25rem', whiteSpace: 'nowrap' }}
                >
                  {premium && (
                    <Box
                      component="s"
                      sx={{ mr: 1, fontWeight: 500, fontSize: '1rem', color: 'text.secondary' }}
                    >
                      {formatUsd(premiumAdvertised.listPrice)}
                    </Box>
                  )}
                  {formatUsd(type.price)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3.5 }, borderRadius: 4 }}>
        <Typography variant="h5" component={headingLevel} sx={{ mb: 1 }}>
          Add-ons
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {addons.map((addon) => (
            <Box component="li" key={addon.name} sx={row}>
              <span>{addon.name}</span>
              <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                +{formatUsd(addon.price)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
