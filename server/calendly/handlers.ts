/** The scheduling service's bookings and its signed webhook (operation table slice; app.ts merges it). */
import type { ServerOptions } from '../platform/config';
import type { FastifyRequest } from 'fastify';
import { inWriteTransaction, type Db } from '../platform/db';
import { me, ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import {
  applyWebhookEvent,
  listCalendlyBookings,
  recordDelivery,
  verifyWebhookSignature,
} from './calendly';

export function createCalendlyHandlers(db: Db, options: ServerOptions) {
  /** Each delivery's verified signature, from its raw body (before) to its handling (run). */
  const signatures = new WeakMap<FastifyRequest, string>();
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
        signatures.set(request, signature);
      },
      // The delivery is recorded in the transaction that applies it: a request that met another
      // process's write lock has recorded nothing, so it can run again (or be sent again).
      run: (ctx) => {
        const signature = signatures.get(ctx.request);
        if (signature === undefined) throw new Error('The webhook was not verified');
        inWriteTransaction(db, () => {
          recordDelivery(db, signature);
          applyWebhookEvent(db, ctx.body);
        });
        return { status: 204 };
      },
    },
  } satisfies Partial<OperationHandlers>;
}
