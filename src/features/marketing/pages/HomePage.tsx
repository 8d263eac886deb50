import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { usePageMeta } from '../../../components/usePageMeta';
import { REPLY_WITHIN_HOURS } from '../../../config/hours';
import { STARTING_PRICE } from '../../../config/pricing';
import { formatUsd } from '../../../lib/money';
import { Hero } from '../components/Hero';
import { Section } from '../components/Section';
import { ServiceCards } from '../components/ServiceCards';
import { PriceList } from '../components/PriceList';
import { GallerySection } from '../components/GallerySection';
import { Reviews } from '../components/Reviews';
import { ContactSection } from '../components/ContactSection';
import { ServiceArea } from '../components/ServiceArea';
import { jsonForScript, localBusinessJsonLd } from '../structuredData';
import { pageMeta } from '../pageMeta';

/**
 * The home page (spec §2): anchored sections home, services, booking, gallery, reviews,
 * contact and servicearea. `bookingSection` is the quote wizard (composed in src/app).
 */
export function HomePage({ bookingSection }: { bookingSection: ReactNode }) {
  usePageMeta(pageMeta['/'].title, pageMeta['/'].description);
  return (
    <>
      <Hero />
      <Section
        id="services"
        title="Our Services"
        intro={`Detailing packages starting from ${formatUsd(STARTING_PRICE)}, done at your home or office. Our team replies within ${REPLY_WITHIN_HOURS} hours.`}
      >
        <ServiceCards />
        <Box sx={{ mt: { xs: 4, md: 6 } }}>
          <PriceList />
        </Box>
      </Section>
      <Section
        id="booking"
        tone="tint"
        title="Get a Free Quote"
        intro={`Pick your vehicle and extras, tell us when suits you, and we'll confirm within ${REPLY_WITHIN_HOURS} hours.`}
      >
        {bookingSection}
      </Section>
      <Section
        id="gallery"
        tone="dark"
        title="Our Best Work"
        intro="Foam baths, wheel and tire shine, leather care and mirror-gloss finishes."
      >
        <GallerySection />
      </Section>
      <Section
        id="reviews"
        title="What Our Neighbours Say"
        intro="Families and commuters across the Triangle trust us with their cars."
      >
        <Reviews />
      </Section>
      <Section id="contact" tone="tint" title="Get in Touch">
        <ContactSection />
      </Section>
      <Section
        id="servicearea"
        tone="brand"
        title="Service Area"
        intro="Based in Cary, we come to you anywhere in these towns."
      >
        <ServiceArea />
      </Section>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(localBusinessJsonLd()) }}
      />
    </>
  );
}
