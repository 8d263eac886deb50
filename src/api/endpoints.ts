/**
 * The app's API: the generated endpoints (src/api/generated.ts, never edited) enhanced
 * with cache tags that make a change refresh everything that shows it, and with
 * normalisers that turn any backend shape (openapi.yaml) into the app's types.
 * Features import hooks from here, not from generated.ts. The combined queries (./loyalty.ts,
 * the service pictures of several bookings) call these endpoints too, through `initiate`.
 */
import type {
  DefinitionsFromApi,
  OverrideResultType,
  TagTypesFromApi,
} from '@reduxjs/toolkit/query/react';
import { generatedApi } from './generated';
import {
  isEmptyLoyalty,
  normalizeExternalBooking,
  normalizeList,
  normalizeLoyalty,
  normalizeProfile,
  normalizeServicePic,
  normalizeSubscription,
  normalizeVehicle,
  normalizeWebsiteBooking,
  type ExternalBooking,
  type Loyalty,
  type Profile,
  type ServicePic,
  type Subscription,
  type Vehicle,
  type WebsiteBooking,
} from './normalize';

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type TagTypes = TagTypesFromApi<typeof generatedApi>;
type Override<K extends keyof Definitions, R> = OverrideResultType<Definitions[K], R>;

type EnhancedDefinitions = Omit<
  Definitions,
  | 'getMyProfile'
  | 'updateMyProfile'
  | 'listMyVehicles'
  | 'createVehicle'
  | 'updateVehicle'
  | 'getLoyalty'
  | 'listBookings'
  | 'createBooking'
  | 'updateBooking'
  | 'cancelBooking'
  | 'listClaimableBookings'
  | 'listServicePics'
  | 'listCalendlyBookings'
  | 'listSubscriptions'
  | 'createSubscription'
  | 'cancelSubscription'
> & {
  getMyProfile: Override<'getMyProfile', Profile>;
  updateMyProfile: Override<'updateMyProfile', Profile>;
  listMyVehicles: Override<'listMyVehicles', Vehicle[]>;
  createVehicle: Override<'createVehicle', Vehicle>;
  updateVehicle: Override<'updateVehicle', Vehicle>;
  confirmTextNumber: Override<'confirmTextNumber', Profile>;
  /** null: the answer carries no account (legacy backends answered {} or null). */
  getLoyalty: Override<'getLoyalty', Loyalty | null>;
  listBookings: Override<'listBookings', WebsiteBooking[]>;
  createBooking: Override<'createBooking', WebsiteBooking>;
  updateBooking: Override<'updateBooking', WebsiteBooking>;
  cancelBooking: Override<'cancelBooking', WebsiteBooking>;
  listClaimableBookings: Override<'listClaimableBookings', WebsiteBooking[]>;
  listServicePics: Override<'listServicePics', ServicePic[]>;
  listCalendlyBookings: Override<'listCalendlyBookings', ExternalBooking[]>;
  listSubscriptions: Override<'listSubscriptions', Subscription[]>;
  createSubscription: Override<'createSubscription', Subscription>;
  cancelSubscription: Override<'cancelSubscription', Subscription>;
};

/** What the enhancement below may say of each endpoint (RTK Query's own type). */
type Enhancements = NonNullable<
  Parameters<typeof generatedApi.enhanceEndpoints<TagTypes, EnhancedDefinitions>>[0]['endpoints']
>;

