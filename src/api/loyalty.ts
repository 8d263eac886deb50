/**
 * The loyalty account with the fallbacks of docs/product.md §7: getLoyalty; when that answers
 * empty, getLoyalty with the profile's e-mail (getMyProfile); when it fails, zero points and
 * the error (the screens toast "message or Failed to load loyalty info"). Each step is the
 * generated endpoint, fetched afresh.
 */
import { api } from './endpoints';
import { emptyLoyalty, type Loyalty } from './normalize';
import { errorMessage } from './errors';

export const LOYALTY_LOAD_FAILED = 'Failed to load loyalty info';

export interface LoyaltyAccount {
  loyalty: Loyalty;
  /** Set when loading failed and the zero-point default is shown. */
  error: string | null;
}

/** Each step asks the API again (no cached answer) and keeps no subscription of its own. */
const FRESH = { subscribe: false, forceRefetch: true } as const;

export const loyaltyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLoyaltyAccount: build.query<LoyaltyAccount, void>({
      providesTags: ['loyalty'],
      async queryFn(_arg, { dispatch }) {
        const failed = (error: unknown) => ({
          data: { loyalty: emptyLoyalty, error: errorMessage(error, LOYALTY_LOAD_FAILED) },
        });
        const first = await dispatch(api.endpoints.getLoyalty.initiate({}, FRESH));
        if (first.error) return failed(first.error);
        if (first.data) return { data: { loyalty: first.data, error: null } };
        const profile = await dispatch(api.endpoints.getMyProfile.initiate(undefined, FRESH));
        const email = profile.data?.email ?? '';
        if (!email) return { data: { loyalty: emptyLoyalty, error: null } };
        const byEmail = await dispatch(api.endpoints.getLoyalty.initiate({ email }, FRESH));
        if (byEmail.error) return failed(byEmail.error);
        return { data: { loyalty: byEmail.data ?? emptyLoyalty, error: null } };
      },
    }),
  }),
});

export const { useGetLoyaltyAccountQuery } = loyaltyApi;
