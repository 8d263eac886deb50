import { baseApi as api } from '../../../api/baseApi';
export const addTagTypes = ['owner'] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listOwnerRequests: build.query<ListOwnerRequestsApiResponse, ListOwnerRequestsApiArg>({
        query: (queryArg) => ({
          url: `/owner/requests`,
          params: {
            status: queryArg.status,
            from: queryArg['from'],
            to: queryArg.to,
            town: queryArg.town,
            q: queryArg.q,
            cursor: queryArg.cursor,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['owner'],
      }),
      markOwnerRequestSeen: build.mutation<
        MarkOwnerRequestSeenApiResponse,
        MarkOwnerRequestSeenApiArg
      >({
        query: (queryArg) => ({ url: `/owner/requests/${queryArg.id}/seen`, method: 'POST' }),
        invalidatesTags: ['owner'],
      }),
      markOwnerCustomerChangeSeen: build.mutation<
        MarkOwnerCustomerChangeSeenApiResponse,
        MarkOwnerCustomerChangeSeenApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/customer-change/seen`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['owner'],
      }),
      scheduleOwnerBooking: build.mutation<
        ScheduleOwnerBookingApiResponse,
        ScheduleOwnerBookingApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/schedule`,
          method: 'PUT',
          body: queryArg.ownerSchedule,
        }),
        invalidatesTags: ['owner'],
      }),
      getOwnerBookingAvailability: build.query<
        GetOwnerBookingAvailabilityApiResponse,
        GetOwnerBookingAvailabilityApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/availability`,
          params: {
            from: queryArg['from'],
            to: queryArg.to,
          },
        }),
        providesTags: ['owner'],
      }),
      cancelOwnerBooking: build.mutation<CancelOwnerBookingApiResponse, CancelOwnerBookingApiArg>({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/cancel`,
          method: 'POST',
          body: queryArg.ownerCancellation,
        }),
        invalidatesTags: ['owner'],
      }),
      completeOwnerBooking: build.mutation<
        CompleteOwnerBookingApiResponse,
        CompleteOwnerBookingApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/complete`,
          method: 'POST',
          body: queryArg.ownerCompletionRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['owner'],
      }),
      sendOwnerOnMyWay: build.mutation<SendOwnerOnMyWayApiResponse, SendOwnerOnMyWayApiArg>({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/on-my-way`,
          method: 'POST',
          body: queryArg.ownerOnMyWay,
        }),
        invalidatesTags: ['owner'],
      }),
      undoOwnerCompletion: build.mutation<
        UndoOwnerCompletionApiResponse,
        UndoOwnerCompletionApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/undo-complete`,
          method: 'POST',
        }),
        invalidatesTags: ['owner'],
      }),
      ownerPicturesIn: build.mutation<OwnerPicturesInApiResponse, OwnerPicturesInApiArg>({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/pictures-in`,
          method: 'POST',
        }),
        invalidatesTags: ['owner'],
      }),
      listOwnerPictures: build.query<ListOwnerPicturesApiResponse, ListOwnerPicturesApiArg>({
        query: (queryArg) => ({ url: `/owner/bookings/${queryArg.id}/pictures` }),
        providesTags: ['owner'],
      }),
      uploadOwnerPicture: build.mutation<UploadOwnerPictureApiResponse, UploadOwnerPictureApiArg>({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/pictures`,
          method: 'POST',
          body: queryArg.body,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['owner'],
      }),
      listOwnerRoute: build.query<ListOwnerRouteApiResponse, ListOwnerRouteApiArg>({
        query: (queryArg) => ({
          url: `/owner/route`,
          params: {
            from: queryArg['from'],
            days: queryArg.days,
          },
        }),
        providesTags: ['owner'],
      }),
      listOwnerCustomers: build.query<ListOwnerCustomersApiResponse, ListOwnerCustomersApiArg>({
        query: (queryArg) => ({
          url: `/owner/customers`,
          params: {
            q: queryArg.q,
            cursor: queryArg.cursor,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['owner'],
      }),
      getOwnerCustomer: build.query<GetOwnerCustomerApiResponse, GetOwnerCustomerApiArg>({
        query: (queryArg) => ({ url: `/owner/customers/${queryArg.userId}` }),
        providesTags: ['owner'],
      }),
      adjustOwnerPoints: build.mutation<AdjustOwnerPointsApiResponse, AdjustOwnerPointsApiArg>({
        query: (queryArg) => ({
          url: `/owner/customers/${queryArg.userId}/points`,
          method: 'POST',
          body: queryArg.ownerPointsAdjustment,
        }),
        invalidatesTags: ['owner'],
      }),
      getOwnerNumbers: build.query<GetOwnerNumbersApiResponse, GetOwnerNumbersApiArg>({
        query: () => ({ url: `/owner/numbers` }),
        providesTags: ['owner'],
      }),
      getOwnerAvailability: build.query<
        GetOwnerAvailabilityApiResponse,
        GetOwnerAvailabilityApiArg
      >({
        query: () => ({ url: `/owner/availability` }),
        providesTags: ['owner'],
      }),
      replaceOwnerAvailability: build.mutation<
        ReplaceOwnerAvailabilityApiResponse,
        ReplaceOwnerAvailabilityApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/availability`,
          method: 'PUT',
          body: queryArg.availabilityRules,
        }),
        invalidatesTags: ['owner'],
      }),
      getOwnerHealth: build.query<GetOwnerHealthApiResponse, GetOwnerHealthApiArg>({
        query: () => ({ url: `/owner/health` }),
        providesTags: ['owner'],
      }),
      resendOwnerMessage: build.mutation<ResendOwnerMessageApiResponse, ResendOwnerMessageApiArg>({
        query: (queryArg) => ({
          url: `/owner/health/messages/${queryArg.id}/resend`,
          method: 'POST',
        }),
        invalidatesTags: ['owner'],
      }),
      resendOwnerText: build.mutation<ResendOwnerTextApiResponse, ResendOwnerTextApiArg>({
        query: (queryArg) => ({ url: `/owner/health/texts/${queryArg.id}/resend`, method: 'POST' }),
        invalidatesTags: ['owner'],
      }),
      dismissOwnerMessage: build.mutation<
        DismissOwnerMessageApiResponse,
        DismissOwnerMessageApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/health/messages/${queryArg.id}/dismiss`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['owner'],
      }),
      allowOwnerAddress: build.mutation<AllowOwnerAddressApiResponse, AllowOwnerAddressApiArg>({
        query: (queryArg) => ({
          url: `/owner/health/allow-address`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['owner'],
      }),
      uploadOwnerGalleryPicture: build.mutation<
        UploadOwnerGalleryPictureApiResponse,
        UploadOwnerGalleryPictureApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/gallery-pictures`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['owner'],
      }),
      getOwnerOfferDraft: build.query<GetOwnerOfferDraftApiResponse, GetOwnerOfferDraftApiArg>({
        query: () => ({ url: `/owner/offer/draft` }),
        providesTags: ['owner'],
      }),
      replaceOwnerOfferDraft: build.mutation<
        ReplaceOwnerOfferDraftApiResponse,
        ReplaceOwnerOfferDraftApiArg
      >({
        query: (queryArg) => ({ url: `/owner/offer/draft`, method: 'PUT', body: queryArg.offer }),
        invalidatesTags: ['owner'],
      }),
      publishOwnerOffer: build.mutation<PublishOwnerOfferApiResponse, PublishOwnerOfferApiArg>({
        query: () => ({ url: `/owner/offer/publish`, method: 'POST' }),
        invalidatesTags: ['owner'],
      }),
      listOwnerOfferVersions: build.query<
        ListOwnerOfferVersionsApiResponse,
        ListOwnerOfferVersionsApiArg
      >({
        query: () => ({ url: `/owner/offer/versions` }),
        providesTags: ['owner'],
      }),
      restoreOwnerOfferVersion: build.mutation<
        RestoreOwnerOfferVersionApiResponse,
        RestoreOwnerOfferVersionApiArg
      >({
        query: (queryArg) => ({
          url: `/owner/offer/versions/${queryArg.version}/restore`,
          method: 'POST',
        }),
        invalidatesTags: ['owner'],
      }),
      getOwnerCalendarFeed: build.query<
        GetOwnerCalendarFeedApiResponse,
        GetOwnerCalendarFeedApiArg
      >({
        query: () => ({ url: `/owner/calendar-feed` }),
        providesTags: ['owner'],
      }),
      renewOwnerCalendarFeed: build.mutation<
        RenewOwnerCalendarFeedApiResponse,
        RenewOwnerCalendarFeedApiArg
      >({
        query: () => ({ url: `/owner/calendar-feed`, method: 'POST' }),
        invalidatesTags: ['owner'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as ownerGeneratedApi };
export type ListOwnerRequestsApiResponse = /** status 200 One page of the inbox */ OwnerRequestPage;
export type ListOwnerRequestsApiArg = {
  status?: BookingStatus;
  from?: string;
  to?: string;
  town?: string;
  q?: string;
  cursor?: string;
  limit?: number;
};
export type MarkOwnerRequestSeenApiResponse = /** status 200 The request, now seen */ OwnerBooking;
export type MarkOwnerRequestSeenApiArg = {
  id: Id;
};
export type MarkOwnerCustomerChangeSeenApiResponse =
  /** status 200 The booking, without the mark unless the customer changed it again */ OwnerBooking;
export type MarkOwnerCustomerChangeSeenApiArg = {
  id: Id;
  body: {
    /** The `at` of the mark the owner saw */
    at: string;
  };
};
export type ScheduleOwnerBookingApiResponse = /** status 200 The scheduled booking */ OwnerBooking;
export type ScheduleOwnerBookingApiArg = {
  id: Id;
  ownerSchedule: OwnerSchedule;
};
export type GetOwnerBookingAvailabilityApiResponse =
  /** status 200 Each date's free start times for the booking */ FreeTimes[];
export type GetOwnerBookingAvailabilityApiArg = {
  id: Id;
  from: string;
  to: string;
};
export type CancelOwnerBookingApiResponse = /** status 200 The cancelled booking */ OwnerBooking;
export type CancelOwnerBookingApiArg = {
  id: Id;
  ownerCancellation: OwnerCancellation;
};
export type CompleteOwnerBookingApiResponse =
  /** status 200 The completed booking and the points it earns */ OwnerCompletion;
export type CompleteOwnerBookingApiArg = {
  id: Id;
  /** A random key per action (e.g. a UUID), 16 to 128 letters, digits, `-` or `_`. The same
    key (per owner account) with the same request within 24 hours changes nothing more and
    answers what the first request was answered; with another request it is `422`.
     */
  'Idempotency-Key'?: string;
  ownerCompletionRequest: OwnerCompletionRequest;
};
export type SendOwnerOnMyWayApiResponse = /** status 201 The text, as queued */ OwnerText;
export type SendOwnerOnMyWayApiArg = {
  id: Id;
  ownerOnMyWay: OwnerOnMyWay;
};
export type UndoOwnerCompletionApiResponse =
  /** status 200 The booking, Booked again */ OwnerBooking;
export type UndoOwnerCompletionApiArg = {
  id: Id;
};
export type OwnerPicturesInApiResponse = unknown;
export type OwnerPicturesInApiArg = {
  id: Id;
};
export type ListOwnerPicturesApiResponse =
  /** status 200 The pictures, oldest first (empty when there are none) */ OwnerPictureLink[];
export type ListOwnerPicturesApiArg = {
  id: Id;
};
export type UploadOwnerPictureApiResponse = /** status 201 The stored picture */ OwnerPicture;
export type UploadOwnerPictureApiArg = {
  id: Id;
  /** A random key per action (e.g. a UUID), 16 to 128 letters, digits, `-` or `_`. The same
    key (per owner account) with the same request within 24 hours changes nothing more and
    answers what the first request was answered; with another request it is `422`.
     */
  'Idempotency-Key'?: string;
  body: {
    file: string;
    description?: string;
  };
};
export type ListOwnerRouteApiResponse = /** status 200 The appointments */ OwnerBooking[];
export type ListOwnerRouteApiArg = {
  from: string;
  days?: 1 | 7;
};
export type ListOwnerCustomersApiResponse =
  /** status 200 One page of customers */ OwnerCustomerPage;
export type ListOwnerCustomersApiArg = {
  q?: string;
  cursor?: string;
  limit?: number;
};
export type GetOwnerCustomerApiResponse = /** status 200 The customer */ OwnerCustomer;
export type GetOwnerCustomerApiArg = {
  /** The customer's account id (the identity provider's `sub`) */
  userId: string;
};
export type AdjustOwnerPointsApiResponse =
  /** status 201 The entry is written; the customer's loyalty account after it */ Loyalty;
export type AdjustOwnerPointsApiArg = {
  /** The customer's account id (the identity provider's `sub`) */
  userId: string;
  ownerPointsAdjustment: OwnerPointsAdjustment;
};
export type GetOwnerNumbersApiResponse = /** status 200 The two months */ OwnerNumbers;
export type GetOwnerNumbersApiArg = void;
export type GetOwnerAvailabilityApiResponse = /** status 200 The rules */ AvailabilityRules;
export type GetOwnerAvailabilityApiArg = void;
export type ReplaceOwnerAvailabilityApiResponse =
  /** status 200 The stored rules */ AvailabilityRules;
export type ReplaceOwnerAvailabilityApiArg = {
  availabilityRules: AvailabilityRules;
};
export type GetOwnerHealthApiResponse = /** status 200 The health figures */ OwnerHealth;
export type GetOwnerHealthApiArg = void;
export type ResendOwnerMessageApiResponse =
  /** status 200 Queued again; the health figures after it */ OwnerHealth;
export type ResendOwnerMessageApiArg = {
  id: Id;
};
export type ResendOwnerTextApiResponse =
  /** status 200 Queued again; the health figures after it */ OwnerHealth;
export type ResendOwnerTextApiArg = {
  id: Id;
};
export type DismissOwnerMessageApiResponse =
  /** status 200 Dismissed; the health figures after it */ OwnerHealth;
export type DismissOwnerMessageApiArg = {
  id: Id;
  body: {
    reason: string;
  };
};
export type AllowOwnerAddressApiResponse =
  /** status 200 Allowed again; the health figures after it */ OwnerHealth;
export type AllowOwnerAddressApiArg = {
  body: {
    email: string;
  };
};
export type UploadOwnerGalleryPictureApiResponse =
  /** status 201 The stored picture, as a gallery entry */ GalleryPicture;
export type UploadOwnerGalleryPictureApiArg = {
  body: {
    alt: string;
    caption?: string;
    file: string;
  };
};
export type GetOwnerOfferDraftApiResponse = /** status 200 The draft */ OfferVersion;
export type GetOwnerOfferDraftApiArg = void;
export type ReplaceOwnerOfferDraftApiResponse =
  /** status 200 The new version (the draft) */ OfferVersion;
export type ReplaceOwnerOfferDraftApiArg = {
  offer: Offer;
};
export type PublishOwnerOfferApiResponse =
  /** status 200 The published offer, and whether the public pages show it */ OfferPublication;
export type PublishOwnerOfferApiArg = void;
export type ListOwnerOfferVersionsApiResponse =
  /** status 200 The versions */ OfferVersionSummary[];
export type ListOwnerOfferVersionsApiArg = void;
export type RestoreOwnerOfferVersionApiResponse =
  /** status 200 The new version (the draft) */ OfferVersion;
export type RestoreOwnerOfferVersionApiArg = {
  version: number;
};
export type GetOwnerCalendarFeedApiResponse = /** status 200 The feed's address */ CalendarFeed;
export type GetOwnerCalendarFeedApiArg = void;
export type RenewOwnerCalendarFeedApiResponse = /** status 201 The new address */ CalendarFeed;
export type RenewOwnerCalendarFeedApiArg = void;
export type Id = string;
export type VehicleRef = {
  vehicleId?: Id;
  make: string;
  model: string;
  year: number;
  licensePlate?: string | null;
};
export type BookingStatus = 'Booked' | 'Completed' | 'Cancelled';
export type Address = {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
};
export type Booking = {
  bookingId: Id;
  /** The customer's `sub`; null for anonymous quotes */
  userId?: string | null;
  name?: string;
  email: string;
  phone?: string;
  /** Local date of the appointment (America/New_York); absent for a call-back request */
  date?: string;
  /** Local time of day, e.g. `4:00 PM`; absent for a call-back request */
  time?: string;
  vehicleType: 'Sedan' | 'SUV' | 'Minivan' | 'Premium Package';
  vehicle: string | VehicleRef;
  selectedAddons: string[];
  totalPrice: number;
  status: BookingStatus;
  /** True while the booking is Booked and the owner has not set its appointment yet (the
    owner confirms each request, or it is a call-back request without a time); false once
    the owner has scheduled it, at once under "Instant booking". The status stays
    `Booked` either way. Absent (older backends): false.
     */
  awaitingConfirmation?: boolean;
  source: 'website';
  /** Defaults to `Detailing Service` in the client */
  serviceName?: string;
  message?: string;
  /** The address sent with the request; absent when none was sent */
  serviceAddress?: Address;
  createdAt: string;
};
export type CustomerChangeSide = {
  date?: string;
  time?: string;
  vehicleType: string;
  vehicle: string;
};
export type CustomerChange = {
  kind: 'moved' | 'edited' | 'cancelled';
  at: string;
  from: CustomerChangeSide;
  to: CustomerChangeSide;
};
export type OwnerText = {
  id: string;
  kind:
    | 'reminder'
    | 'on-my-way'
    | 'booked'
    | 'rescheduled'
    | 'cancelled'
    | 'completed'
    | 'help'
    | 'stopped'
    | 'started'
    | 'code';
  /** E.164 */
  number: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  /** The words as sent; null until sent */
  body: string | null;
  /** When it is (or was) due */
  queuedAt: string;
  sentAt: string | null;
  failure:
    | ('refused' | 'expired' | 'uncertain' | 'stopped' | 'capped' | null)
    | ('refused' | 'expired' | 'uncertain' | 'stopped' | 'capped' | null);
};
export type OwnerBooking = Booking & {
  /** The owner has opened it in the inbox */
  seen: boolean;
  /** The internal note; never shown to the customer */
  note: string;
  /** Why the owner cancelled it; empty otherwise */
  cancelReason: string;
  /** When the owner marked it Completed (the undo is offered for 10 minutes) */
  completedAt?: string | null;
  /** What the customer changed from My Bookings since the owner last said "Seen"
    (`POST /owner/bookings/{id}/customer-change/seen`); absent when nothing is unseen.
     */
  customerChange?: CustomerChange;
  /** The texts about the booking, oldest first (left out where not listed). */
  texts?: OwnerText[];
};
export type OwnerMailDigest = {
  /** When the digest began */
  since: string;
  /** Requests it holds so far */
  count: number;
  /** When it is e-mailed */
  sendsAt: string;
};
export type OwnerRequestPage = {
  items: OwnerBooking[];
  /** The next page's `cursor`; null on the last */
  nextCursor: string | null;
  /** Requests not yet seen, whatever the filters */
  newCount: number;
  /** The owner's e-mail digest while it is in effect (more requests than usual arrived
    within an hour, so they come in one e-mail instead of one each); null (or absent)
    otherwise.
     */
  mailDigest?: OwnerMailDigest | null;
};
export type Error = {
  /** The HTTP reason phrase */
  error: string;
  /** What went wrong, in words for people */
  message: string;
};
export type SlotTaken = {
  /** The HTTP reason phrase */
  error: string;
  /** What went wrong, in words for people */
  message: string;
  /** The free times closest to the asked one, nearest first (none when nothing is free soon). */
  nearest?: {
    date: string;
    time: string;
  }[];
};
export type OwnerSchedule = {
  date: string;
  /** `10:00 AM` or `10:00` */
  time: string;
  note?: string;
  /** `true`: store a new date and time that is not one of the owner's free times (it
    overlaps another job, falls outside the working hours or on a day off, the day is
    full or beyond the booking horizon); the owner was warned and chose it anyway.
     */
  override?: boolean;
};
export type FreeTimes = {
  date: string;
  /** Free start times, earliest first, written as the quote form writes them (`4:00 PM`). */
  times: string[];
};
export type OwnerCancellation = {
  reason: string;
};
export type OwnerCompletion = {
  booking: OwnerBooking;
  /** What the booking earns its customer */
  points: number;
};
export type OwnerCompletionRequest = {
  /** The owner confirmed the job was done before its appointment's day */
  doneEarly?: boolean;
};
export type OwnerOnMyWay = {
  minutes: 10 | 20 | 30 | 45;
};
export type OwnerPicture = {
  /** The stored file's name (random) */
  file: string;
  /** The name of the file the owner chose (`after.jpg`), without any folder or control
    characters; empty when the upload named none. Shown instead of `file`.
    A name longer than 255 characters is `400`.
     */
  label: string;
  bookingId: Id;
  description: string;
  uploadedAt: string;
};
export type OwnerPictureLink = OwnerPicture & {
  signedUrl: string;
};
export type OwnerCustomerSummary = {
  /** The identity provider's `sub` */
  userId: string;
  /** Empty until the customer fills in their profile */
  name: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  /** The loyalty balance */
  points: number;
  /** Website bookings of the account */
  bookingCount: number;
  createdAt: string;
};
export type OwnerCustomerPage = {
  items: OwnerCustomerSummary[];
  /** The next page's `cursor`; null on the last */
  nextCursor: string | null;
};
export type EmailPreferences = {
  /** A reminder the evening before an appointment that has a date and time. */
  reminders: boolean;
  /** A short e-mail when a booking is completed, cancelled or rescheduled. */
  statusUpdates: boolean;
};
export type TextPreferences = {
  /** A text at 6 PM the evening before an appointment, with its day, time and address. */
  reminders: boolean;
  /** A text when a booking is scheduled, rescheduled, cancelled or completed. */
  statusUpdates: boolean;
  /** E.164, e.g. +19195550123 */
  number: string | null;
  stopped: boolean;
};
export type Profile = {
  /** The identity provider's `sub` */
  userId: string;
  /** From the identity provider; read-only */
  email: string;
  name: string;
  phone?: string | null;
  /** 10 digits */
  mobile?: string | null;
  serviceAddress?: Address | null;
  emailPreferences?: EmailPreferences;
  textPreferences?: TextPreferences;
};
export type Vehicle = {
  vehicleId: Id;
  make: string;
  model: string;
  year: number;
  licensePlate?: string | null;
};
export type Subscription = {
  subscriptionId: Id;
  userId: string;
  plan: 'weekly' | 'biweekly' | 'monthly';
  status: 'active' | 'cancelled';
  createdAt: string;
};
export type LoyaltyTransaction = {
  id: string;
  date: string;
  type: 'earn' | 'redeem' | 'signup_bonus' | 'adjustment';
  /** Positive, except an adjustment that took points away (negative); a redeem is stored positive and counts negative */
  points: number;
  /** Why the points moved (e.g. `Completed: Detailing Service for the SUV on Sat, May 2, 2026`) */
  source: string;
};
export type Loyalty = {
  userId: string;
  email?: string;
  points: number;
  transactions: LoyaltyTransaction[];
  createdAt: string;
  lastUpdated: string;
};
export type OwnerCustomer = {
  profile: Profile;
  createdAt: string;
  vehicles: Vehicle[];
  bookings: OwnerBooking[];
  subscriptions: Subscription[];
  loyalty: Loyalty;
  /** Every text to the customer, oldest first. */
  texts?: OwnerText[];
};
export type OwnerPointsAdjustment = {
  /** Added when positive, taken away when negative; 0 is refused (400) */
  points: number;
  reason: string;
};
export type OwnerMonthFigures = {
  /** `YYYY-MM` */
  month: string;
  requests: number;
  jobsDone: number;
  /** US dollars */
  revenue: number;
  completedRequests: number;
};
export type OwnerNumbers = {
  timeZone: 'America/New_York';
  thisMonth: OwnerMonthFigures;
  lastMonth: OwnerMonthFigures;
};
export type TimeOfDay = string;
export type WorkingHours = {
  open: boolean;
  start: TimeOfDay;
  end: TimeOfDay;
  times?: TimeOfDay[];
};
export type Minutes = number;
export type AvailabilityRules = {
  /** `confirm` ("I confirm each request"): a request holds its time until the owner
    schedules or cancels it (a request sent without signing in, within bounds and for a
    while). `instant` ("Instant booking"): a signed-in customer's appointment is booked at
    once and the customer's e-mail says so; a request sent without signing in waits.
     */
  mode: 'confirm' | 'instant';
  week: {
    monday: WorkingHours;
    tuesday: WorkingHours;
    wednesday: WorkingHours;
    thursday: WorkingHours;
    friday: WorkingHours;
    saturday: WorkingHours;
    sunday: WorkingHours;
  };
  /** Minutes between the start times offered on a day without a list of `times`. */
  stepMinutes: 15 | 30 | 60 | 120;
  /** Single days (`from` = `to`) and ranges, both ends included; no two overlap. */
  daysOff: {
    from: string;
    to: string;
  }[];
  /** How long a job takes per vehicle type (the Premium Package includes every add-on). */
  jobMinutes: {
    Sedan: Minutes;
    SUV: Minutes;
    Minivan: Minutes;
    'Premium Package': Minutes;
  };
  /** Minutes kept free between one job's end and the next one's start. */
  travelMinutes: number;
  maxJobsPerDay: number;
  /** How many days after today customers may book. */
  horizonDays: number;
};
export type OwnerFailedMessage = {
  id: Id;
  kind:
    | 'owner-quote'
    | 'owner-digest'
    | 'owner-authenticator'
    | 'owner-customer-change'
    | 'customer-quote'
    | 'customer-completed'
    | 'customer-cancelled'
    | 'customer-booked'
    | 'customer-rescheduled'
    | 'customer-reminder';
  /** The customer's address; null: the owner's */
  to: string | null;
  bookingId: string | null;
  failure: 'refused' | 'expired' | 'suppressed';
  /** The mail server's words, or why it was held back */
  reason: string;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
  /** When the owner dismissed it; null while it waits for a decision */
  dismissedAt: string | null;
  /** The owner account (its id) that did */
  dismissedBy: string | null;
  /** The owner's reason */
  dismissReason: string | null;
};
export type SuppressedAddress = {
  email: string;
  reason: 'bounce' | 'complaint';
  /** SES's bounce sub-type or complaint type */
  detail: string;
  suppressedAt: string;
};
export type OwnerHealth = {
  problems: string[];
  failedMessages: OwnerFailedMessage[];
  waiting: {
    count: number;
    oldestDueAt: string | null;
  };
  lastBackup: {
    at: string;
    bytes: number;
  } | null;
  suppressed: SuppressedAddress[];
  clientErrors: {
    days: number;
    total: number;
    messages: {
      message: string;
      count: number;
    }[];
  };
  /** The texts' outbox; left out by a backend that sends no texts. */
  texts?: {
    waiting: number;
    oldestDueAt: string | null;
    sentToday: number;
    /** The texts given up in the last 7 days, newest first (at most 50). */
    failed: (OwnerText & {
      lastError: string | null;
      failedAt: string | null;
    })[];
  };
};
export type GalleryUploadImage = {
  /** The upright picture's width in pixels */
  width: number;
  height: number;
  /** The placeholder colour */
  color: string;
  /** The widths its WebP files were made in, narrowest first */
  widths: number[];
};
export type GalleryPicture = {
  /** `gallery/<name>`: one of the site's own gallery pictures (`assets/images/gallery`),
    without extension. `uploads/<id>`: a picture the owner uploaded
    (`POST /owner/gallery-pictures`); a draft naming an upload the server does not
    have is `400`.
     */
  picture: string;
  alt: string;
  caption: string;
  image?: GalleryUploadImage;
};
export type Price = number;
export type OfferText = string;
export type VehicleTypeOffer = {
  price: Price;
  description: OfferText;
};
export type AddonOffer = {
  name: string;
  price: Price;
  minutes: Minutes;
  enabled: boolean;
};
export type PlanOffer = {
  pricePerVisit: Price;
  includes: OfferText[];
};
export type EmailAddress = string;
export type Offer = {
  vehicleTypes: {
    Sedan: VehicleTypeOffer;
    SUV: VehicleTypeOffer;
    Minivan: VehicleTypeOffer;
    /** A flat price that includes every add-on that is on. */
    'Premium Package': VehicleTypeOffer;
  };
  addons: AddonOffer[];
  /** The Premium Package's advertised saving in dollars: it is shown as its price plus this
    ("$250 value, save $50").
     */
  premiumSaving: number;
  plans: {
    weekly: PlanOffer;
    biweekly: PlanOffer;
    monthly: PlanOffer;
  };
  towns: string[];
  contact: {
    phone: string;
    email: EmailAddress;
  };
  reviews: {
    name: string;
    town: string;
    rating: number;
    text: string;
  }[];
  gallery: GalleryPicture[];
};
export type OfferVersion = {
  version: number;
  createdBy: string;
  createdAt: string;
  publishedAt: string | null;
  restoredFrom: number | null;
  /** Whether this version is the one visitors see now. */
  published: boolean;
  offer: Offer;
};
export type SitePagesUpdate = {
  status: 'updated' | 'failed' | 'none';
  /** The pages written (`/`, `/services`, …). */
  paths: string[];
  message: string;
};
export type OfferPublication = {
  version: number;
  publishedAt: string;
  offer: Offer;
  pages: SitePagesUpdate;
};
export type OfferVersionSummary = {
  version: number;
  /** The owner account's id (its token's `sub`) that made it; `seed` for the defaults. */
  createdBy: string;
  createdAt: string;
  /** When it was last published; null if never. */
  publishedAt: string | null;
  /** The version it copies, when it was made by a restore. */
  restoredFrom: number | null;
};
export type CalendarFeed = {
  /** The feed's address (`https://…/calendar/<secret>.ics`); keep it private. */
  url: string;
  /** When this address was made */
  createdAt: string;
};
export const {
  useListOwnerRequestsQuery,
  useMarkOwnerRequestSeenMutation,
  useMarkOwnerCustomerChangeSeenMutation,
  useScheduleOwnerBookingMutation,
  useGetOwnerBookingAvailabilityQuery,
  useCancelOwnerBookingMutation,
  useCompleteOwnerBookingMutation,
  useSendOwnerOnMyWayMutation,
  useUndoOwnerCompletionMutation,
  useOwnerPicturesInMutation,
  useListOwnerPicturesQuery,
  useUploadOwnerPictureMutation,
  useListOwnerRouteQuery,
  useListOwnerCustomersQuery,
  useGetOwnerCustomerQuery,
  useAdjustOwnerPointsMutation,
  useGetOwnerNumbersQuery,
  useGetOwnerAvailabilityQuery,
  useReplaceOwnerAvailabilityMutation,
  useGetOwnerHealthQuery,
  useResendOwnerMessageMutation,
  useResendOwnerTextMutation,
  useDismissOwnerMessageMutation,
  useAllowOwnerAddressMutation,
  useUploadOwnerGalleryPictureMutation,
  useGetOwnerOfferDraftQuery,
  useReplaceOwnerOfferDraftMutation,
  usePublishOwnerOfferMutation,
  useListOwnerOfferVersionsQuery,
  useRestoreOwnerOfferVersionMutation,
  useGetOwnerCalendarFeedQuery,
  useRenewOwnerCalendarFeedMutation,
} = injectedRtkApi;
