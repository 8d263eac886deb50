/**
 * LocalBusiness structured data (schema.org AutoWash) for search engines: name, phone,
 * e-mail, opening hours (the owner's working hours) and the offer's towns.
 */
import { business } from '../../config/business';
import { serviceState } from '../../../domain/serviceArea';
import { formatUsd } from '../../../domain/money';
import { sitePageData } from './offerPageData';
import {
  weekdayNames,
  type AvailabilityRules,
  type WeekdayName,
} from '../../../domain/availability';

const schemaDays: Record<WeekdayName, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

/** The working days of the owner's week, grouped by their hours, in schema.org form. */
function openingHours(week: AvailabilityRules['week']) {
  const byHours = new Map<string, { opens: string; closes: string; dayOfWeek: string[] }>();
  for (const day of [...weekdayNames.slice(1), weekdayNames[0]]) {
    const hours = week[day];
    if (!hours.open) continue;
    const key = `${hours.start}-${hours.end}`;
    const group = byHours.get(key) ?? { opens: hours.start, closes: hours.end, dayOfWeek: [] };
    group.dayOfWeek.push(schemaDays[day]);
    byHours.set(key, group);
  }
  return [...byHours.values()].map(({ dayOfWeek, opens, closes }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek,
    opens,
    closes,
  }));
}

/** `week`: the owner's working hours (src/lib/workingWeek.tsx), as the page shows them. */
export function localBusinessJsonLd(week: AvailabilityRules['week']) {
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
    openingHoursSpecification: openingHours(week),
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
