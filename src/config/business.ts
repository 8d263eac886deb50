/**
 * The business's identity. Every value can be overridden from the environment; the
 * defaults are the owner's own choices (see README, "Business identity"), and the phone and
 * e-mail are the offer's contact details (./offer.ts).
 */
import { BUSINESS_DEFAULTS } from '../../domain/business';
import { mailtoHref, telHref } from '../../domain/contact';
import { readSetting } from './readSetting';
import { siteOffer } from './offer';

export const business = {
  name: readSetting(process.env.BUSINESS_NAME, BUSINESS_DEFAULTS.name),
  shortName: readSetting(process.env.BUSINESS_SHORT_NAME, BUSINESS_DEFAULTS.shortName),
  ownerName: readSetting(process.env.BUSINESS_OWNER, BUSINESS_DEFAULTS.ownerName),
  phone: readSetting(process.env.BUSINESS_PHONE, siteOffer.offer.contact.phone),
  email: readSetting(process.env.BUSINESS_EMAIL, siteOffer.offer.contact.email),
  schedulingUrl: readSetting(process.env.SCHEDULING_URL, BUSINESS_DEFAULTS.schedulingUrl),
  socialUrl: readSetting(process.env.SOCIAL_URL, BUSINESS_DEFAULTS.socialUrl),
  siteUrl: readSetting(process.env.SITE_URL, BUSINESS_DEFAULTS.siteUrl),
  about:
    'Triangle Shine is a family-run mobile detailing team from Cary. We bring water, power and ' +
    'professional products to your driveway or office lot, so your car gets a showroom finish ' +
    'while you get on with your day. Fully insured, eco-conscious, and proud to serve our neighbours ' +
    'across the Triangle since 2019.',
} as const;

/** tel: and mailto: link targets for the phone number and the e-mail address. */
export const phoneHref = telHref(business.phone);
export const emailHref = mailtoHref(business.email);
