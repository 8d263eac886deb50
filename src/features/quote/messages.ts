/** docs/product.md §8, quote: the messages shown after a submit. {phone} comes from src/config/business.ts. */
import { business } from '../../config/business';
import { townsText } from '../../../domain/offer';
import { siteOffer } from '../../config/offer';

/** `Cary, Apex, …, Garner and Wake Forest`. */
const townList = townsText(siteOffer.offer.towns);

export const quoteMessages = {
  success:
    "Thank you! Your quote request has been submitted successfully. We'll contact you within 24 hours to confirm your booking.",
  failure: `Failed to submit quote request. Please try calling us at ${business.phone}.`,
  network: `Network error. Please check your connection and try again, or call us at ${business.phone}.`,
} as const;

/** What a signed-in customer sees in the wizard (docs/product.md, signed-in quote). */
export const accountQuoteTexts = {
  emailHelper: 'The e-mail of your account.',
  vehicleChoiceLabel: 'Vehicle Information',
  otherVehicle: 'Another vehicle (type it below)',
  otherVehicleLabel: 'Other vehicle',
  noVehicle: 'Not specified',
  myBookingsLink: 'See it in My Bookings',
  /** After the free times failed to load: the request can go without a time. */
  noTimeNeeded: 'You can send the request without a time: we will call you to agree one.',
} as const;

/** The booking step's service address (docs/product.md §4, an optional addition to the spec's form). */
export const addressTexts = {
  legend: 'Service address',
  hint: 'Where the car will be, so we can come to you. No address to hand, or rather talk first? Leave it empty: we will call you for it.',
  line2Placeholder: 'Apartment, suite or unit (optional)',
  outsideArea: (city: string) =>
    `${city} is outside the towns we serve (${townList}). You can still send the request: we will call you to say whether we can come.`,
} as const;
