import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PhoneIcon from '@mui/icons-material/Phone';
import { SectionLink } from '../../../components/SectionLink';
import { business, phoneHref } from '../../../config/business';
import { marketingTexts } from '../messages';

/** "Get a Free Quote" (the home booking section) and "Call", for the other pages. */
export function QuoteCallToAction() {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5 }}>
      <Button component={SectionLink} to="/#booking" variant="contained" size="large">
        {marketingTexts.getQuote}
      </Button>
      <Button href={phoneHref} variant="outlined" size="large" startIcon={<PhoneIcon />}>
        Call {business.phone}
      </Button>
    </Box>
  );
}
