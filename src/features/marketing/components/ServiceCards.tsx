import { BareList, THREE_CARDS } from '../../../components/BareList';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import LocalCarWashIcon from '@mui/icons-material/LocalCarWash';
import AirlineSeatReclineNormalIcon from '@mui/icons-material/AirlineSeatReclineNormal';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { services, type Service } from '../../../config/services';

const icons: Record<Service['id'], typeof CheckIcon> = {
  exterior: LocalCarWashIcon,
  interior: AirlineSeatReclineNormalIcon,
  mobile: LocalShippingIcon,
};

/** The three service cards (docs/product.md §2): what each includes. */
export function ServiceCards({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <BareList columns={THREE_CARDS}>
      {services.map((service) => {
        const Icon = icons[service.id];
        return (
          <Paper
            component="li"
            key={service.id}
            variant="outlined"
            sx={{
              p: { xs: 3, md: 3.5 },
              borderRadius: 4,
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            <Box
              aria-hidden="true"
              sx={{
                width: 56,
                height: 56,
                borderRadius: 3,
                display: 'grid',
                placeItems: 'center',
                mb: 2,
                color: '#ffffff',
                background: 'linear-gradient(135deg, #0b4f8a, #0f766e)',
              }}
            >
              <Icon />
            </Box>
            <Typography variant="h5" component={headingLevel} sx={{ mb: 1 }}>
              {service.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>{service.summary}</Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {service.includes.map((item) => (
                <Box
                  component="li"
                  key={item}
                  sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', fontSize: '0.9375rem' }}
                >
                  <CheckIcon
                    aria-hidden="true"
                    sx={{ fontSize: 18, mt: '3px', color: 'secondary.main', flexShrink: 0 }}
                  />
                  {item}
                </Box>
              ))}
            </Box>
          </Paper>
        );
      })}
    </BareList>
  );
}
