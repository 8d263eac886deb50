/**
 * The public pages' texts (docs/product.md, the public pages). Figures inside them (prices,
 * reply time) come from their own homes: the offer (./offerPageData.ts), src/config/hours.ts.
 */
import { REPLY_WITHIN_HOURS } from '../../config/hours';

export const marketingTexts = {
  heroTitle: 'A showroom shine, right in your driveway',
  getQuote: 'Get a Free Quote',
  servicesTitle: 'Our Services',
  galleryTitle: 'Our Best Work',
  reviewsTitle: 'What Our Neighbours Say',
  readMoreReviews: 'Read more reviews from our neighbours',
  contactSectionTitle: 'Get in Touch',
  serviceAreaTitle: 'Service Area',
  townsLabel: 'Towns we serve',
  plansTitle: 'Regular plans',
  planNames: { weekly: 'Weekly', biweekly: 'Every two weeks', monthly: 'Monthly' },
  perVisit: (price: string) => `${price} a visit`,
  scheduleOnline: 'Schedule Online',
  contactPageTitle: 'Contact Us',
  contactPageIntro: `Questions about a detail, a fleet or a gift card? Call, e-mail or book online. We reply within ${REPLY_WITHIN_HOURS} hours.`,
  contactFormLabel: 'Contact form (coming soon)',
  contactFormName: 'Your Name',
  contactFormMessage: 'Message',
  contactFormSend: 'Send Message',
  bookingPageTitle: 'Book a Service',
  bookingPageIntro: 'The booking wizard will be moved here in a later phase.',
  galleryPageTitle: 'Gallery',
  galleryPageMoreTitle: 'Like what you see?',
  galleryPageMoreText: `Tell us about your car and we'll get back to you within ${REPLY_WITHIN_HOURS} hours.`,
} as const;

/** The gallery slideshow's controls and announcements. */
export const slideshowTexts = {
  region: 'Our work, image by image',
  previous: 'Previous image',
  next: 'Next image',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  slide: 'Slide',
  fade: 'Fade',
  empty: 'No images available.',
  dot: (number: number, count: number) => `Show image ${number} of ${count}`,
  current: (number: number, count: number, caption: string) =>
    `Image ${number} of ${count}: ${caption}`,
} as const;
