/**
 * The free start times of one day for a job, as `GET /availability` answers them (the owner's
 * rules decide them, domain/availability.ts): the quote wizard's time list and My Bookings'
 * reschedule use this one query; the reschedule names the booking it moves (`except`), so that
 * the booking's own time does not count against it.
 */
import { useGetAvailabilityQuery } from './endpoints';
import { isCalendarDay } from '../../domain/quoteSchedule';
import { PREMIUM_PACKAGE, type VehicleTypeName } from '../../domain/pricing';

export interface FreeTimesOfDay {
  /** The day's free times; undefined until the server has answered for this day. */
  times: readonly string[] | undefined;
  loading: boolean;
  /** The server could not answer (the day's times are unknown). */
  failed: boolean;
}

/** Nothing is asked without a real date or a vehicle type. */
export function useFreeTimes(
  date: string,
  job: { vehicleType: VehicleTypeName | null; addOns: readonly string[] },
  /** The signed-in customer's booking being moved: the times as if it were not booked. */
  except?: string,
): FreeTimesOfDay {
  const skip = !isCalendarDay(date) || !job.vehicleType;
  const { currentData, isFetching, isError } = useGetAvailabilityQuery(
    {
      from: date,
      to: date,
      // Skipped without a vehicle type; the query needs one all the same.
      vehicleType: job.vehicleType ?? PREMIUM_PACKAGE,
      ...(job.addOns.length > 0 && { addOns: job.addOns.join(',') }),
      ...(except && { except }),
    },
    { skip },
  );
  const times = skip ? undefined : currentData?.find((day) => day.date === date)?.times;
  return {
    times,
    loading: !skip && !times && isFetching,
    failed: !skip && !times && !isFetching && isError,
  };
}
