/** The scheduling service's bookings and its signed webhook (operation table slice; app.ts merges it). */
import type { ServerOptions } from '../platform/config';
import type { Db } from '../platform/db';
import { me, ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import {
  applyWebhookEvent,
  listCalendlyBookings,
  recordDelivery,
  verifyWebhookSignature,
} from './calendly';

export function createCalendlyHandlers(db: Db, options: ServerOptions) {
  return {
    listCalendlyBookings: { run: (ctx) => ok(listCalendlyBookings(db, me(ctx))) },
    receiveCalendlyWebhook: {
      before: (request, rawBody) => {
        const header = request.headers['calendly-webhook-signature'];
        const signature = verifyWebhookSignature(
          options.calendlySigningKey,
          typeof header === 'string' ? header : undefined,
          rawBody,
        );
        recordDelivery(db, signature);
      },
      run: (ctx) => {
        applyWebhookEvent(db, ctx.body);
        return { status: 204 };
      },
    },
  } satisfies Partial<OperationHandlers>;
}
