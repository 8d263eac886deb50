import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../components/usePageMeta';
import { REPLY_WITHIN_HOURS } from '../../../config/hours';
import { useOfferPageData } from '../offerPageData';
import { formatUsd } from '../../../../domain/money';
import { PageHeader } from '../components/Section';
import { ServiceCards } from '../components/ServiceCards';
import { PriceList } from '../components/PriceList';
import { PlanPrices } from '../components/PlanPrices';
import { QuoteCallToAction } from '../components/QuoteCallToAction';
import { pageMeta } from '../pageMeta';
import { marketingTexts } from '../messages';

/** /services (docs/product.md §2): the three service cards, prices, plans, and how to get a quote. */
export function ServicesPage() {
  usePageMeta(pageMeta['/services'].title, pageMeta['/services'].description);
  return <ServicesContent />;
}

/**
 * The services page's content, with the prices of the offer above it (`OfferPageDataProvider`,
 * else the site's): the page, and the owner console's preview of a draft.
 */
export function ServicesContent() {
  const { startingPrice } = useOfferPageData();
  return (
    <>
      <PageHeader
        title={marketingTexts.servicesTitle}
        intro={`Professional detailing in your driveway or office lot, with packages starting from ${formatUsd(startingPrice)}.`}
      />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <ServiceCards headingLevel="h2" />
        <Paper
          sx={{
            my: { xs: 5, md: 7 },
            p: { xs: 3, md: 4 },
            borderRadius: 4,
            color: '#ffffff',
            background: 'linear-gradient(135deg, #0b4f8a 0%, #0f766e 100%)',
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: 3,
            alignItems: { md: 'center' },
            justifyContent: 'space-between',
          }}
        >
          <Box>
            <Typography variant="h5" component="p" sx={{ mb: 0.5 }}>
              Packages starting from {formatUsd(startingPrice)}
            </Typography>
            <Typography sx={{ color: '#e0f2f1' }}>
              Send a quote request and our team replies within {REPLY_WITHIN_HOURS} hours.
            </Typography>
          </Box>
          <Box
            sx={{
              '& .MuiButton-contained': { bgcolor: '#fcd34d', color: '#14213d' },
              '& .MuiButton-contained:hover': { bgcolor: '#fbbf24' },
              '& .MuiButton-outlined': { color: '#ffffff', borderColor: 'rgba(255,255,255,0.7)' },
            }}
          >
            <QuoteCallToAction />
          </Box>
        </Paper>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
          Prices
        </Typography>
        <PriceList />
        <Box component="section" aria-labelledby="plans-title" sx={{ mt: { xs: 5, md: 7 } }}>
          <Typography
            id="plans-title"
            variant="h2"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}
          >
            {marketingTexts.plansTitle}
          </Typography>
          <PlanPrices />
        </Box>
      </Container>
    </>
  );
}
