import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { usePageMeta } from '../../../components/usePageMeta';
import { REPLY_WITHIN_HOURS } from '../../../config/hours';
import { sitePageData } from '../offerPageData';
import { formatUsd } from '../../../../domain/money';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { ServiceCards } from '../components/ServiceCards';
import { PriceList } from '../components/PriceList';
import { pageMeta } from '../pageMeta';
import { marketingTexts } from '../messages';

const HomeMoreSections = lazy(() =>
  import(/* webpackChunkName: "home-more" */ './HomeMoreSections').then((m) => ({
    default: m.HomeMoreSections,
  })),
);

/**
 * The sections after the quote load with their own code, after the page's. One element for
 * every render: on a prerendered page React hydrates them when that code arrives, and an
 * update reaching them before then would replace their HTML with the (empty) fallback.
 */
const moreSections = (
  <Suspense fallback={null}>
    <HomeMoreSections />
  </Suspense>
);

/**
 * The home page (docs/product.md §2): anchored sections home, services, booking, gallery, reviews,
 * contact and servicearea. `bookingSection` is the quote wizard (composed in src/app).
 */
export function HomePage({ bookingSection }: { bookingSection: ReactNode }) {
  usePageMeta(pageMeta['/'].title, pageMeta['/'].description);
  return (
    <>
      <Hero />
      <Section
        id="services"
        title={marketingTexts.servicesTitle}
        intro={`Detailing packages starting from ${formatUsd(sitePageData.startingPrice)}, done at your home or office. Our team replies within ${REPLY_WITHIN_HOURS} hours.`}
      >
        <ServiceCards />
        <Box sx={{ mt: { xs: 4, md: 6 } }}>
          <PriceList />
        </Box>
      </Section>
      <Section
        id="booking"
        tone="tint"
        title={marketingTexts.getQuote}
        intro={`Pick your vehicle and extras, tell us when suits you, and we'll confirm within ${REPLY_WITHIN_HOURS} hours.`}
      >
        {bookingSection}
      </Section>
      {moreSections}
    </>
  );
}
