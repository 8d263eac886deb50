/**
 * Every e-mail the product sends, in one place: subject, plain text and HTML (inline styles, no
 * remote images, one narrow column, so it reads the same in Gmail, Outlook and Apple Mail).
 * The business's identity comes from configuration (server/platform/config.ts, `mailFromEnv`).
 */
import type { Booking } from '../../domain/contract/types';
import { addressText, mapUrl, NO_ADDRESS_TEXT } from '../../domain/address';
import { escapeHtml } from '../../domain/html';
import { formatUsd } from '../../domain/money';
import { vehicleText } from '../../domain/vehicle';
import { mailtoHref, telHref } from '../../domain/contact';
import { appointmentText, formatShortDateTime } from '../../domain/dates';
import type { BusinessIdentity } from '../platform/config';
import type { CancelledBy, Credit } from '../bookings/events';
import { DEFAULT_SERVICE_NAME } from '../../domain/business';
import { customerChangeText, type CustomerChange } from '../../domain/customerChange';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** "Saturday, May 2, 2026 at 10:00 AM", or what is known of it. */
export function appointment(booking: Pick<Booking, 'date' | 'time'>): string {
  return (
    appointmentText(booking, 'long') || 'No date chosen yet (we will call you to agree on one)'
  );
}

/**
 * The service address a customer's e-mail may repeat: only a booking an account holds (its
 * e-mail verified). A visitor's typed address goes to the owner only, never back to whatever
 * e-mail address the visitor typed.
 */
/**
 * The service address, only in an e-mail to the verified address of the account that holds the
 * booking: an address someone typed never goes to an e-mail address they typed.
 */
const customersAddress = (booking: Booking, verified: boolean) =>
  verified && booking.userId && booking.serviceAddress ? addressText(booking.serviceAddress) : '';

const addonsText = (booking: Booking) =>
  booking.selectedAddons.length ? booking.selectedAddons.join(', ') : 'None';

/** A row of label and value; `html` is already-escaped HTML for the value. */
interface Row {
  label: string;
  text: string;
  html?: string;
}

function textRows(rows: Row[]): string {
  return rows.map((row) => `${row.label}: ${row.text}`).join('\n');
}

function htmlRows(rows: Row[]): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top;';
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:15px;">${rows
    .map(
      (row) =>
        `<tr><th align="left" style="${cell}color:#4b5563;font-weight:600;width:38%;">${escapeHtml(row.label)}</th><td style="${cell}color:#111827;">${row.html ?? escapeHtml(row.text)}</td></tr>`,
    )
    .join('')}</table>`;
}

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1d4ed8;text-decoration:underline;">${escapeHtml(label)}</a>`;

/**
 * A paragraph is plain text, escaped into its <p>; or its text with the HTML to use instead
 * (already escaped, e.g. with a link).
 */
type Paragraph = string | { text: string; html: string };
const paragraphText = (p: Paragraph) => (typeof p === 'string' ? p : p.text);

/** Each paragraph becomes a <p> and a text paragraph. */
interface Body {
  heading: string;
  paragraphs: Paragraph[];
  rows?: Row[];
  after?: string[];
  /**
   * False: the recipient's address is not the verified e-mail of the booking's account (a
   * visitor's, or one typed for someone else), so the e-mail ends with what to do when they did
   * not ask for it (and its other parts hold nothing the sender typed).
   */
  verified?: boolean;
}

/** The line an e-mail to an address nobody has shown is theirs ends with. */
export const notAskedLine = (business: BusinessIdentity) =>
  `Did not ask us for this? Someone typed your e-mail address, perhaps by mistake: you can ignore this e-mail, or reply to it or call us at ${business.phone} and we will take your address off the request.`;

