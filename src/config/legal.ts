/**
 * The privacy policy (/privacy) and the terms of service (/terms): the business's own words, in
 * this one file. Edit the text here; have it reviewed by someone qualified before publishing it
 * (README, "Privacy policy and terms").
 *
 * `storedData` and `browserStorage` must name every database column and every key the app keeps
 * in the browser's storage: `test/server/privacyText.test.ts` reads the live database schema and
 * the app's storage keys, and fails when one is missing here.
 */
import { business } from './business';

/** A heading and its paragraphs. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

/** One database table, as the privacy policy explains it. */
export interface StoredTable {
  table: string;
  /** What the table is, in plain words. */
  holds: string;
  /** How long its rows are kept. */
  kept: string;
  /** Every column, with what it holds. */
  columns: Readonly<Record<string, string>>;
}

/** One key the app keeps in this browser. */
export interface BrowserKey {
  key: string;
  storage: 'local storage' | 'session storage' | 'local and session storage';
  holds: string;
}

export const LEGAL_UPDATED = 'November 27, 2026';

const untilDeleted = 'Until you delete your account.';
const forAccounts =
  'Kept for our accounts. When you delete your account, your name, e-mail, phone, address, vehicle and notes are removed from it.';

export const storedData: readonly StoredTable[] = [
  {
    table: 'customers',
    holds: 'Your profile.',
    kept: untilDeleted,
    columns: {
      user_id: 'your account id at our identity provider',
      email: 'your verified e-mail address',
      email_lower: 'the same address in lower case, to find your bookings',
      name: 'your name',
      phone: 'your phone number',
      mobile: 'your mobile number',
      service_address: 'the address where we detail your car',
      email_reminders: 'whether you want a reminder e-mail the evening before an appointment',
      email_status_updates:
        'whether you want an e-mail when a booking is completed, cancelled or moved',
      text_reminders: 'whether you want a reminder text the evening before an appointment',
      text_status_updates:
        'whether you want a text when a booking is scheduled, moved, cancelled or completed',
      text_number: 'the mobile number you confirmed for texts (with a code we texted to it)',
      text_consent_at: 'when you agreed to get texts',
      text_consent_wording: 'the words you agreed to',
      created_at: 'when your profile was created',
      updated_at: 'when you last changed it',
    },
  },
  {
    table: 'vehicles',
    holds: 'The vehicles you added.',
    kept: untilDeleted,
    columns: {
      vehicle_id: 'the vehicle’s id',
      user_id: 'your account id',
      make: 'make',
      model: 'model',
      year: 'year',
      license_plate: 'licence plate, if you gave it',
      created_at: 'when you added it',
      updated_at: 'when you last changed it',
    },
  },
  {
    table: 'bookings',
    holds: 'Quote requests and bookings made on this website, signed in or not.',
    kept: forAccounts,
    columns: {
      booking_id: 'the booking’s id',
      user_id: 'your account id, when the booking is yours',
      name: 'the name given with the request',
      email: 'the e-mail given with the request',
      email_lower: 'the same address in lower case',
      phone: 'the phone number given with the request',
      date: 'the day asked for',
      time: 'the time asked for',
      vehicle_type: 'sedan, SUV or minivan',
      vehicle: 'the vehicle described',
      selected_addons: 'the add-ons chosen',
      package_addons: 'for a Premium Package, the add-ons it included when booked',
      total_price: 'the price',
      status: 'booked, completed or cancelled',
      service_name: 'the service',
      message: 'your notes to us (for example a gate code)',
      service_address: 'the address given with the request',
      seen_at: 'when the owner first read the request',
      scheduled_at: 'when the owner first set its appointment',
      hold_until:
        'until when a request sent without signing in keeps its time free of other bookings (unless the owner confirms it first)',
      customer_change:
        'your own last change to it (moved, changed or cancelled), until the owner has seen it',
      completed_at:
        'when the owner marked it completed (the completion can be undone for 10 minutes)',
      text_number:
        'the phone number texts about the request go to, when you ticked "Text me about this request"',
      text_consent_at: 'when you ticked it',
      text_consent_wording: 'the words beside it that you agreed to',
      owner_note: 'the owner’s own note for the job (for example where to park)',
      cancel_reason: 'why the owner cancelled it, when they did',
      created_at: 'when it was sent',
      updated_at: 'when it last changed',
    },
  },
  {
    table: 'calendly_bookings',
    holds: 'Bookings made in our online scheduling service (Calendly), as it reports them to us.',
    kept: forAccounts,
    columns: {
      booking_id: 'our id for the booking',
      uri: 'the scheduling service’s reference for it',
      email: 'the e-mail given there',
      email_lower: 'the same address in lower case',
      name: 'the name given there',
      service_name: 'the service booked',
      start_time: 'when it starts',
      vehicle: 'the vehicle described',
      vehicle_type: 'the vehicle type',
      canceled: 'whether it was cancelled',
      reschedule_url: 'your link to reschedule it',
      cancel_url: 'your link to cancel it',
      created_at: 'when we received it',
      updated_at: 'when it last changed',
    },
  },
  {
    table: 'idempotency_keys',
    holds:
      'For a quote request sent twice (a second press of Submit), our first answer to it, so the request is stored once.',
    kept: '24 hours, or until you delete your account.',
    columns: {
      user_id: 'your account id, or nothing when you were not signed in',
      key: 'a random key your browser made for the request',
      request_digest: 'a fingerprint of the request, to tell a repeat from another request',
      booking_id: 'the booking it created',
      status: 'how we answered',
      response: 'our answer: the booking as stored, with your contact details',
      created_at: 'when we received it',
    },
  },
  {
    table: 'pictures',
    holds:
      'Pictures we take of your car during a service, with their description. The image files are kept in our storage beside the database.',
    kept: untilDeleted,
    columns: {
      picture_id: 'the picture’s id',
      booking_id: 'the booking it belongs to',
      file: 'the name of the image file',
      description: 'what it shows',
      label: 'the name its file had when it was uploaded (for example after.jpg)',
      uploaded_at: 'when it was added',
    },
  },
  {
    table: 'subscriptions',
    holds: 'Your detailing plans.',
    kept: untilDeleted,
    columns: {
      subscription_id: 'the plan’s id',
      user_id: 'your account id',
      plan: 'weekly, every two weeks or monthly',
      status: 'active or cancelled',
      created_at: 'when you started it',
      cancelled_at: 'when you cancelled it',
    },
  },
  {
    table: 'loyalty_transactions',
    holds: 'Your loyalty points: every credit and redemption.',
    kept: untilDeleted,
    columns: {
      id: 'the entry’s id',
      user_id: 'your account id',
      type: 'earned, redeemed, welcome bonus or adjustment',
      points: 'how many points',
      source: 'why',
      reason_key: 'what it was for, so nothing is credited twice',
      created_at: 'when',
    },
  },
  {
    table: 'booking_claim_refusals',
    holds:
      'Requests sent without signing in with your e-mail that you told us are not yours, so we do not offer them again.',
    kept: untilDeleted,
    columns: {
      booking_id: 'the request',
      user_id: 'your account id',
      decided_at: 'when you told us',
    },
  },
  {
    table: 'seeded_customers',
    holds: 'Demonstration accounts filled with example history.',
    kept: untilDeleted,
    columns: { user_id: 'the demonstration account’s id', seeded_at: 'when it was filled' },
  },
  {
    table: 'sessions_ended',
    holds:
      'When you last signed out of all devices or changed your password, so that sign-ins from before then are refused.',
    kept: 'Until you delete your account.',
    columns: { sub: 'your account’s id', ended_at: 'when your sessions ended' },
  },
  {
    table: 'owner_authenticators',
    holds:
      'For the business owner’s account only: whether it had an authenticator app when last checked, so that the owner is e-mailed when one is added or removed. Nothing about customers.',
    kept: 'Until the owner’s account is deleted.',
    columns: {
      sub: 'the owner account’s id',
      has_app: 'whether it had an authenticator app',
      seen_at: 'when that last changed',
    },
  },
  {
    table: 'outbox',
    holds:
      'The e-mails we send about quote requests and bookings (to you, and to the owner about your request), with their text, until and after they are sent.',
    kept: 'A sent e-mail is deleted 30 days after it was sent; one not sent yet (or never delivered) until you delete your account, when the e-mails about your requests are deleted with it.',
    columns: {
      id: 'the e-mail’s id',
      dedupe_key: 'what the e-mail is about, so it is never sent twice',
      kind: 'which e-mail it is (for example a confirmation or a reminder)',
      audience: 'whether it goes to you or to the owner',
      booking_id: 'the request or booking it is about',
      payload: 'the details the e-mail shows (your name, e-mail, phone, vehicle, address, notes)',
      recipient: 'the address it goes to',
      status: 'waiting, sending, sent or given up',
      failure:
        'why we gave up: the mail server refused it, it could not be delivered for 72 hours, or the address is on the list of addresses we do not e-mail',
      failed_at: 'when we gave up',
      queued_at: 'when we started trying to send it',
      dismissed_at: 'when the owner decided not to send an e-mail we could not deliver',
      dismissed_by: 'which owner account decided it',
      dismiss_reason: 'the owner’s reason',
      attempts: 'how many times we tried to send it',
      next_attempt_at: 'when we try again',
      last_error: 'why the last try failed',
      created_at: 'when it was written',
      sent_at: 'when the mail server accepted it',
    },
  },
  {
    table: 'suppressed_addresses',
    holds:
      'E-mail addresses our e-mail service reported as not existing, or whose owner marked one of our e-mails as spam, so that we stop e-mailing them.',
    kept: 'Until the owner allows the address again, or you delete your account with that address.',
    columns: {
      email_lower: 'the address (in lower case)',
      reason: 'whether it bounced or was marked as spam',
      detail: 'the e-mail service’s kind of bounce or complaint',
      suppressed_at: 'when it was reported',
    },
  },
  {
    table: 'texts',
    holds:
      'The texts we send you about your bookings (reminders, booking updates, "On my way", confirmation codes, answers to HELP, STOP and START), with their words and the number they go to, until and after they are sent.',
    kept: 'A sent text is deleted 30 days after it was sent; one not sent yet until you delete your account, when the texts to you and about your requests are deleted with it.',
    columns: {
      id: 'the text’s id',
      dedupe_key: 'what the text is about, so that it is sent only once',
      kind: 'which text it is',
      booking_id: 'the booking it is about',
      user_id: 'your account id',
      number: 'the number it goes to',
      payload: 'the day, time, address or minutes the text is made from',
      body: 'the words as sent',
      status: 'waiting, being sent, sent or given up',
      attempts: 'how many times we tried to send it',
      next_attempt_at: 'when it is tried next',
      queued_at: 'when it was due',
      created_at: 'when it was written',
      sent_at: 'when it was sent',
      provider_id: 'the text provider’s id for it',
      failure: 'why it was given up, if it was',
      last_error: 'the text provider’s last answer',
      failed_at: 'when it was given up',
    },
  },
  {
    table: 'text_codes',
    holds: 'The code we texted to confirm a mobile number for texts (only a one-way digest of it).',
    kept: 'Until the number is confirmed, a new code replaces it, or you delete your account.',
    columns: {
      user_id: 'your account id',
      number: 'the number the code went to',
      code_digest: 'a one-way digest of the code',
      tries: 'how many wrong codes were tried',
      expires_at: 'when the code expires (10 minutes after it was sent)',
    },
  },
  {
    table: 'text_stops',
    holds:
      'The numbers that texted STOP (or UNSUBSCRIBE, CANCEL, END, QUIT), so that no text goes to them.',
    kept: 'Until the number texts START, you turn texts back on in your profile, or you delete your account.',
    columns: {
      number: 'the number',
      word: 'the word it texted',
      stopped_at: 'when',
    },
  },
  {
    table: 'email_opt_outs',
    holds:
      'The kinds of e-mail (reminders, booking status e-mails) an address turned off with the unsubscribe link of one of our e-mails, so that none of that kind goes to it again.',
    kept: 'Until you delete your account, or turn that kind of e-mail back on in your profile.',
    columns: {
      email_lower: 'the e-mail address, in lower case',
      kind: 'which kind of e-mail it turned off',
      created_at: 'when it was turned off',
    },
  },
  {
    table: 'webhook_deliveries',
    holds:
      'Signatures of the messages the scheduling service sent us, so a message is never applied twice. Nothing about you.',
    kept: 'Indefinitely.',
    columns: { signature: 'the message’s signature', received_at: 'when it arrived' },
  },
  {
    table: 'deleted_accounts',
    holds:
      'A one-way fingerprint of each deleted account’s id, so its old sign-ins are refused. It cannot be turned back into the id, and holds nothing else about you. The same fingerprints and times are also kept in a list outside the database, so that an account restored from a backup is deleted again.',
    kept: 'Indefinitely.',
    columns: {
      subject_digest: 'the fingerprint',
      deleted_at: 'when the account was deleted',
    },
  },
  {
    table: 'account_events',
    holds: 'A note for the owner that an account was deleted, without anything about whose it was.',
    kept: 'Indefinitely.',
    columns: { event_id: 'the note’s id', kind: 'what happened', occurred_at: 'when' },
  },
  {
    table: 'availability_rules',
    holds:
      'The owner’s working hours, days off, job lengths and booking limits, which decide the times the booking form offers. Nothing about you.',
    kept: 'Until the owner changes them.',
    columns: {
      id: 'always 1 (there is one set of rules)',
      rules: 'the rules',
      updated_at: 'when the owner last saved them',
    },
  },
  {
    table: 'offer_versions',
    holds:
      'What the business sells (prices, add-ons, plans, towns, contact details, reviews and gallery) as the owner changed it, each change kept with the owner account that made it. Reviews hold the reviewer’s first name, initial and town as the owner typed them.',
    kept: 'Indefinitely (the last 20 changes are listed to the owner).',
    columns: {
      version: 'the change’s number',
      offer: 'the offer as it was then',
      created_by: 'the owner account’s id that made it (erased with that account)',
      created_at: 'when it was made',
      restored_from: 'the earlier version it copied, if any',
      published_at: 'when it was published, if it was',
    },
  },
  {
    table: 'offer_published',
    holds: 'Which version of the offer visitors see. Nothing about you.',
    kept: 'Until the owner publishes another.',
    columns: {
      id: 'always 1 (there is one published offer)',
      version: 'the published version',
    },
  },
  {
    table: 'gallery_pictures',
    holds:
      'The pictures of our work the owner uploads for the gallery, resized, without the camera’s details or location. The image files are kept in our storage beside the database; their alt text and captions are part of the offer. Nothing about you.',
    kept: 'Indefinitely (earlier versions of the offer may show them again).',
    columns: {
      id: 'the picture’s id (made from its content)',
      width: 'its width in pixels',
      height: 'its height in pixels',
      color: 'the colour shown while it loads',
      widths: 'the widths its files were made in',
      uploaded_by: 'the owner account’s id that uploaded it (erased with that account)',
      uploaded_at: 'when it was uploaded',
    },
  },
  {
    table: 'mail_alarms',
    holds:
      'When our e-mail as a whole was failing (the mail server down, or refusing most e-mails), so that the owner is told once. Nothing about you.',
    kept: 'Indefinitely.',
    columns: {
      id: 'the alarm’s number',
      reason: 'what was failing',
      raised_at: 'when it started',
      cleared_at: 'when e-mail worked again',
    },
  },
  {
    table: 'calendar_feed',
    holds:
      'The secret part of the private address at which the owner’s phone calendar reads the booked appointments (your name, phone, service address and vehicle among them). Only the owner sees the address; nothing about you is stored in this table itself.',
    kept: 'Until the owner makes a new address, which ends the old one at once.',
    columns: {
      id: 'always 1 (there is one address)',
      token: 'the address’s secret',
      created_at: 'when the owner made the address',
    },
  },
  {
    table: 'client_errors',
    holds:
      'Errors your browser met on our pages (for example a page whose code failed to download), so we can fix them. Nothing about you: not your address, account, the page’s query string or what you typed; e-mail addresses and long numbers in an error’s text are removed before it is stored.',
    kept: '30 days after the error was last reported.',
    columns: {
      id: 'the report’s number',
      message: 'the error’s text',
      kind: 'an error, a failed promise, or code that failed to download',
      path: 'the page’s path (for example /dashboard/bookings), without anything after it',
      source: 'our script file the error came from, and',
      line: 'its line',
      version: 'the version of our website',
      occurrences: 'how many times the same error was reported within the hour',
      first_seen_at: 'when it was first reported',
      last_seen_at: 'when it was last reported',
    },
  },
  {
    table: 'schema_version',
    holds: 'The version of our database layout. Nothing about you.',
    kept: 'Indefinitely.',
    columns: { version: 'the version number' },
  },
];

