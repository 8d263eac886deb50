/**
 * The owner console's API: the generated endpoints (./generated.ts, never edited) enhanced with
 * cache tags that name what each one shows, by id where it has one, so that an owner's action
 * refreshes exactly what it changed (and nothing else the console has open or cached). The
 * console's screens import hooks from here, not from generated.ts (the customer app does the
 * same with src/api/endpoints.ts).
 */
import type { TagDescription } from '@reduxjs/toolkit/query/react';
import { ownerGeneratedApi, type OwnerBooking } from './generated';

const ownerTagTypes = [
  // A request (booking) by id; `LIST` stands for the inbox's pages, whatever their filters.
  'owner-request',
  // The appointments of the route, for any day or week.
  'owner-route',
  // A request's pictures, by the request's id.
  'owner-pictures',
  // A customer by user id; `LIST` stands for the customers' pages.
  'owner-customer',
  'owner-numbers',
  'owner-availability',
  // The address of the owner's calendar feed.
  'owner-calendar-feed',
  'owner-health',
  // The offer's draft and its versions.
  'owner-offer',
] as const;
type OwnerTagType = (typeof ownerTagTypes)[number];
type OwnerTag = TagDescription<OwnerTagType>;

/** What the enhancement below may say of each endpoint (RTK Query's own type). */
type Enhancements = NonNullable<
  Parameters<typeof ownerGeneratedApi.enhanceEndpoints<OwnerTagType>>[0]['endpoints']
>;

const LIST = 'LIST';

/** One tag of `type` per id. */
const each = <T extends OwnerTagType>(type: T, ids: string[]) => ids.map((id) => ({ type, id }));

/** What a change of request `id` (its date, status or note) shows in. */
const requestChanged = (id: string, booking?: OwnerBooking | null): OwnerTag[] => [
  // Its own entry wherever it is listed (the inbox, a customer's page), and the inbox's
  // filters and counts, which it may join or leave.
  { type: 'owner-request', id },
  { type: 'owner-request', id: LIST },
  'owner-route',
  // Each of these actions queues or withdraws an e-mail to the customer: the health page's
  // count of e-mails waiting.
  'owner-health',
  ...each('owner-customer', booking?.userId ? [booking.userId] : []),
];