function render(business: BusinessIdentity, subject: string, body: Body): MailContent {
  if (body.verified === false)
    body = { ...body, after: [...(body.after ?? []), notAskedLine(business)] };
  const footerText = `${business.name} · ${business.phone} · ${business.email} · ${business.siteUrl}`;
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [paragraphText(p), '']),
    ...(body.rows ? [textRows(body.rows), ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    '--',
    footerText,
    '',
  ].join('\n');
  const p = (line: Paragraph) =>
    `<p style="margin:0 0 14px;font-size:15px;line-height:1.5;color:#111827;">${typeof line === 'string' ? escapeHtml(line) : line.html}</p>`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:16px;">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;background:#0f3d5e;border-radius:8px 8px 0 0;color:#ffffff;font-size:18px;font-weight:bold;">${escapeHtml(business.name)}</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827;">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map(p).join('\n')}
${body.rows ? htmlRows(body.rows) : ''}
${(body.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:#4b5563;">${escapeHtml(business.name)} · ${link(telHref(business.phone), business.phone)} · ${link(mailtoHref(business.email), business.email)} · ${link(business.siteUrl, business.siteUrl.replace(/^https?:\/\//, ''))}</td></tr>
</table></td></tr></table>
</body></html>
`;
  return { subject, text, html };
}

/** The owner's row: the address as a map link, or `Call to get the address` (it is optional). */
function addressRow(booking: Booking): Row {
  const address = booking.serviceAddress;
  if (!address) return { label: 'Service address', text: NO_ADDRESS_TEXT };
  const text = addressText(address);
  return { label: 'Service address', text, html: link(mapUrl(address), text) };
}

/** What the request asked for; the service address is the caller's (`address`), if any. */
function requestRows(booking: Booking, address: Row | null): Row[] {
  return [
    { label: 'Vehicle type', text: booking.vehicleType },
    { label: 'Vehicle', text: vehicleText(booking.vehicle) || 'Not given' },
    { label: 'Add-ons', text: addonsText(booking) },
    { label: 'Total', text: formatUsd(booking.totalPrice) },
    { label: 'Preferred date and time', text: appointment(booking) },
    ...(address ? [address] : []),
    { label: 'Notes', text: booking.message || 'None' },
  ];
}

/** The owner's rows to call or e-mail the customer back: name, phone and e-mail, as links. */
function contactRows(booking: Booking): Row[] {
  const phone = booking.phone ?? '';
  const email = booking.email ?? '';
  return [
    { label: 'Name', text: booking.name ?? '' },
    { label: 'Phone', text: `${phone} (${telHref(phone)})`, html: link(telHref(phone), phone) },
    { label: 'E-mail', text: email, html: link(mailtoHref(email), email) },
  ];
}

/** To the owner: a new quote request, with everything needed to call back. */
export function ownerNewQuote(
  business: BusinessIdentity,
  booking: Booking,
  signedIn: boolean,
): MailContent {
  return render(
    business,
    `New quote request: ${booking.name}, ${booking.vehicleType}, ${formatUsd(booking.totalPrice)}`,
    {
      heading: `New quote request from ${booking.name}`,
      paragraphs: [
        signedIn
          ? 'Sent by a signed-in customer (their account has this booking).'
          : 'Sent by a visitor who was not signed in.',
        'Reply to this e-mail to answer the customer directly.',
      ],
      rows: [
        ...contactRows(booking),
        ...requestRows(booking, addressRow(booking)),
        { label: 'Customer account', text: signedIn ? 'Signed in' : 'Not signed in' },
        { label: 'Booking id', text: booking.bookingId },
      ],
    },
  );
}

/**
 * What was chosen, in the business's own words: the service, add-ons, date, time and price
 * (nothing the sender typed).
 */
function chosenRows(booking: Booking): Row[] {
  return [
    {
      label: 'Service',
      text: `${booking.serviceName ?? DEFAULT_SERVICE_NAME} (${booking.vehicleType})`,
    },
    { label: 'Add-ons', text: addonsText(booking) },
    { label: 'Total', text: formatUsd(booking.totalPrice) },
    { label: 'Preferred date and time', text: appointment(booking) },
  ];
}

/**
 * To the customer: their quote request arrived. To an address that is not the signed-in
 * customer's own verified one (`verified` false), only what was chosen: no name, vehicle,
 * notes or address, which anyone could have typed.
 */
export function customerQuoteConfirmation(
  business: BusinessIdentity,
  booking: Booking,
  verified = false,
): MailContent {
  if (!verified)
    return render(business, `We received a quote request: ${business.name}`, {
      heading: 'We received a quote request',
      paragraphs: [
        `A quote request for a car detail was sent to ${business.name} with this e-mail address. We'll contact you within 24 hours to confirm the booking.`,
      ],
      rows: chosenRows(booking),
      after: [`Questions or changes? Call us at ${business.phone} or reply to this e-mail.`],
      verified,
    });
  const address = customersAddress(booking, verified);
  return render(business, `We received your quote request: ${business.name}`, {
    heading: `Thank you, ${booking.name}!`,
    paragraphs: [
      `We received your quote request. We'll contact you within 24 hours to confirm your booking.`,
    ],
    rows: requestRows(booking, address ? { label: 'Service address', text: address } : null),
    after: [
      `What happens next: we call or e-mail you to confirm the date, time and place. Nothing is charged until the job is done.`,
      `Questions or changes? Call us at ${business.phone} or reply to this e-mail.`,
    ],
  });
}

