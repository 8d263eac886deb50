/** The free appointment times (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { ownedBooking } from '../bookings/bookingRows';
import { availableTimes } from './availability';

export function createAvailabilityHandlers(db: Db) {
  return {
    getAvailability: {
      run: (ctx) => {
        const { except, ...query } = ctx.query;
        if (except === undefined) return ok(availableTimes(db, query));
        // Only the booking's own customer may see the calendar without it: a visitor, another
        // customer and an unknown id get the same 404.
        const booking = ownedBooking(db, ctx.customer, except);
        return ok(availableTimes(db, query, new Date(), booking.booking_id));
      },
    },
  } satisfies Partial<OperationHandlers>;
}
