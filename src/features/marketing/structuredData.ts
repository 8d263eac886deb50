/**
 * LocalBusiness structured data (schema.org AutoWash) for search engines: name, phone,
 * e-mail, opening hours and the offer's towns.
 */
import { business } from '../../config/business';
import { serviceState } from '../../../domain/serviceArea';
import { formatUsd } from '../../../domain/money';
import { sitePageData } from './offerPageData';

/** docs/product.md §2 contact hours (Mon-Sun 9am-6pm) in schema.org form. */
export const OPENING_HOURS = 'Mo-Su 09:00-18:00';

export function localBusinessJsonLd() {
  const { startingPrice, highestPrice, towns } = sitePageData;
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoWash',
    '@id': `${business.siteUrl}/#business`,
    name: business.name,
    description: business.about,
    url: business.siteUrl,
    telephone: business.phone,
    email: business.email,
    priceRange: `${formatUsd(startingPrice)}-${formatUsd(highestPrice)}`,
    openingHours: OPENING_HOURS,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '09:00',
      closes: '18:00',
    },
    address: {
      '@type': 'PostalAddress',
      addressLocality: towns[0],
      addressRegion: serviceState,
      addressCountry: 'US',
    },
    areaServed: towns.map((town) => ({
      '@type': 'City',
      name: `${town}, ${serviceState}`,
    })),
    sameAs: [business.socialUrl],
  };
}

/** JSON for a <script> element: "<" is escaped so the text can never close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