/** What a completed booking's points need: nothing, a claim, or an account. */
function pointsLine(business: BusinessIdentity, booking: Booking, points: number, credit: Credit) {
  if (credit.credited) return `You earned ${points} loyalty points.`;
  if (credit.account)
    return `This booking is worth ${points} loyalty points: sign in with ${booking.email} and answer "This was me" under Requests sent with your e-mail in My Bookings to collect them.`;
  return `This booking is worth ${points} loyalty points. Create an account with ${booking.email} at ${business.siteUrl}/auth to see your pictures and points.`;
}

/** To the customer: the booking was completed. */
export function customerCompleted(
  business: BusinessIdentity,
  booking: Booking,
  points: number,
  credit: Credit,
  verified = false,
): MailContent {
  const pics = `${business.siteUrl}/dashboard/pics`;
  return render(business, `Your detail is done: ${business.name}`, {
    heading: 'Your car is done. Thank you!',
    paragraphs: [
      `We completed your ${booking.vehicleType} detail (${appointment(booking)}).`,
      pointsLine(business, booking, points, credit),
      {
        text: `See the pictures of your car in Service Pics: ${pics}`,
        html: `See the pictures of your car in ${link(pics, 'Service Pics')}.`,
      },
    ],
    verified,
  });
}

/** To the customer: the booking was cancelled (by them or by the business). */
export function customerCancelled(
  business: BusinessIdentity,
  booking: Booking,
  by: CancelledBy,
  verified = false,
): MailContent {
  return render(business, `Booking cancelled: ${business.name}`, {
    heading: 'Your booking is cancelled',
    paragraphs: [
      by === 'customer'
        ? `As you asked, we cancelled your ${booking.vehicleType} booking (${appointment(booking)}).`
        : `We had to cancel your ${booking.vehicleType} booking (${appointment(booking)}). We are sorry.`,
      `To book again, reply to this e-mail or call us at ${business.phone}.`,
    ],
    verified,
  });
}

/** To the customer: the business set the appointment of their request for the first time. */
export function customerBooked(
  business: BusinessIdentity,
  booking: Booking,
  verified = false,
): MailContent {
  return render(business, `Your appointment is booked: ${business.name}`, {
    heading: 'Your appointment is booked',
    paragraphs: [
      `Your appointment is booked for ${appointment(booking)}.`,
      `We will detail your ${booking.vehicleType}${customersAddress(booking, verified) ? ` at ${customersAddress(booking, verified)}` : ''}.`,
      `Not right? Call us at ${business.phone} or reply to this e-mail.`,
    ],
    verified,
  });
}

/** To the customer: the booking moved to a new date or time (after it was booked). */
export function customerRescheduled(
  business: BusinessIdentity,
  booking: Booking,
  verified = false,
): MailContent {
  return render(business, `Booking rescheduled: ${business.name}`, {
    heading: 'Your booking has a new time',
    paragraphs: [
      `Your ${booking.vehicleType} booking is now on ${appointment(booking)}.`,
      `Not right? Call us at ${business.phone} or reply to this e-mail.`,
    ],
    verified,
  });
}

/** To the customer: the evening before the appointment. */
export function customerReminder(
  business: BusinessIdentity,
  booking: Booking,
  verified = false,
): MailContent {
  return render(business, `Reminder: your detail tomorrow at ${booking.time}`, {
    heading: 'See you tomorrow!',
    paragraphs: [
      `A reminder: we come to detail your ${booking.vehicleType} on ${appointment(booking)}.`,
      ...(customersAddress(booking, verified)
        ? [`Service address: ${customersAddress(booking, verified)}.`]
        : []),
      `Need to change it? Call us at ${business.phone} or reply to this e-mail.`,
    ],
    after: [
      verified
        ? 'You can turn these reminders off in Your Profile on the website, or with the unsubscribe link of your e-mail program.'
        : 'You can turn these reminders off with the unsubscribe link of your e-mail program.',
    ],
    verified,
  });
}

/** A request as the owner's digest lists it (nothing the visitor typed). */
export interface DigestLine {
  bookingId: string;
  createdAt: string;
  vehicleType: string;
  totalPrice: number;
}

/** The requests that arrived since the digest opened (`requests`: the first ones). */
export interface Digest {
  since: string;
  count: number;
  requests: DigestLine[];
}

/**
 * To the owner, instead of one e-mail per request while more than the threshold arrive within
 * the hour: how many came, the first ones listed, and where to read them all.
 */
