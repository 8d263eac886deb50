import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { business, emailHref, phoneHref } from '../../config/business';
import { useVisitorHoursText } from '../../lib/workingWeek';

/** Footer (docs/product.md §1): owner contact, the hours (from the owner's rules), phone and info e-mail, the privacy policy and terms. */
export function Footer() {
  const hours = useVisitorHoursText();
  return (
    <Box component="footer" sx={{ bgcolor: '#0d1b2a', color: '#e6edf5', py: 4, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="h6" component="p" sx={{ color: '#ffffff' }}>
              {business.name}
            </Typography>
            <Typography variant="body2">Owner: {business.ownerName}</Typography>
            <Typography variant="body2">Hours: {hours}</Typography>
          </Box>
          <Box>
            <Typography variant="body2">
              Phone:{' '}
              <Link href={phoneHref} sx={{ color: '#9fd3ff' }}>
                {business.phone}
              </Link>
            </Typography>
            <Typography variant="body2">
              E-mail:{' '}
              <Link href={emailHref} sx={{ color: '#9fd3ff' }}>
                {business.email}
              </Link>
            </Typography>
          </Box>
        </Stack>
        <Stack
          component="nav"
          aria-label="Legal"
          direction="row"
          spacing={3}
          sx={{ mt: 3, flexWrap: 'wrap' }}
        >
          <Link href="/privacy" variant="body2" sx={{ color: '#9fd3ff' }}>
            Privacy Policy
          </Link>
          <Link href="/terms" variant="body2" sx={{ color: '#9fd3ff' }}>
            Terms of Service
          </Link>
        </Stack>
        <Typography variant="caption" component="p" sx={{ mt: 2, color: '#b8c4d2' }}>
          © {new Date().getFullYear()} {business.name}
        </Typography>
      </Container>
    </Box>
  );
}
