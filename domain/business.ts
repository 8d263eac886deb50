/**
 * The business's identity as the owner chose it: the defaults of the BUSINESS_* settings, read by
 * the app (src/config/business.ts, at build time) and by the server (its e-mails, at start).
 */
export const BUSINESS_DEFAULTS = {
  name: 'Triangle Shine Mobile Detailing',
  shortName: 'Triangle Shine',
  ownerName: 'Marcus Reed',
  phone: '(919) 555-0142',
  email: 'info@triangleshinedetailing.com',
  schedulingUrl: 'https://calendly.com/triangle-shine/detail',
  socialUrl: 'https://nextdoor.com/pages/triangle-shine-mobile-detailing',
  siteUrl: 'https://triangleshinedetailing.com',
} as const;

/** A website booking's service name when the request names none (the server stores it, the app shows it). */
export const DEFAULT_SERVICE_NAME = 'Detailing Service';
