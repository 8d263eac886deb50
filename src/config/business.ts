/**
 * The business's identity. Every value can be overridden from the environment; the
 * defaults are the owner's own choices (see README, "Business identity").
 */
import { readSetting } from './readSetting';

export const business = {
  name: readSetting(process.env.BUSINESS_NAME, 'Triangle Shine Mobile Detailing'),
  shortName: readSetting(process.env.BUSINESS_SHORT_NAME, 'Triangle Shine'),
  ownerName: readSetting(process.env.BUSINESS_OWNER, 'Marcus Reed'),
  phone: readSetting(process.env.BUSINESS_PHONE, '(919) 555-0142'),
  email: readSetting(process.env.BUSINESS_EMAIL, 'info@triangleshinedetailing.com'),
  schedulingUrl: readSetting(
    process.env.SCHEDULING_URL,
    'https://calendly.com/triangle-shine/detail',
  ),
  socialUrl: readSetting(
    process.env.SOCIAL_URL,
    'https://nextdoor.com/pages/triangle-shine-mobile-detailing',
  ),
  siteUrl: readSetting(process.env.SITE_URL, 'https://triangleshinedetailing.com'),
  about:
    'Triangle Shine is a family-run mobile detailing team from Cary. We bring water, power and ' +
    'professional products to your driveway or office lot, so your car gets a showroom finish ' +
    'while you get on with your day. Fully insured, eco-conscious, and proud to serve our neighbours ' +
    'across the Triangle since 2019.',
} as const;

/** tel: link target for the phone number. */
export const phoneHref = `tel:+1${business.phone.replace(/\D/g, '').slice(-10)}`;
