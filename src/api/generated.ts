import { baseApi as api } from './baseApi';
export const addTagTypes = [
  'profile',
  'vehicles',
  'loyalty',
  'bookings',
  'service-pics',
  'calendly',
  'subscriptions',
  'account',
  'offer',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getMyProfile: build.query<GetMyProfileApiResponse, GetMyProfileApiArg>({
        query: () => ({ url: `/profile/me` }),
        providesTags: ['profile'],
      }),
      updateMyProfile: build.mutation<UpdateMyProfileApiResponse, UpdateMyProfileApiArg>({
        query: (queryArg) => ({ url: `/profile/me`, method: 'PUT', body: queryArg.profileUpdate }),
        invalidatesTags: ['profile'],
      }),
      reportSessionsEnded: build.mutation<
        ReportSessionsEndedApiResponse,
        ReportSessionsEndedApiArg
      >({
        query: (queryArg) => ({
          url: `/profile/me/sessions-ended`,
          method: 'POST',
          body: queryArg.sessionsEnded,
        }),
        invalidatesTags: ['profile'],
      }),
      sendTextCode: build.mutation<SendTextCodeApiResponse, SendTextCodeApiArg>({
        query: () => ({ url: `/profile/me/text-code`, method: 'POST' }),
        invalidatesTags: ['profile'],
      }),
      confirmTextNumber: build.mutation<ConfirmTextNumberApiResponse, ConfirmTextNumberApiArg>({
        query: (queryArg) => ({
          url: `/profile/me/text-number`,
          method: 'POST',
          body: queryArg.textCode,
        }),
        invalidatesTags: ['profile'],
      }),
      listMyVehicles: build.query<ListMyVehiclesApiResponse, ListMyVehiclesApiArg>({
        query: () => ({ url: `/vehicles/me` }),
        providesTags: ['vehicles'],
      }),
      createVehicle: build.mutation<CreateVehicleApiResponse, CreateVehicleApiArg>({
        query: (queryArg) => ({ url: `/vehicles/me`, method: 'POST', body: queryArg.vehicleInput }),
        invalidatesTags: ['vehicles'],
      }),
      updateVehicle: build.mutation<UpdateVehicleApiResponse, UpdateVehicleApiArg>({
        query: (queryArg) => ({
          url: `/vehicles/${queryArg.id}`,
          method: 'PUT',
          body: queryArg.vehicleInput,
        }),
        invalidatesTags: ['vehicles'],
      }),
      deleteVehicle: build.mutation<DeleteVehicleApiResponse, DeleteVehicleApiArg>({
        query: (queryArg) => ({ url: `/vehicles/${queryArg.id}`, method: 'DELETE' }),
        invalidatesTags: ['vehicles'],
      }),
      getLoyalty: build.query<GetLoyaltyApiResponse, GetLoyaltyApiArg>({
        query: (queryArg) => ({
          url: `/loyalty`,
          params: {
            email: queryArg.email,
          },
        }),
        providesTags: ['loyalty'],
      }),
      listBookings: build.query<ListBookingsApiResponse, ListBookingsApiArg>({
        query: () => ({ url: `/bookings` }),
        providesTags: ['bookings'],
      }),
      createBooking: build.mutation<CreateBookingApiResponse, CreateBookingApiArg>({
        query: (queryArg) => ({
          url: `/bookings`,
          method: 'POST',
          body: queryArg.quoteRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['bookings'],
      }),
      listClaimableBookings: build.query<
        ListClaimableBookingsApiResponse,
        ListClaimableBookingsApiArg
      >({
        query: () => ({ url: `/bookings/claimable` }),
        providesTags: ['bookings'],
      }),
      claimBooking: build.mutation<ClaimBookingApiResponse, ClaimBookingApiArg>({
        query: (queryArg) => ({
          url: `/bookings/${queryArg.id}/claim`,
          method: 'POST',
          body: queryArg.claimDecision,
        }),
        invalidatesTags: ['bookings'],
      }),
      updateBooking: build.mutation<UpdateBookingApiResponse, UpdateBookingApiArg>({
        query: (queryArg) => ({
          url: `/bookings/${queryArg.id}`,
          method: 'PUT',
          body: queryArg.bookingUpdate,
        }),
        invalidatesTags: ['bookings'],
      }),
      cancelBooking: build.mutation<CancelBookingApiResponse, CancelBookingApiArg>({
        query: (queryArg) => ({ url: `/bookings/${queryArg.id}`, method: 'DELETE' }),
        invalidatesTags: ['bookings'],
      }),
      getAvailability: build.query<GetAvailabilityApiResponse, GetAvailabilityApiArg>({
        query: (queryArg) => ({
          url: `/availability`,
          params: {
            from: queryArg['from'],
            to: queryArg.to,
            vehicleType: queryArg.vehicleType,
            addOns: queryArg.addOns,
            except: queryArg.except,
          },
        }),
        providesTags: ['bookings'],
      }),
      listServicePics: build.query<ListServicePicsApiResponse, ListServicePicsApiArg>({
        query: (queryArg) => ({
          url: `/service-pics`,
          params: {
            bookingId: queryArg.bookingId,
          },
        }),
        providesTags: ['service-pics'],
      }),
      listCalendlyBookings: build.query<
        ListCalendlyBookingsApiResponse,
        ListCalendlyBookingsApiArg
      >({
        query: () => ({ url: `/calendly-bookings` }),
        providesTags: ['calendly'],
      }),
      listSubscriptions: build.query<ListSubscriptionsApiResponse, ListSubscriptionsApiArg>({
        query: () => ({ url: `/subscriptions` }),
        providesTags: ['subscriptions'],
      }),
      createSubscription: build.mutation<CreateSubscriptionApiResponse, CreateSubscriptionApiArg>({
        query: (queryArg) => ({
          url: `/subscriptions`,
          method: 'POST',
          body: queryArg.subscriptionInput,
        }),
        invalidatesTags: ['subscriptions'],
      }),
      cancelSubscription: build.mutation<CancelSubscriptionApiResponse, CancelSubscriptionApiArg>({
        query: (queryArg) => ({ url: `/subscriptions/${queryArg.id}`, method: 'DELETE' }),
        invalidatesTags: ['subscriptions'],
      }),
      exportMyData: build.query<ExportMyDataApiResponse, ExportMyDataApiArg>({
        query: () => ({ url: `/account/export` }),
        providesTags: ['account'],
      }),
      deleteMyAccount: build.mutation<DeleteMyAccountApiResponse, DeleteMyAccountApiArg>({
        query: (queryArg) => ({
          url: `/account/deletion`,
          method: 'POST',
          body: queryArg.accountDeletion,
        }),
        invalidatesTags: ['account'],
      }),
      getOffer: build.query<GetOfferApiResponse, GetOfferApiArg>({
        query: () => ({ url: `/offer` }),
        providesTags: ['offer'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetMyProfileApiResponse = /** status 200 The profile */ Profile;
export type GetMyProfileApiArg = void;
export type UpdateMyProfileApiResponse = /** status 200 The stored profile */ Profile;
export type UpdateMyProfileApiArg = {
  profileUpdate: ProfileUpdate;
};
export type ReportSessionsEndedApiResponse = unknown;
export type ReportSessionsEndedApiArg = {
  sessionsEnded: SessionsEnded;
};
export type SendTextCodeApiResponse = unknown;
export type SendTextCodeApiArg = void;
export type ConfirmTextNumberApiResponse =
  /** status 200 The profile, with its confirmed text number */ Profile;
export type ConfirmTextNumberApiArg = {
  textCode: TextCode;
};
export type ListMyVehiclesApiResponse = /** status 200 Vehicles, oldest first */ Vehicle[];
export type ListMyVehiclesApiArg = void;
export type CreateVehicleApiResponse = /** status 201 The stored vehicle */ Vehicle;
export type CreateVehicleApiArg = {
  vehicleInput: VehicleInput;
};
export type UpdateVehicleApiResponse = /** status 200 The stored vehicle */ Vehicle;
export type UpdateVehicleApiArg = {
  id: Id;
  vehicleInput: VehicleInput;
};
export type DeleteVehicleApiResponse = unknown;
export type DeleteVehicleApiArg = {
  id: Id;
};
export type GetLoyaltyApiResponse = /** status 200 The loyalty account */ Loyalty;
export type GetLoyaltyApiArg = {
  email?: EmailAddress;
};
export type ListBookingsApiResponse = /** status 200 Bookings */ Booking[];
export type ListBookingsApiArg = void;
export type CreateBookingApiResponse = /** status 201 The stored booking */ Booking;
export type CreateBookingApiArg = {
  /** A random key per quote (e.g. a UUID), 16 to 128 letters, digits, `-` or `_`. */
  'Idempotency-Key'?: string;
  quoteRequest: QuoteRequest;
};
export type ListClaimableBookingsApiResponse =
  /** status 200 Requests waiting for the customer's answer */ ClaimableRequest[];
export type ListClaimableBookingsApiArg = void;
export type ClaimBookingApiResponse = unknown;
export type ClaimBookingApiArg = {
  id: Id;
  claimDecision: ClaimDecision;
};
export type UpdateBookingApiResponse = /** status 200 The stored booking */ Booking;
export type UpdateBookingApiArg = {
  id: Id;
  bookingUpdate: BookingUpdate;
};
export type CancelBookingApiResponse = /** status 200 The cancelled booking */ Booking;
export type CancelBookingApiArg = {
  id: Id;
};
export type GetAvailabilityApiResponse = /** status 200 Each date's free start times */ FreeTimes[];
export type GetAvailabilityApiArg = {
  from: string;
  to: string;
  vehicleType: 'Sedan' | 'SUV' | 'Minivan' | 'Premium Package';
  /** The chosen add-ons' names separated by commas (none when left out). */
  addOns?: string;
  /** The signed-in customer's own booking being moved, which then holds no time (`404` for anyone else). */
  except?: Id;
};
export type ListServicePicsApiResponse =
  /** status 200 Pictures, oldest first (empty when there are none) */ ServicePic[];
export type ListServicePicsApiArg = {
  bookingId: Id;
};
export type ListCalendlyBookingsApiResponse = /** status 200 External bookings */ CalendlyBooking[];
export type ListCalendlyBookingsApiArg = void;
export type ListSubscriptionsApiResponse = /** status 200 Subscriptions */ Subscription[];
export type ListSubscriptionsApiArg = void;
export type CreateSubscriptionApiResponse = /** status 201 The new subscription */ Subscription;
export type CreateSubscriptionApiArg = {
  subscriptionInput: SubscriptionInput;
};
export type CancelSubscriptionApiResponse =
  /** status 200 The cancelled subscription */ Subscription;
export type CancelSubscriptionApiArg = {
  id: Id;
};
export type ExportMyDataApiResponse = /** status 200 The customer's data */ AccountExport;
export type ExportMyDataApiArg = void;
export type DeleteMyAccountApiResponse = unknown;
export type DeleteMyAccountApiArg = {
  accountDeletion: AccountDeletion;
};
export type GetOfferApiResponse = /** status 200 The published offer */ PublishedOffer;
export type GetOfferApiArg = void;
export type Address = {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
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
export type Error = {
  /** The HTTP reason phrase */
  error: string;
  /** What went wrong, in words for people */
  message: string;
};
export type TextChoices = {
  reminders: boolean;
  statusUpdates: boolean;
};
export type ProfileUpdate = {
  name: string;
  /** Ignored */
  email?: string;
  phone?: string;
  mobile?: string;
  serviceAddress?: Address;
  /** Left out, the stored preferences stay as they are. */
  emailPreferences?: EmailPreferences;
  /** Left out, the stored text choices stay as they are. */
  textPreferences?: TextChoices;
};
export type SessionsEnded = {
  /** What ended the earlier sessions. */
  reason: 'global-sign-out' | 'password-change';
};
export type TextCode = {
  code: string;
};
export type Id = string;
export type Vehicle = {
  vehicleId: Id;
  make: string;
  model: string;
  year: number;
  licensePlate?: string | null;
};
export type VehicleInput = {
  make: string;
  model: string;
  year: number;
  licensePlate?: string | null;
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
export type EmailAddress = string;
export type VehicleRef = {
  vehicleId?: Id;
  make: string;
  model: string;
  year: number;
  licensePlate?: string | null;
};
export type BookingStatus = 'Booked' | 'Completed' | 'Cancelled';
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
export type PriceChanged = {
  /** The HTTP reason phrase */
  error: string;
  /** What went wrong, in words for people */
  message: string;
  totalPrice: number;
  offerVersion: number;
};
export type AddonName = string;
export type QuoteRequest = {
  name: string;
  phone: string;
  email: EmailAddress;
  vehicleType: 'Sedan' | 'SUV' | 'Minivan' | 'Premium Package';
  selectedAddons: AddonName[];
  /** The version of the offer the sender's page showed (`GET /offer`); with `totalPrice`, it
    tells the server what the sender saw.
     */
  offerVersion?: number;
  date?: string;
  time?: string;
  vehicle?: string;
  message?: string;
  /** Where to come. The web client's quote wizard asks every sender for it (prefilled
    from a signed-in customer's profile); other clients may leave it out.
     */
  serviceAddress?: Address;
  totalPrice: number;
  /** The sender ticked "Text me about this request" beside its consent wording: the
    booking's texts go to `phone` (a US number; `400` otherwise), and the consent is
    stored with its time and wording. Left out or false, no text is sent about it.
     */
  textMe?: boolean;
};
export type ClaimableRequest = {
  bookingId: Id;
  vehicleType: 'Sedan' | 'SUV' | 'Minivan' | 'Premium Package';
  /** Absent for a call-back request */
  date?: string;
  /** Local time of day, e.g. `4:00 PM` */
  time?: string;
  totalPrice: number;
};
export type ClaimDecision = {
  /** `mine` claims the request; `not-mine` stops offering it. */
  decision: 'mine' | 'not-mine';
  /** With `mine`: the request's name, phone and service address fill the customer's
    profile fields that are empty (the customer said yes to "Use these for your
    profile?"). A field that has a value is never changed. Left out: false.
     */
  fillProfile?: boolean;
};
export type BookingUpdate = {
  date: string;
  /** `4:00 PM` or `16:00` */
  time: string;
  vehicleType: 'Sedan' | 'SUV' | 'Minivan' | 'Premium Package';
  vehicle: string;
  totalPrice: number;
};
export type FreeTimes = {
  date: string;
  /** Free start times, earliest first, written as the quote form writes them (`4:00 PM`). */
  times: string[];
};
export type ServicePic = {
  signedUrl: string;
  bookingId: Id;
  description: string;
  uploadedAt: string;
};
export type CalendlyBooking = {
  bookingId: string;
  startTime: string;
  serviceName: string;
  status: BookingStatus;
  vehicle?: string;
  vehicleType?: string;
  source: 'Calendly';
  /** Reschedule this booking in the scheduling service (when the service sent a link) */
  rescheduleUrl?: string;
  /** Cancel this booking in the scheduling service (when the service sent a link) */
  cancelUrl?: string;
};
export type Subscription = {
  subscriptionId: Id;
  userId: string;
  plan: 'weekly' | 'biweekly' | 'monthly';
  status: 'active' | 'cancelled';
  createdAt: string;
};
export type SubscriptionInput = {
  plan: 'weekly' | 'biweekly' | 'monthly';
};
export type PictureRecord = {
  bookingId: Id;
  description: string;
  uploadedAt: string;
};
export type AccountExport = {
  exportedAt: string;
  /** The account's sign-in attributes as the API knows them. */
  signIn: {
    /** The identity provider's `sub` */
    userId: string;
    email: string;
    emailVerified: boolean;
  };
  profile: Profile;
  vehicles: Vehicle[];
  bookings: Booking[];
  schedulingServiceBookings: CalendlyBooking[];
  subscriptions: Subscription[];
  loyalty: Loyalty;
  pictures: PictureRecord[];
  /** What the owner wrote about the customer's website bookings (`bookings`) and that the
    customer's own screens never show: the internal note and the reason of a
    cancellation, for each booking that has either, oldest booking first. The reasons of
    the owner's point adjustments are the `source` of `loyalty.transactions`.
     */
  ownerNotes: {
    bookingId: Id;
    /** The owner's internal note; empty when none */
    note: string;
    /** Why the owner cancelled it; empty otherwise */
    cancelReason: string;
  }[];
  /** The customer's e-mail preferences; `null` from a backend that keeps none. */
  emailPreferences: EmailPreferences | null;
  /** The customer's text choices and consents: the account's (its number, when and in
    which words it was given) and each request's "Text me about this request".
     */
  texts?: {
    reminders: boolean;
    statusUpdates: boolean;
    number: string | null;
    consentAt: string | null;
    consentWording: string | null;
    requests: {
      bookingId: Id;
      number: string;
      consentAt: string;
      consentWording: string;
    }[];
  };
};
export type AccountDeletion = {
  /** The account's e-mail, typed by the customer */
  email: string;
  /** An access token from a sign-in of the last 10 minutes */
  accessToken: string;
};
export type Price = number;
export type OfferText = string;
export type VehicleTypeOffer = {
  price: Price;
  description: OfferText;
};
export type Minutes = number;
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
export type PublishedOffer = {
  version: number;
  publishedAt: string;
  offer: Offer;
};
export const {
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useReportSessionsEndedMutation,
  useSendTextCodeMutation,
  useConfirmTextNumberMutation,
  useListMyVehiclesQuery,
  useCreateVehicleMutation,
  useUpdateVehicleMutation,
  useDeleteVehicleMutation,
  useGetLoyaltyQuery,
  useListBookingsQuery,
  useCreateBookingMutation,
  useListClaimableBookingsQuery,
  useClaimBookingMutation,
  useUpdateBookingMutation,
  useCancelBookingMutation,
  useGetAvailabilityQuery,
  useListServicePicsQuery,
  useListCalendlyBookingsQuery,
  useListSubscriptionsQuery,
  useCreateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useExportMyDataQuery,
  useDeleteMyAccountMutation,
  useGetOfferQuery,
} = injectedRtkApi;
