/**
 * The business's identity. Every value can be overridden from the environment; the
 * defaults are the owner's own choices (see README, "Business identity").
 */
const read = (value: string | undefined, fallback: string): string =>
  value === undefined || value.trim() === '' ? fallback : value.trim();

export const business = {
  name: read(process.env.BUSINESS_NAME, 'Triangle Shine Mobile Detailing'),
  shortName: read(process.env.BUSINESS_SHORT_NAME, 'Triangle Shine'),
  ownerName: read(process.env.BUSINESS_OWNER, 'Marcus Reed'),
  phone: read(process.env.BUSINESS_PHONE, '(919) 555-0142'),
  email: read(process.env.BUSINESS_EMAIL, 'info@triangleshinedetailing.com'),
  schedulingUrl: read(process.env.SCHEDULING_URL, 'https://calendly.com/triangle-shine/detail'),
  socialUrl: read(
    process.env.SOCIAL_URL,
    'https://nextdoor.com/pages/triangle-shine-mobile-detailing',
  ),
  siteUrl: read(process.env.SITE_URL, 'https://triangleshinedetailing.com'),
  about:
    'Triangle Shine is a family-run mobile detailing team from Cary. We bring water, power and ' +
    'professional products to your driveway or office lot, so your car gets a showroom finish ' +
    'while you get on with your day. Fully insured, eco-conscious, and proud to serve our neighbours ' +
    'across the Triangle since 2019.',
} as const;

/** tel: link target for the phone number. */
export const phoneHref = `tel:+1${business.phone.replace(/\D/g, '').slice(-10)}`;
