import { Section } from '../components/Section';
import { GallerySection } from '../components/GallerySection';
import { Reviews } from '../components/Reviews';
import { ContactSection } from '../components/ContactSection';
import { ServiceArea } from '../components/ServiceArea';
import { jsonForScript, localBusinessJsonLd } from '../structuredData';
import { marketingTexts } from '../messages';
import { useWorkingWeek } from '../../../lib/workingWeek';

/**
 * The home page's sections after the quote (gallery, reviews, contact, service area) and its
 * structured data. Far from the first view, so their code loads after the page's own
 * (HomePage.tsx).
 */
export function HomeMoreSections() {
  const week = useWorkingWeek();
  return (
    <>
      <Section
        id="gallery"
        tone="dark"
        title={marketingTexts.galleryTitle}
        intro="Foam baths, wheel and tire shine, leather care and mirror-gloss finishes."
      >
        <GallerySection />
      </Section>
      <Section
        id="reviews"
        title={marketingTexts.reviewsTitle}
        intro="Families and commuters across the Triangle trust us with their cars."
      >
        <Reviews />
      </Section>
      <Section id="contact" tone="tint" title={marketingTexts.contactSectionTitle}>
        <ContactSection />
      </Section>
      <Section
        id="servicearea"
        tone="brand"
        title={marketingTexts.serviceAreaTitle}
        intro="Based in Cary, we come to you anywhere in these towns."
      >
        <ServiceArea />
      </Section>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(localBusinessJsonLd(week)) }}
      />
    </>
  );
}
