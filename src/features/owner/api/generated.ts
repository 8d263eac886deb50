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
        query: (queryArg) => ({ url: `/owner/bookings/${queryArg.id}/complete`, method: 'POST' }),
        invalidatesTags: ['owner'],
      }),
      uploadOwnerPicture: build.mutation<UploadOwnerPictureApiResponse, UploadOwnerPictureApiArg>({
        query: (queryArg) => ({
          url: `/owner/bookings/${queryArg.id}/pictures`,
          method: 'POST',
          body: queryArg.body,
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
export type ScheduleOwnerBookingApiResponse = /** status 200 The scheduled booking */ OwnerBooking;
export type ScheduleOwnerBookingApiArg = {
  id: Id;
  ownerSchedule: OwnerSchedule;
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
};
export type UploadOwnerPictureApiResponse = /** status 201 The stored picture */ OwnerPicture;
export type UploadOwnerPictureApiArg = {
  id: Id;
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
  source: 'website';
  /** Defaults to `Detailing Service` in the client */
  serviceName?: string;
  message?: string;
  /** The address sent with the request; absent when none was sent */
  serviceAddress?: Address;
  createdAt: string;
};
export type OwnerBooking = Booking & {
  /** The owner has opened it in the inbox */
  seen: boolean;
  /** The internal note; never shown to the customer */
  note: string;
  /** Why the owner cancelled it; empty otherwise */
  cancelReason: string;
};
export type OwnerRequestPage = {
  items: OwnerBooking[];
  /** The next page's `cursor`; null on the last */
  nextCursor: string | null;
  /** Requests not yet seen, whatever the filters */
  newCount: number;
};
export type Error = {
  /** The HTTP reason phrase */
  error: string;
  /** What went wrong, in words for people */
  message: string;
};
export type OwnerSchedule = {
  date: string;
  /** `10:00 AM` or `10:00` */
  time: string;
  note?: string;
};
export type OwnerCancellation = {
  reason: string;
};
export type OwnerCompletion = {
  booking: OwnerBooking;
  /** What the booking earns its customer */
  points: number;
};
export type OwnerPicture = {
  file: string;
  bookingId: Id;
  description: string;
  uploadedAt: string;
};
export const {
  useListOwnerRequestsQuery,
  useMarkOwnerRequestSeenMutation,
  useScheduleOwnerBookingMutation,
  useCancelOwnerBookingMutation,
  useCompleteOwnerBookingMutation,
  useUploadOwnerPictureMutation,
  useListOwnerRouteQuery,
} = injectedRtkApi;
