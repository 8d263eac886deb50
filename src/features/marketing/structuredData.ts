/**
 * LocalBusiness structured data (schema.org AutoWash) for search engines: name, phone,
 * e-mail, opening hours and the eight towns served.
 */
import { business } from '../../config/business';
import { serviceState, serviceTowns } from '../../../domain/serviceArea';
import { formatUsd } from '../../../domain/money';
import { STARTING_PRICE, vehicleTypes } from '../../../domain/pricing';

/** docs/product.md §2 contact hours (Mon-Sun 9am-6pm) in schema.org form. */
export const OPENING_HOURS = 'Mo-Su 09:00-18:00';

export function localBusinessJsonLd() {
  const highest = Math.max(...vehicleTypes.map((v) => v.price));
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoWash',
    '@id': `${business.siteUrl}/#business`,
    name: business.name,
    description: business.about,
    url: business.siteUrl,
    telephone: business.phone,
    email: business.email,
    priceRange: `${formatUsd(STARTING_PRICE)}-${formatUsd(highest)}`,
    openingHours: OPENING_HOURS,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '09:00',
      closes: '18:00',
    },
    address: {
      '@type': 'PostalAddress',
      addressLocality: serviceTowns[0],
      addressRegion: serviceState,
      addressCountry: 'US',
    },
    areaServed: serviceTowns.map((town) => ({
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
