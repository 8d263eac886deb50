/**
 * The pictures of several bookings in one query (docs/product.md §7: the listServicePics endpoint,
 * GET /service-pics?bookingId=, once per Completed booking, fetched afresh, flattened). A failed request leaves out that booking's pictures and is
 * counted, so the page can show what loaded with a notice; only when every request fails is the
 * whole list an error (docs/product.md §8).
 */
import { api } from '../../api/endpoints';
import type { ServicePic } from '../../api/normalize';
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
      async queryFn(bookingIds, { dispatch }) {
        const results: ServicePic[][] = new Array(bookingIds.length);
        let next = 0;
        const failures: ApiError[] = [];
        const worker = async () => {
          while (next < bookingIds.length) {
            const index = next++;
            const bookingId = bookingIds[index]!;
            const answer = await dispatch(
              api.endpoints.listServicePics.initiate(
                { bookingId },
                { subscribe: false, forceRefetch: true },
              ),
            );
            // The base query's error (the normaliser never throws, so no serialized error).
            if (answer.error) failures.push(answer.error as ApiError);
            else
              results[index] = (answer.data ?? []).map((pic) => ({
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
