/**
 * The customer's bookings: quote requests (anonymous or signed in, once per Idempotency-Key),
 * changes, cancellations and claims (operation table slice; app.ts merges it).
 */
import { businessOf, type ServerOptions } from '../platform/config';
import { QUOTE_TEXT_CONSENT } from '../../domain/texts';
import type { Db } from '../platform/db';
import { me, ok, text } from '../platform/handlers';
import { idempotencyKeyOf, once } from '../platform/idempotency';
import type { OperationHandlers } from '../platform/operationTypes';
import { cancelBooking, listBookings, requestQuote, updateBooking } from './bookings';
import { claimBooking, listClaimable } from './claims';

export function createBookingHandlers(db: Db, options: ServerOptions) {
  return {
    listBookings: { run: (ctx) => ok(listBookings(db, me(ctx))) },
    createBooking: {
      run: (ctx) => {
        const request = {
          key: idempotencyKeyOf(ctx),
          userId: ctx.customer?.userId ?? null,
          body: ctx.body,
          reused:
            'This Idempotency-Key was already used for a different quote request; send a new key',
        };
        return once(db, request, () => {
          const booking = requestQuote(db, ctx.body, ctx.customer, new Date(), {
            notify: options.outbox !== false,
            textConsent: QUOTE_TEXT_CONSENT(businessOf(options).name),
          });
          return { ...ok(booking, 201), bookingId: booking.bookingId };
        });
      },
    },
    listClaimableBookings: { run: (ctx) => ok(listClaimable(db, me(ctx))) },
    claimBooking: {
      run: (ctx) => {
        const { decision, fillProfile } = ctx.body;
        claimBooking(db, me(ctx), text(ctx.params.id), decision, new Date(), fillProfile === true);
        return { status: 204 };
      },
    },
    updateBooking: {
      run: (ctx) => ok(updateBooking(db, me(ctx), text(ctx.params.id), ctx.body)),
    },
    cancelBooking: { run: (ctx) => ok(cancelBooking(db, me(ctx), text(ctx.params.id))) },
  } satisfies Partial<OperationHandlers>;
}
