/**
 * The loyalty account with the fallbacks of docs/product.md §7: GET /loyalty; when that answers
 * empty, GET /loyalty?email= with the profile's e-mail; when it fails, zero points and the
 * error (the screens toast "message or Failed to load loyalty info").
 */
import { api } from './endpoints';
import {
  isEmptyLoyalty,
  normalizeLoyalty,
  normalizeProfile,
  emptyLoyalty,
  type Loyalty,
} from './normalize';
import { errorMessage, type ApiError } from './errors';

export const LOYALTY_LOAD_FAILED = 'Failed to load loyalty info';

export interface LoyaltyAccount {
  loyalty: Loyalty;
  /** Set when loading failed and the zero-point default is shown. */
  error: string | null;
}

export const loyaltyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLoyaltyAccount: build.query<LoyaltyAccount, void>({
      providesTags: ['loyalty'],
      async queryFn(_arg, _api, _extra, baseQuery) {
        const first = await baseQuery({ url: '/loyalty' });
        if (first.error) {
          return {
            data: {
              loyalty: emptyLoyalty,
              error: errorMessage(first.error as ApiError, LOYALTY_LOAD_FAILED),
            },
          };
        }
        if (!isEmptyLoyalty(first.data))
          return { data: { loyalty: normalizeLoyalty(first.data), error: null } };
        const profile = await baseQuery({ url: '/profile/me' });
        const email = profile.error ? '' : normalizeProfile(profile.data).email;
        if (!email) return { data: { loyalty: emptyLoyalty, error: null } };
        const byEmail = await baseQuery({ url: '/loyalty', params: { email } });
        if (byEmail.error) {
          return {
            data: {
              loyalty: emptyLoyalty,
              error: errorMessage(byEmail.error as ApiError, LOYALTY_LOAD_FAILED),
            },
          };
        }
        return { data: { loyalty: normalizeLoyalty(byEmail.data), error: null } };
      },
    }),
  }),
});

export const { useGetLoyaltyAccountQuery } = loyaltyApi;
