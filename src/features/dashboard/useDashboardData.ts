import { useCallback, useEffect, useMemo } from 'react';
import { loyaltyApi } from '../../api/loyalty';
import type { AppDispatch } from '../../api/state';
import {
  emptyLoyalty,
  type ExternalBooking,
  type Loyalty,
  type Profile,
  type Subscription,
  type Vehicle,
  type WebsiteBooking,
} from '../../api/normalize';

export interface DashboardData {
  profile: Profile | null;
  vehicles: Vehicle[];
  websiteBookings: WebsiteBooking[];
  externalBookings: ExternalBooking[];
  loyalty: Loyalty;
  subscriptions: Subscription[];
}

interface SourceState {
  name: string;
  isLoading: boolean;
  isFetching: boolean;
  /** The failure, or undefined. */
  error?: unknown;
  /** An answer is there to show: a saved one (src/api/savedAnswers.ts) when the request failed. */
  hasData: boolean;
}

function source(
  name: string,
  q: { isLoading: boolean; isFetching: boolean; error?: unknown; data?: unknown },
): SourceState {
  const { isLoading, isFetching, error, data } = q;
  return { name, isLoading, isFetching, error, hasData: data !== undefined };
}

const EMPTY: never[] = [];

/** Logs a source's failure once per failure (docs/product.md §4/§8: logged, replaced by empty data). */
function useLogFailure({ name, error }: SourceState): void {
  useEffect(() => {
    if (error) console.error(`Dashboard: failed to load ${name}`, error);
  }, [name, error]);
}

/**
 * The dashboard's six sources by endpoint name (docs/product.md §7): read by the hook, requested
 * ahead by the prefetch. (`loyaltyApi` is the app's API with the loyalty account added: every
 * endpoint, typed.)
 */
const endpointNames = {
  profile: 'getMyProfile',
  vehicles: 'listMyVehicles',
  bookings: 'listBookings',
  calendly: 'listCalendlyBookings',
  loyalty: 'getLoyaltyAccount',
  subscriptions: 'listSubscriptions',
} as const;
const { endpoints, util } = loyaltyApi;

/**
 * Starts the six requests before the overview's code has arrived (the dashboard's routes call it
 * while that code loads, docs/architecture.md): the hook's queries then find them under way or
 * answered in the shared cache, which keeps an answer no one reads for a minute.
 */
export function prefetchDashboardData(dispatch: AppDispatch): void {
  for (const name of Object.values(endpointNames)) dispatch(util.prefetch(name, undefined, {}));
}

/**
 * The dashboard's six sources (docs/product.md §7), all requested in parallel on mount through the
 * shared RTK Query cache. A source that fails counts as empty (null for the profile); only
 * when all six fail is the load a failure.
 */
export function useDashboardData() {
  const profile = endpoints[endpointNames.profile].useQuery();
  const vehicles = endpoints[endpointNames.vehicles].useQuery();
  const bookings = endpoints[endpointNames.bookings].useQuery();
  const calendly = endpoints[endpointNames.calendly].useQuery();
  const loyalty = endpoints[endpointNames.loyalty].useQuery();
  const subscriptions = endpoints[endpointNames.subscriptions].useQuery();

  const profileSource: SourceState = source('profile', profile);
  const vehiclesSource: SourceState = source('vehicles', vehicles);
  const bookingsSource: SourceState = source('website bookings', bookings);
  const calendlySource: SourceState = source('Calendly bookings', calendly);
  // The loyalty query answers its zero-point default with the error beside it.
  const loyaltySource: SourceState = {
    name: 'loyalty',
    isLoading: loyalty.isLoading,
    isFetching: loyalty.isFetching,
    error: loyalty.error ?? loyalty.data?.error ?? undefined,
    hasData: false,
  };
  const subscriptionsSource: SourceState = source('subscriptions', subscriptions);
  useLogFailure(profileSource);
  useLogFailure(vehiclesSource);
  useLogFailure(bookingsSource);
  useLogFailure(calendlySource);
  useLogFailure(loyaltySource);
  useLogFailure(subscriptionsSource);
  const sources = [
    profileSource,
    vehiclesSource,
    bookingsSource,
    calendlySource,
    loyaltySource,
    subscriptionsSource,
  ];

  const isLoading = sources.some((s) => s.isLoading);
  const isFetching = sources.some((s) => s.isFetching);
  // Without a connection a saved answer still shows (src/api/savedAnswers.ts).
  const failed = !isLoading && sources.every((s) => Boolean(s.error) && !s.hasData);

  const data: DashboardData = useMemo(
    () => ({
      profile: profile.data ?? null,
      vehicles: vehicles.data ?? EMPTY,
      websiteBookings: bookings.data ?? EMPTY,
      externalBookings: calendly.data ?? EMPTY,
      loyalty: loyalty.data?.loyalty ?? emptyLoyalty,
      subscriptions: subscriptions.data ?? EMPTY,
    }),
    [profile.data, vehicles.data, bookings.data, calendly.data, loyalty.data, subscriptions.data],
  );

  const { refetch: refetchProfile } = profile;
  const { refetch: refetchVehicles } = vehicles;
  const { refetch: refetchBookings } = bookings;
  const { refetch: refetchCalendly } = calendly;
  const { refetch: refetchLoyalty } = loyalty;
  const { refetch: refetchSubscriptions } = subscriptions;
  const refresh = useCallback(() => {
    void refetchProfile();
    void refetchVehicles();
    void refetchBookings();
    void refetchCalendly();
    void refetchLoyalty();
    void refetchSubscriptions();
  }, [
    refetchProfile,
    refetchVehicles,
    refetchBookings,
    refetchCalendly,
    refetchLoyalty,
    refetchSubscriptions,
  ]);

  return { data, isLoading, isFetching, failed, refresh };
}