// Every endpoint of the customer app is listed (`{}`: used as generated), so an operation added
// to openapi.yaml is a compile error here until its normaliser and cache tags are decided.
export const api = generatedApi.enhanceEndpoints<TagTypes, EnhancedDefinitions>({
  endpoints: {
    reportSessionsEnded: {},
    deleteVehicle: {},
    // A code is on its way; the profile changes when it is confirmed.
    sendTextCode: {},
    confirmTextNumber: { transformResponse: normalizeProfile, invalidatesTags: ['profile'] },
    getMyProfile: { transformResponse: normalizeProfile },
    updateMyProfile: { transformResponse: normalizeProfile },
    listMyVehicles: { transformResponse: (raw: unknown) => normalizeList(raw, normalizeVehicle) },
    createVehicle: { transformResponse: normalizeVehicle },
    updateVehicle: { transformResponse: normalizeVehicle },
    getLoyalty: {
      transformResponse: (raw: unknown) => (isEmptyLoyalty(raw) ? null : normalizeLoyalty(raw)),
    },
    listBookings: {
      transformResponse: (raw: unknown) => normalizeList(raw, normalizeWebsiteBooking),
    },
    // A new booking (signed in) shows in the lists; loyalty changes when bookings complete.
    createBooking: {
      transformResponse: normalizeWebsiteBooking,
      invalidatesTags: ['bookings', 'service-pics'],
    },
    updateBooking: { transformResponse: normalizeWebsiteBooking },
    cancelBooking: { transformResponse: normalizeWebsiteBooking },
    // Free times change with every booking held, moved or cancelled.
    getAvailability: { providesTags: ['bookings'], keepUnusedDataFor: 30 },
    // The published offer a booking edit prices a new vehicle type by (features/bookings).
    getOffer: {},
    listClaimableBookings: {
      transformResponse: (raw: unknown) => normalizeList(raw, normalizeWebsiteBooking),
    },
    // A claimed request joins the bookings, with its points and pictures.
    claimBooking: { invalidatesTags: ['bookings', 'loyalty', 'service-pics'] },
    listServicePics: {
      transformResponse: (raw: unknown) => normalizeList(raw, normalizeServicePic),
    },
    listCalendlyBookings: {
      transformResponse: (raw: unknown) => normalizeList(raw, normalizeExternalBooking),
    },
    listSubscriptions: {
      transformResponse: (raw: unknown) => normalizeList(raw, (v) => normalizeSubscription(v)),
    },
    // Starting a plan may earn the subscription bonus.
    createSubscription: {
      transformResponse: (raw: unknown) => normalizeSubscription(raw),
      invalidatesTags: ['subscriptions', 'loyalty'],
    },
    cancelSubscription: { transformResponse: (raw: unknown) => normalizeSubscription(raw) },
    // The download is saved as a file; the app keeps no copy of it.
    exportMyData: { keepUnusedDataFor: 0 },
    // A deleted account has nothing left to fetch (a refetch would answer 401 and go to /auth).
    deleteMyAccount: { invalidatesTags: [] },
  } satisfies Required<Enhancements>,
});

/**
 * Cache updates after a change (docs/product.md §4 booking actions, subscriptions): the list
 * shows the server's answer at once, before the invalidated list is fetched again.
 */
api.enhanceEndpoints({
  endpoints: {
    updateBooking: {
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data: updated } = await queryFulfilled;
          dispatch(
            api.util.updateQueryData('listBookings', undefined, (list) => {
              const index = list.findIndex((b) => b.bookingId === id);
              if (index >= 0) list[index] = updated;
            }),
          );
        } catch {
          /* the screen reports the failure; the list stays as it was */
        }
      },
    },
    cancelBooking: {
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            api.util.updateQueryData('listBookings', undefined, (list) => {
              const row = list.find((b) => b.bookingId === id);
              if (row) {
                row.status = 'Cancelled';
                row.rawStatus = 'cancelled';
              }
            }),
          );
        } catch {
          /* the screen reports the failure; the list stays as it was */
        }
      },
    },
    // My Subscriptions (docs/product.md §4) shows a new plan at once; the invalidated list
    // (and loyalty) then reload from the server.
    createSubscription: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: created } = await queryFulfilled;
          dispatch(
            api.util.updateQueryData('listSubscriptions', undefined, (list) => {
              if (!list.some((s) => s.subscriptionId === created.subscriptionId))
                list.push(created);
            }),
          );
        } catch {
          /* the screen reports the failure; the list stays as it was */
        }
      },
    },
    // A cancelled plan leaves the list at once.
    cancelSubscription: {
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            api.util.updateQueryData('listSubscriptions', undefined, (list) => {
              const index = list.findIndex((s) => s.subscriptionId === id);
              if (index >= 0) list.splice(index, 1);
            }),
          );
        } catch {
          /* the screen reports the failure; the list stays as it was */
        }
      },
    },
  },
});

export const {
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useSendTextCodeMutation,
  useConfirmTextNumberMutation,
  useListMyVehiclesQuery,
  useCreateVehicleMutation,
  useUpdateVehicleMutation,
  useDeleteVehicleMutation,
  useListBookingsQuery,
  useCreateBookingMutation,
  useGetAvailabilityQuery,
  useGetOfferQuery,
  useUpdateBookingMutation,
  useCancelBookingMutation,
  useListClaimableBookingsQuery,
  useClaimBookingMutation,
  useListCalendlyBookingsQuery,
  useListSubscriptionsQuery,
  useCreateSubscriptionMutation,
  useCancelSubscriptionMutation,
  useLazyExportMyDataQuery,
  useDeleteMyAccountMutation,
} = api;