export const browserStorage: readonly BrowserKey[] = [
  {
    key: 'idToken',
    storage: 'local and session storage',
    holds: 'your sign-in (an identity token with your account id and e-mail)',
  },
  { key: 'accessToken', storage: 'local and session storage', holds: 'your sign-in (access)' },
  {
    key: 'CognitoIdentityServiceProvider',
    storage: 'local storage',
    holds:
      'only when you chose "Remember this device" after a sign-in code: that device’s key and secret (the sign-in service’s own names begin with this), so this browser is not asked for a code again; Forget on Account Security, or signing out of all devices, ends it',
  },
  {
    key: 'refreshToken',
    storage: 'local and session storage',
    holds: 'what renews your sign-in while you stay signed in',
  },
  { key: 'user', storage: 'local storage', holds: 'your account id and e-mail' },
  {
    key: 'logout-event',
    storage: 'local storage',
    holds: 'the time you signed out, so your other tabs sign out too',
  },
  { key: 'loyaltyLevel', storage: 'local storage', holds: 'your loyalty level, for the menu' },
  {
    key: 'quoteDraft.v1',
    storage: 'local storage',
    holds: 'a quote request you have not sent yet, so a reload loses nothing',
  },
  {
    key: 'oauth-pkce',
    storage: 'session storage',
    holds: 'a one-time check of a Google sign-in in progress',
  },
  {
    key: 'oauth-hosted-session',
    storage: 'local storage',
    holds: 'that you signed in with Google, so signing out ends that sign-in too',
  },
];