// Every endpoint of the console is listed, so an operation added to openapi.yaml for the owner
// is a compile error here until its cache tags are decided.
export const ownerApi = ownerGeneratedApi.enhanceEndpoints({
  addTagTypes: ownerTagTypes,
  endpoints: {
    listOwnerRequests: {
      providesTags: (page) => [
        { type: 'owner-request', id: LIST },
        ...each(
          'owner-request',
          (page?.items ?? []).map(({ bookingId }) => bookingId),
        ),
      ],
    },
    // Opening a request marks it seen: its entry and the inbox's count of new ones change.
    markOwnerRequestSeen: {
      invalidatesTags: (_booking, _error, { id }) => [
        { type: 'owner-request', id },
        { type: 'owner-request', id: LIST },
      ],
    },
    // "Seen" on a customer's change: its mark goes wherever the request shows (the inbox, the
    // customer's page by the request's id, the route).
    markOwnerCustomerChangeSeen: {
      invalidatesTags: (_booking, _error, { id }) => [{ type: 'owner-request', id }, 'owner-route'],
    },
    // A schedule or a cancellation changes the request and the route; the customer's page
    // lists the request (by its id), so it follows without naming the customer.
    scheduleOwnerBooking: {
      invalidatesTags: (_booking, _error, { id }) => requestChanged(id),
    },
    cancelOwnerBooking: {
      invalidatesTags: (_booking, _error, { id }) => requestChanged(id),
    },
    // A completion (or its undoing) also changes the customer's points and the month's numbers.
    completeOwnerBooking: {
      invalidatesTags: (completion, _error, { id }) => [
        ...requestChanged(id, completion?.booking),
        'owner-numbers',
      ],
    },
    // The text shows on the request, the route and the customer's page.
    sendOwnerOnMyWay: {
      invalidatesTags: (_text, _error, { id }) => requestChanged(id),
    },
    undoOwnerCompletion: {
      invalidatesTags: (booking, _error, { id }) => [
        ...requestChanged(id, booking),
        'owner-numbers',
      ],
    },
    // The done e-mail goes now (the request itself shows no change): the waiting e-mails.
    ownerPicturesIn: { invalidatesTags: ['owner-health'] },
    listOwnerPictures: {
      providesTags: (_pictures, _error, { id }) => [{ type: 'owner-pictures', id }],
    },
    uploadOwnerPicture: {
      invalidatesTags: (_picture, _error, { id }) => [{ type: 'owner-pictures', id }],
    },
    listOwnerRoute: { providesTags: ['owner-route'] },
    listOwnerCustomers: {
      providesTags: (page) => [
        { type: 'owner-customer', id: LIST },
        ...each(
          'owner-customer',
          (page?.items ?? []).map(({ userId }) => userId),
        ),
      ],
    },
    getOwnerCustomer: {
      providesTags: (customer, _error, { userId }) => [
        { type: 'owner-customer', id: userId },
        ...each(
          'owner-request',
          (customer?.bookings ?? []).map(({ bookingId }) => bookingId),
        ),
      ],
    },
    // The customer's points: their page and their row in the customers' list.
    adjustOwnerPoints: {
      invalidatesTags: (_loyalty, _error, { userId }) => [{ type: 'owner-customer', id: userId }],
    },
    getOwnerNumbers: { providesTags: ['owner-numbers'] },
    // Free times for a request: they change with the rules and with every booking held (the route).
    getOwnerBookingAvailability: { providesTags: ['owner-availability', 'owner-route'] },
    getOwnerAvailability: { providesTags: ['owner-availability'] },
    replaceOwnerAvailability: { invalidatesTags: ['owner-availability'] },
    getOwnerCalendarFeed: { providesTags: ['owner-calendar-feed'] },
    renewOwnerCalendarFeed: { invalidatesTags: ['owner-calendar-feed'] },
    getOwnerHealth: { providesTags: ['owner-health'] },
    resendOwnerMessage: { invalidatesTags: ['owner-health'] },
    resendOwnerText: { invalidatesTags: ['owner-health'] },
    dismissOwnerMessage: { invalidatesTags: ['owner-health'] },
    allowOwnerAddress: { invalidatesTags: ['owner-health'] },
    getOwnerOfferDraft: { providesTags: ['owner-offer'] },
    listOwnerOfferVersions: { providesTags: ['owner-offer'] },
    replaceOwnerOfferDraft: { invalidatesTags: ['owner-offer'] },
    restoreOwnerOfferVersion: { invalidatesTags: ['owner-offer'] },
    // The upload is an entry for the form; the draft changes only when the form is saved.
    uploadOwnerGalleryPicture: { invalidatesTags: [] },
    // Publishing changes the add-ons' minutes, so the free times offered for a request.
    publishOwnerOffer: { invalidatesTags: ['owner-offer', 'owner-availability'] },
  } satisfies Required<Enhancements>,
});

export const {
  useListOwnerRequestsQuery,
  useMarkOwnerRequestSeenMutation,
  useMarkOwnerCustomerChangeSeenMutation,
  useScheduleOwnerBookingMutation,
  useGetOwnerBookingAvailabilityQuery,
  useCancelOwnerBookingMutation,
  useCompleteOwnerBookingMutation,
  useUndoOwnerCompletionMutation,
  useSendOwnerOnMyWayMutation,
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
  useGetOwnerCalendarFeedQuery,
  useRenewOwnerCalendarFeedMutation,
  useGetOwnerHealthQuery,
  useResendOwnerMessageMutation,
  useResendOwnerTextMutation,
  useDismissOwnerMessageMutation,
  useAllowOwnerAddressMutation,
  useGetOwnerOfferDraftQuery,
  useReplaceOwnerOfferDraftMutation,
  usePublishOwnerOfferMutation,
  useListOwnerOfferVersionsQuery,
  useRestoreOwnerOfferVersionMutation,
  useUploadOwnerGalleryPictureMutation,
} = ownerApi;
