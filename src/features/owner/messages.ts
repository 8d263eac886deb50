/**
 * Every text of the owner console in one place (docs/product.md, "The owner console"). The
 * customer's screens keep their own texts; none of these reach a customer.
 */
import { NO_ADDRESS_TEXT } from '../../../domain/address';

export const OWNER_TEXT = {
  consoleTitle: 'Owner console',
  navLabel: 'Owner console',
  nav: {
    inbox: 'Inbox',
    route: 'Route',
    customers: 'Customers',
    numbers: 'Numbers',
    health: 'Health',
  },
  loading: 'Loading…',
  retry: 'Try again',
  networkError: 'The server could not be reached. Check the connection and try again.',

  /** The screen before the console for an owner without an authenticator app. */
  authenticator: {
    title: 'Set up two-step sign-in',
    intro:
      'The owner console holds every customer’s name, address and phone number, so it opens only for an account that signs in with a password and a code from an authenticator app.',
    steps:
      'Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…), set it up on Account Security under Two-step verification, then come back here with the Owner console link. From then on, signing in asks for its code.',
    start: 'Set up authenticator app',
    checkAgain: 'I have set it up',
    checking: 'Checking your sign-in settings…',
    checkFailed: 'Your sign-in settings could not be checked.',
  },

  inbox: {
    title: 'Requests inbox',
    newCount: (count: number) => (count === 1 ? '1 new request' : `${count} new requests`),
    /** The owner's e-mail digest is in effect (openapi.yaml OwnerRequestPage.mailDigest). */
    digest: (count: number, sendsAt: string) =>
      `Many requests are arriving, so their e-mails come together: one digest of ${count === 1 ? '1 request' : `${count} requests`} goes to you at ${sendsAt} instead of one e-mail each. Every request is here in the inbox.`,
    filtersLabel: 'Filter requests',
    status: 'Status',
    anyStatus: 'Any status',
    from: 'Preferred date from',
    to: 'Preferred date to',
    town: 'Town',
    search: 'Search name, phone or e-mail',
    apply: 'Apply filters',
    clear: 'Clear filters',
    more: (on: number) => (on > 0 ? `More filters (${on} set)` : 'More filters'),
    loading: 'Loading requests…',
    loadingMore: 'Loading more requests…',
    loadMore: 'Load more',
    listLabel: 'Quote requests',
    empty: 'No quote requests yet.',
    emptyFiltered: 'No request matches these filters.',
    failed: 'The requests could not be loaded.',
    end: 'That is every request.',
    badgeNew: 'New',
    badgeSeen: 'Seen',
    open: 'Open request',
    call: (phone: string) => `Call ${phone}`,
    email: (email: string) => `E-mail ${email}`,
    received: 'Received',
    preferred: 'Preferred',
    noPreferred: 'Call back to agree a time',
  },

  request: {
    title: (name: string) => `Request from ${name}`,
    back: 'Back to the inbox',
    loading: 'Loading the request…',
    failed: 'The request could not be opened.',
    details: 'Details',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    received: 'Received',
    status: 'Status',
    appointment: 'Appointment',
    noAppointment: 'Not scheduled',
    vehicleType: 'Vehicle type',
    vehicle: 'Vehicle',
    addons: 'Add-ons',
    noAddons: 'None',
    total: 'Estimated total',
    service: 'Service',
    address: 'Address',
    noAddress: NO_ADDRESS_TEXT,
    message: 'Message',
    noMessage: 'No message',
    note: 'Internal note',
    noNote: 'No note',
    cancelReason: 'Cancelled because',
    notGiven: 'Not given',

    scheduleTitle: 'Schedule',
    scheduleHelp: 'Date and time in New York time. The customer sees them in My Bookings.',
    date: 'Date',
    time: 'Time',
    noteField: 'Internal note',
    noteHelp: 'The customer never sees it.',
    save: 'Save schedule',
    saving: 'Saving…',
    saved: (when: string) => `Scheduled for ${when}.`,
    needDateTime: 'Choose a date and a time.',
    /** The time list: the owner's free times for this job on the chosen day. */
    chooseTime: 'Choose a time',
    /** The booking's own time when it is not among the free ones (keeping it is never refused). */
    currentTime: (time: string) => `${time} (its current time)`,
    anotherTime: 'Another time…',
    anotherTimeField: 'Another time',
    anotherTimeHelp: 'Not checked against your free times until you save.',
    timesLoading: 'Loading the free times…',
    noFreeTimes: 'No free times on this day for this job.',
    timesFailed: 'The free times could not be loaded.',
    timeHelp: 'Free times for this vehicle and its add-ons.',
    /** A 409: the chosen time is not free; the owner may schedule it anyway. */
    notFree: 'This time overlaps another job or falls outside your working hours. Schedule anyway?',
    nearestFree: 'The nearest free times:',
    scheduleAnyway: 'Schedule anyway',

    cancelTitle: 'Cancel the request',
    reason: 'Reason for cancelling',
    cancel: 'Cancel request',
    cancelling: 'Cancelling…',
    needReason: 'Give a reason for cancelling.',
    cancelled: 'The request is cancelled.',

    completeTitle: 'Finish the job',
    complete: 'Mark completed',
    completing: 'Marking completed…',
    completed: (points: number) =>
      `Marked completed. ${points} loyalty ${points === 1 ? 'point' : 'points'} credited once.`,
    completedAnonymous: 'Marked completed.',
    confirmTitle: 'Mark completed?',
    /** The one question before completing: `day` is the appointment's day in words, or ''. */
    confirmComplete: (name: string, service: string, day: string) =>
      `Mark ${name}'s ${service}${day ? ` on ${day}` : ''} as done? Points are credited.`,
    confirm: 'Mark done',
    notYet: 'Not yet',
    doneEarly: 'It was done early: mark done',
    /** The toast after completing, with its Undo. */
    completedToast: (name: string) => `${name}: marked completed.`,
    undo: 'Undo',
    doneTitle: 'Job completed',
    doneHelp:
      'The customer\'s "done" e-mail waits for the pictures: it goes when you say they are in, or 30 minutes after completing.',
    picturesIn: 'Pictures are in: send the e-mail',
    picturesInDone: 'The customer\'s "done" e-mail goes now.',
    undoCompletion: 'Undo completion',
    undoHelp: 'Possible for 10 minutes after completing; the points are taken back.',
    undone: 'Completion undone: the job is open again.',

    picturesTitle: 'Before and after pictures',
    pictures: 'Pictures (JPEG, PNG or WebP, up to 10 MB each)',
    picturesHelp: 'Take new ones or choose several from the gallery.',
    pictureDescription: 'Description (optional)',
    upload: 'Upload pictures',
    needPicture: 'Choose a picture first.',
    chosenPictures: 'Chosen pictures',
    pictureWaiting: 'Ready to upload',
    pictureUploading: 'Uploading…',
    pictureUploaded: 'Uploaded. The customer sees it in Service Pics.',
    pictureFailed: (reason: string) => `Not uploaded: ${reason}`,
    /** Offline: the one message; the chosen pictures stay listed. */
    picturesOffline:
      'The server could not be reached. Check the connection and try again. The chosen pictures stay here.',
    removePicture: (name: string) => `Remove ${name}`,
    /** A picture's name when its file had none. */
    unnamedPicture: (index: number) => `Picture ${index}`,
    noPictures: 'No pictures yet.',
  },

  /**
   * The mark of a customer's change (moved, edited or cancelled from My Bookings) on the inbox's
   * card, the route's stop and the customer's page; the change itself is written by
   * `customerChangeText` (domain/customerChange.ts), the owner's e-mail's words.
   */
  change: {
    line: (change: string, ago: string) => `${change} · ${ago}`,
    seen: 'Seen',
    seenLabel: (name: string) => `Seen: ${name}'s change`,
    saving: 'Saving…',
    failed: 'The mark could not be cleared.',
  },
  route: {
    title: 'Route',
    day: 'Day',
    week: 'Week',
    span: 'Show',
    from: 'Starting',
    loading: 'Loading the route…',
    failed: 'The route could not be loaded.',
    emptyDay: 'No appointments on this day.',
    emptyWeek: 'No appointments in this week.',
    map: (address: string) => `Map of ${address}`,
    noAddress: NO_ADDRESS_TEXT,
    listLabel: (day: string) => `Appointments on ${day}`,
    open: 'Open request',
    onMyWay: 'On my way',
    onMyWayMinutes: (minutes: number) => `${minutes} min`,
    // Begins with the button's visible text ("20 min"), so a voice user can say what they see.
    onMyWayLabel: (minutes: number, name: string) => `${minutes} min: on my way to ${name}`,
    onMyWaySent: (minutes: number) => `"On my way, ${minutes} minutes" is being texted.`,
    onMyWayFailed: 'The text could not be sent.',
    texted: 'Texted',
    textLine: (when: string, words: string) => `${when}: ${words}`,
    textWaiting: (kind: string) => `Waiting to be texted: ${kind}`,
    textGivenUp: (kind: string, why: string) => `Not texted (${why}): ${kind}`,
    // "Mark completed" and pictures kept on the phone until sent (src/api/actionQueue.ts).
    pictureAction: (file: string) => `Picture ${file}`,
    kept: 'On this phone',
    waiting: 'Waiting for a connection. It is sent when the phone is back online.',
    refused: (why: string) => `Not done: ${why}`,
    dismiss: 'Dismiss',
    dismissLabel: (what: string) => `Dismiss: ${what}`,
    offlineKept:
      'No connection: it is kept on this phone and sent, once, when the phone is back online.',
    notKept: 'This phone could not keep it. Try again.',
    notSent: 'It could not be sent.',
  },

  health: {
    title: 'Health',
    loading: 'Loading the health figures…',
    failed: 'The health figures could not be loaded.',
    allWell: 'Everything is working.',
    problemsTitle: 'Needs attention',

    failedTitle: 'E-mails that failed',
    failedLabel: 'E-mails that failed',
    noFailed: 'No e-mail has failed.',
    message: 'E-mail',
    to: 'To',
    why: 'Why',
    when: 'Failed',
    action: 'Action',
    ownerInbox: 'You (new request)',
    kinds: {
      'owner-quote': 'New request',
      'owner-digest': 'Requests digest',
      'owner-authenticator': 'Authenticator app changed',
      'owner-customer-change': 'Customer changed a booking',
      'customer-quote': 'Request received',
      'customer-completed': 'Service completed',
      'customer-cancelled': 'Booking cancelled',
      'customer-booked': 'Appointment booked',
      'customer-rescheduled': 'Appointment moved',
      'customer-reminder': 'Reminder',
    },
    failures: {
      refused: 'Refused by the mail server',
      expired: 'Not delivered in 72 hours of tries',
      suppressed: 'Address not e-mailed (bounced or complained)',
    },
    sendAgain: 'Send again',
    sentAgain: 'Queued again: it goes out in a moment.',
    sendFailed: 'The e-mail could not be queued again.',
    dismiss: 'Dismiss',
    dismissReason: 'Why it need not be sent',
    reasonRequired: 'Say why, for the record.',
    confirmDismiss: 'Dismiss e-mail',
    cancel: 'Cancel',
    dismissed: 'Dismissed: it is no longer a problem.',
    dismissFailed: 'The e-mail could not be dismissed.',
    dismissedOn: (when: string, reason: string) => `Dismissed ${when}: ${reason}`,

    textsTitle: 'Texts',
    textsFigures: (waiting: number, sentToday: number) =>
      `${waiting === 1 ? '1 text' : `${waiting} texts`} waiting, ${sentToday} sent today.`,
    textsFailedLabel: 'Texts given up in the last 7 days',
    noFailedTexts: 'No text was given up in the last 7 days.',
    textKind: 'Text',
    textTo: 'To',
    textKinds: {
      reminder: 'Reminder',
      'on-my-way': 'On my way',
      booked: 'Appointment booked',
      rescheduled: 'Appointment moved',
      cancelled: 'Booking cancelled',
      completed: 'Service completed',
      help: 'Answer to HELP',
      stopped: 'Answer to STOP',
      started: 'Answer to START',
      code: 'Code to confirm a number',
    },
    textFailures: {
      refused: 'Refused by End User Messaging SMS',
      expired: 'Not delivered in 72 hours of tries',
      uncertain: 'The server stopped while sending it: it may have arrived',
      stopped: 'The number texted STOP',
      capped: 'The number had its 5 texts of the day',
    },
    textSentAgain: 'Queued again: the text goes out in a moment (or at 8 AM if it is night).',
    textSendFailed: 'The text could not be queued again.',

    waitingTitle: 'Waiting to be sent',
    waiting: (count: number) =>
      count === 0
        ? 'Nothing is waiting.'
        : count === 1
          ? '1 e-mail waiting.'
          : `${count} e-mails waiting.`,
    oldestDue: (when: string) => `The oldest was due ${when}.`,

    backupTitle: 'Last backup',
    noBackup: 'No backup yet.',
    backup: (when: string, size: string) => `Taken ${when}, ${size}.`,

    suppressedTitle: 'Addresses not e-mailed',
    suppressedIntro:
      'Amazon SES reported these addresses as not existing or as marking an e-mail as spam. They get no e-mail until you allow them again.',
    suppressedLabel: 'Addresses not e-mailed',
    noSuppressed: 'No address is held back.',
    address: 'Address',
    since: 'Since',
    reasons: { bounce: 'Bounced (no such address)', complaint: 'Marked as spam' },
    allowAgain: 'Allow again',
    allowed: (email: string) => `${email} will be e-mailed again.`,
    allowFailed: 'The address could not be allowed again.',

    errorsTitle: (days: number) => `Errors in customers' browsers (last ${days} days)`,
    errorCount: (count: number) =>
      count === 0
        ? 'No errors reported.'
        : count === 1
          ? '1 error reported.'
          : `${count} errors reported.`,
    errorsLabel: "Errors in customers' browsers",
    errorMessage: 'Message',
    times: 'Times',
  },
} as const;
