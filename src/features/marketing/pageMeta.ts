/**
 * Title and description of each public page (search engines and sharing). The pages set
 * them with usePageMeta; the prerender step may write the same values into the HTML.
 */
import { business } from '../../config/business';
import { REPLY_WITHIN_HOURS } from '../../config/hours';
import { formatUsd } from '../../../domain/money';
import { sitePageData } from './offerPageData';

const from = formatUsd(sitePageData.startingPrice);

export const pageMeta = {
  '/': {
    title: 'Mobile Car Detailing in Cary, Raleigh and the Triangle',
    description:
      `Mobile car detailing at your home or office in ${sitePageData.townsText}. ` +
      `Packages from ${from}; free quotes answered within ${REPLY_WITHIN_HOURS} hours.`,
  },
  '/services': {
    title: 'Our Services',
    description:
      'Exterior detailing, interior detailing and mobile washes in your driveway or office lot. ' +
      `Packages starting from ${from}, and our team replies within ${REPLY_WITHIN_HOURS} hours.`,
  },
  '/gallery': {
    title: 'Gallery',
    description:
      'A look at our detailing work: foam washes, wheel and tire shine, leather care, ceramic wax, ' +
      'water-beading coatings and more.',
  },
  '/contact': {
    title: 'Contact Us',
    description: `Call ${business.phone} or e-mail ${business.email}. We come to you across Cary, Raleigh, Durham and the Triangle.`,
  },
  '/booking': {
    title: 'Book a Service',
    description: `Online booking is coming to this page. Until then, request a free quote on our home page or call ${business.phone}.`,
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: `What ${business.name} keeps about you, why, for how long, and how to download or delete it.`,
  },
  '/terms': {
    title: 'Terms of Service',
    description: `The terms of ${business.name}'s mobile detailing service and of this website.`,
  },
} as const;