export const privacyIntro: readonly LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      `${business.name} (owner: ${business.ownerName}) runs this website and the customer portal. This policy says what we keep about you, why, for how long, and what you can do about it.`,
    ],
  },
  {
    heading: 'Why we keep it',
    paragraphs: [
      'To answer your quote requests, detail your car at the right place and time, show you your bookings, plans, pictures and points, and keep our accounts. We do not sell your data and do not use it for advertising.',
    ],
  },
  {
    heading: 'Who else handles it',
    paragraphs: [
      'Identity provider: your account (e-mail, password, phone number for text-message codes, second factors) is kept by Amazon Cognito, run by Amazon Web Services. If you sign in with Google, Google tells Cognito your e-mail and name.',
      'E-mail provider: sign-up, password-reset and verification codes are sent by Amazon Cognito through Amazon Simple Email Service; text-message codes through Amazon SNS. The e-mails about your quote requests and bookings go through our mail provider.',
      'Scheduling service: if you book through our online scheduling page, Calendly keeps that booking and sends us the details listed below.',
    ],
  },
  {
    heading: 'Pictures',
    paragraphs: [
      'We may photograph your car during a service to show you the result. We keep the picture only: what the camera records with it (the camera, the time and the place it was taken) is removed before it is stored. Only you can see them, through links that expire. They are deleted with your account.',
    ],
  },
];