export function ownerDigest(business: BusinessIdentity, digest: Digest): MailContent {
  const inbox = `${business.siteUrl}/owner`;
  const when = (iso: string) => formatShortDateTime(iso);
  return render(business, `${digest.count} new quote requests: ${business.name}`, {
    heading: `${digest.count} new quote requests since ${when(digest.since)}`,
    paragraphs: [
      'More requests than usual arrived within an hour, so they come in one e-mail instead of one each. Read and answer them in the inbox of the owner console:',
      inbox,
      ...(digest.requests.length < digest.count
        ? [`The first ${digest.requests.length} are listed here.`]
        : []),
    ],
    rows: digest.requests.map((request) => ({
      label: when(request.createdAt),
      text: `${request.vehicleType}, ${formatUsd(request.totalPrice)} (booking ${request.bookingId})`,
    })),
  });
}

/**
 * The owner's authenticator app added or removed (the identity provider's answer changed), a code
 * confirmed (how a new app replaces the old one) or the two-step settings changed (the provider's
 * record of those calls).
 */
export type AuthenticatorChangeKind = 'added' | 'removed' | 'confirmed' | 'settings';

/** What each e-mail about the owner's authenticator app says (subject, heading, what happened). */
const AUTHENTICATOR_WORDS: Record<
  AuthenticatorChangeKind,
  { subject: string; heading: string; happened: (at: string) => string }
> = {
  added: {
    subject: "An authenticator app was added to the owner's account",
    heading: 'An authenticator app now signs in to the owner console',
    happened: (at) =>
      `The owner's account was seen with an authenticator app at ${at}: from now on every sign-in to the owner console asks for its code.`,
  },
  removed: {
    subject: "The authenticator app was removed from the owner's account",
    heading: 'The owner console has no authenticator app any more',
    happened: (at) =>
      `The owner's account was seen without its authenticator app at ${at}. The owner console opens again only once an app is set up.`,
  },
  confirmed: {
    subject: "An authenticator app's code was confirmed on the owner's account",
    heading: "The owner's authenticator app may have been replaced",
    happened: (at) =>
      `At ${at} the identity provider recorded an authenticator app's code confirmed for the owner's account. That is how a new app replaces the one set up before (the old one's codes stop working), and how the console checks a code before the app is turned off.`,
  },
  settings: {
    subject: "The owner's two-step sign-in settings were changed",
    heading: "The owner's two-step sign-in settings changed",
    happened: (at) =>
      `At ${at} the identity provider recorded a change to the two-step sign-in settings of the owner's account: the authenticator app may have been turned off, or another method chosen.`,
  },
};

/**
 * To the owner: the owner's authenticator app added or removed (the identity provider's answer at
 * the console's next operation), or a code confirmed or the two-step settings changed (the
 * provider's record of those calls). Only the business's own words and the time it was noticed.
 */
export function ownerAuthenticatorChanged(
  business: BusinessIdentity,
  change: AuthenticatorChangeKind,
  at: string,
): MailContent {
  const words = AUTHENTICATOR_WORDS[change];
  return render(business, `${words.subject}: ${business.name}`, {
    heading: words.heading,
    paragraphs: [
      words.happened(formatShortDateTime(at)),
      `If this was not you, someone has been signed in to the owner's account: at ${business.siteUrl}/dashboard/security change its password, sign out of all devices and set up the authenticator app again.`,
    ],
  });
}

/** The subject's and heading's verb for each kind of customer change. */
const CHANGED: Record<CustomerChange['kind'], string> = {
  moved: 'moved',
  edited: 'changed',
  cancelled: 'cancelled',
};

/**
 * To the owner: the customer moved, edited or cancelled a booking from My Bookings. The change
 * in the console's own words (`customerChangeText`, the mark the console shows), when it was
 * made, a link to the request, and what the owner's e-mails hold to call back.
 */
export function ownerCustomerChange(
  business: BusinessIdentity,
  booking: Booking,
  change: CustomerChange,
): MailContent {
  const request = `${business.siteUrl}/owner/requests/${booking.bookingId}`;
  const headline = `${booking.name} ${CHANGED[change.kind]} their booking`;
  return render(business, `${headline}: ${business.name}`, {
    heading: headline,
    paragraphs: [
      `${customerChangeText(change)}.`,
      `Changed at ${formatShortDateTime(change.at)} (New York time).`,
      {
        text: `See it in the owner console: ${request}`,
        html: `See it in the ${link(request, 'owner console')}.`,
      },
      'Reply to this e-mail to answer the customer directly.',
    ],
    rows: [
      ...contactRows(booking),
      { label: 'Vehicle type', text: booking.vehicleType },
      { label: 'Vehicle', text: vehicleText(booking.vehicle) || 'Not given' },
      { label: 'Appointment', text: appointmentText(booking, 'long') || 'Not scheduled' },
      { label: 'Status', text: booking.status },
      { label: 'Booking id', text: booking.bookingId },
    ],
  });
}
