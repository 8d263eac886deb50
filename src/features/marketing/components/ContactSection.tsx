import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { business } from '../../../config/business';
import { ContactDetails } from './ContactDetails';

/** Home contact section (docs/product.md §2): about text, phone, scheduling link and hours. */
export function ContactSection() {
  return (
    <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}>
      <Box>
        <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
          About us
        </Typography>
        <Typography sx={{ fontSize: '1.0625rem', lineHeight: 1.7, mb: 2 }}>
          {business.about}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{business.ownerName}, owner</Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 4 }}>
        <Typography variant="h5" component="h3" sx={{ mb: 2.5 }}>
          Reach us
        </Typography>
        <ContactDetails />
      </Paper>
    </Box>
  );
}