export const privacyRights: readonly LegalSection[] = [
  {
    heading: 'Your choices',
    paragraphs: [
      'Download my data: on Account Security in your dashboard you can download everything we keep about you as one file, including the notes we wrote about your bookings and the reasons we gave for changing your points.',
      'Delete my account: on Account Security you can delete your account. We delete your profile, vehicles, plans, points, pictures and sign-in, and remove your name, e-mail, phone, address and notes from the bookings we keep for our accounts.',
      'Backups: our backups of the database and pictures are deleted when they are 14 days old, so your details can remain in a backup for up to 14 days after you delete your account. If we ever restore a backup, your account is deleted from it again before it is used.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [`Questions about your data: ${business.email} or ${business.phone}.`],
  },
];

export const termsSections: readonly LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      `${business.name} details cars at your home or office in the towns we serve. A quote request is not a booking: we confirm the day and time with you.`,
    ],
  },
  {
    heading: 'Prices',
    paragraphs: [
      'Prices are the ones on our website when you send the request. We tell you before the service if your car needs more work than you asked for.',
    ],
  },
  {
    heading: 'Changes and cancellations',
    paragraphs: [
      'You can change or cancel a booked request in your dashboard, or by calling us, before the service.',
    ],
  },
  {
    heading: 'Plans and loyalty points',
    paragraphs: [
      'Plans repeat until you cancel them. Loyalty points have no cash value and end when your account is deleted.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'Keep your password to yourself. You can delete your account at any time on Account Security; our privacy policy says what happens to your data.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [`${business.email} or ${business.phone}.`],
  },
];
