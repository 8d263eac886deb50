/**
 * The pictures of several bookings in one query (docs/product.md §7: GET /service-pics?bookingId= once
 * per Completed booking, flattened). A failed request leaves out that booking's pictures and is
 * counted, so the page can show what loaded with a notice; only when every request fails is the
 * whole list an error (docs/product.md §8).
 */
import { api } from '../../api/endpoints';
import { normalizeList, normalizeServicePic, type ServicePic } from '../../api/normalize';
import type { ApiError } from '../../api/errors';

/** At most this many picture requests run at once (a long history must not flood the API). */
export const MAX_PARALLEL_REQUESTS = 6;

export interface BookingsPics {
  pics: ServicePic[];
  /** How many bookings' requests failed (their pictures are missing from `pics`). */
  failedRequests: number;
}

const servicePicsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServicePicsForBookings: build.query<BookingsPics, readonly string[]>({
      providesTags: ['service-pics'],
      async queryFn(bookingIds, _api, _extra, baseQuery) {
        const results: ServicePic[][] = new Array(bookingIds.length);
        let next = 0;
        const failures: ApiError[] = [];
        const worker = async () => {
          while (next < bookingIds.length) {
            const index = next++;
            const bookingId = bookingIds[index]!;
            const answer = await baseQuery({ url: '/service-pics', params: { bookingId } });
            if (answer.error) failures.push(answer.error as ApiError);
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
        const [failure] = failures;
        if (failure && failures.length === bookingIds.length) return { error: failure };
        return { data: { pics: results.flat(), failedRequests: failures.length } };
      },
    }),
  }),
});

export const { useListServicePicsForBookingsQuery } = servicePicsApi;
