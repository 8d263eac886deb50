/**
 * The pictures of several bookings in one query (docs/product.md §7: GET /service-pics?bookingId= once
 * per Completed booking, flattened). One failed request fails the whole list, so the page
 * shows its error instead of a partial gallery.
 */
import { api } from '../../api/endpoints';
import { normalizeList, normalizeServicePic, type ServicePic } from '../../api/normalize';
import type { ApiError } from '../../api/errors';

/** At most this many picture requests run at once (a long history must not flood the API). */
export const MAX_PARALLEL_REQUESTS = 6;

const servicePicsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServicePicsForBookings: build.query<ServicePic[], readonly string[]>({
      providesTags: ['service-pics'],
      async queryFn(bookingIds, _api, _extra, baseQuery) {
        const results: ServicePic[][] = new Array(bookingIds.length);
        let next = 0;
        let failure: ApiError | null = null;
        const worker = async () => {
          while (failure === null && next < bookingIds.length) {
            const index = next++;
            const bookingId = bookingIds[index]!;
            const answer = await baseQuery({ url: '/service-pics', params: { bookingId } });
            if (answer.error) failure = answer.error as ApiError;
            else
              results[index] = normalizeList(answer.data, normalizeServicePic).map((pic) => ({
                ...pic,
                bookingId: pic.bookingId || bookingId,
              }));
          }
        };
        await Promise.all(
          Array.from({ length: Math.min(MAX_PARALLEL_REQUESTS, bookingIds.length) }, worker),
        );
        if (failure !== null) return { error: failure };
        return { data: results.flat() };
      },
    }),
  }),
});

export const { useListServicePicsForBookingsQuery } = servicePicsApi;
