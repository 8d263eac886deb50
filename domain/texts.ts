/**
 * Text messages (SMS) to customers: the rules and the consent wording the app shows and the
 * server stores with each consent (server/mail/textOutbox.ts). The texts themselves are in
 * server/mail/textWording.ts; docs/product.md "Texts" lists every wording.
 */

/** What the business's texts allow themselves. */
export const TEXT_RULES = {
  /** No text from this hour (21:00, America/New_York)… */
  quietFromHour: 21,
  /** …until this one (08:00): a text due in between waits ("On my way" excepted). */
  quietUntilHour: 8,
  /** At most this many texts to one number per day (America/New_York). */
  perNumberPerDay: 5,
  /** At most one status text per booking per this period (later changes wait and coalesce). */
  statusEveryMs: 10 * 60 * 1000,
  /** A confirmation code lives this long, and this many wrong tries end it. */
  codeTtlMs: 10 * 60 * 1000,
  codeTries: 5,
} as const;

/** The arrival times the owner's "On my way" offers, in minutes. */
export const ON_MY_WAY_MINUTES = [10, 20, 30, 45] as const;

/** Incoming words (any case, alone in the message) that turn every text off for the number. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
/** Incoming words that turn texts back on, and that ask for help. */
export const START_WORDS = ['START'] as const;
export const HELP_WORDS = ['HELP'] as const;

/** The consent the profile's switches give, shown beside them and stored with the choice. */
export const PROFILE_TEXT_CONSENT = (businessName: string) =>
  `I agree to receive texts from ${businessName} about my appointments at this number: the reminders and booking updates I turn on, and "On my way" on the day. At most 5 texts a day. Message and data rates may apply. Reply STOP to stop, HELP for help.`;

/** The consent of the quote form's "Text me about this request" box. */
export const QUOTE_TEXT_CONSENT = (businessName: string) =>
  `I agree to receive texts from ${businessName} about this request at the phone number above: its booking, changes, a reminder the evening before and "On my way" on the day. At most 5 texts a day. Message and data rates may apply. Reply STOP to stop, HELP for help.`;

/** The label of the quote form's box. */
export const QUOTE_TEXT_LABEL = 'Text me about this request';

/**
 * A US phone number as texts need it (E.164, `+1` and 10 digits) from what a person typed
 * (`(919) 555-0142`, `919-555-0142`, `+1 919 555 0142`), or null when it is not one.
 */
export function textNumber(typed: string | null | undefined): string | null {
  const digits = (typed ?? '').replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(ten) ? `+1${ten}` : null;
}

/** `+19195550142` as `(919) 555-0142`. */
export function numberText(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}
