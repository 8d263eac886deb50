import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../components/usePageMeta';
import { SectionLink } from '../../../components/SectionLink';
import { REPLY_WITHIN_HOURS } from '../../../config/hours';
import { PageHeader } from '../components/Section';
import { QuoteCallToAction } from '../components/QuoteCallToAction';
import { pageMeta } from '../pageMeta';
import { marketingTexts } from '../messages';

/** /booking (docs/product.md §2): a placeholder until the booking wizard moves here. */
export function BookingPage() {
  usePageMeta(pageMeta['/booking'].title, pageMeta['/booking'].description);
  return (
    <>
      <PageHeader title={marketingTexts.bookingPageTitle} intro={marketingTexts.bookingPageIntro} />
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography sx={{ fontSize: '1.125rem', mb: 3 }}>
          Until then, you can request a free quote in the{' '}
          <Link component={SectionLink} to="/#booking" underline="always">
            booking section of our home page
          </Link>
          : choose your vehicle and extras, pick a date and time, and we&apos;ll confirm within{' '}
          {REPLY_WITHIN_HOURS} hours.
        </Typography>
        <QuoteCallToAction />
      </Container>
    </>
  );
}
