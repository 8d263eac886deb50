/**
 * The customer's operations' handlers (profile, vehicles, bookings, claims, pictures, Calendly,
 * subscriptions). app.ts merges them with the owner console's and the account's into the
 * operation table, one handler per openapi.yaml operationId, and routes each operation to its
 * handler after authentication and validation (./platform/validation.ts).
 */
import type { ServerOptions } from './platform/config';
import type { Db } from './platform/db';
import { HttpError, notFound } from './platform/errors';
import { getLoyalty, getProfile, updateProfile, type Customer } from './customers/customers';
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from './vehicles/vehicles';
import { cancelBooking, listBookings, requestQuote, updateBooking } from './bookings/bookings';
import { claimBooking, listClaimable } from './bookings/claims';
import { availableTimes } from './availability/availability';
import {
  cancelSubscription,
  createSubscription,
  listSubscriptions,
} from './subscriptions/subscriptions';
import {
  listPictures,
  readPicture,
  requestSigning,
  verifyPictureSignature,
} from './pictures/pictures';
import {
  applyWebhookEvent,
  listCalendlyBookings,
  recordDelivery,
  verifyWebhookSignature,
} from './calendly/calendly';
import { recordSessionsEnded } from './account/sessions';
import { once } from './platform/idempotency';
import { recordClientError } from './health/clientErrors';
import type { Answer, Context, OperationHandlers } from './platform/operationTypes';
import type { QueryOf } from '../domain/contract/types';
import { OPT_OUT_PAGE_POLICY, optOutPage, recordOptOut, verifyOptOut } from './mail/optOut';
import { BUSINESS_DEFAULTS } from '../domain/business';

/** The signed-in customer (operations whose security requires a token). */
function me(ctx: Context): Customer {
  if (!ctx.customer) throw new HttpError(401, 'Missing bearer token');
  return ctx.customer;
}

const ok = (body: unknown, status = 200): Answer => ({ status, body });
const text = (value: unknown): string => String(value);

export function createHandlers(db: Db, options: ServerOptions, secret: string) {
  const signing = requestSigning(options, secret);
  /** An e-mail's unsubscribe link, checked (403 unless this server signed it). */
  const optOutLink = (ctx: Context<unknown, QueryOf<'showEmailOptOut'>>) => {
    const { email, kind, signature } = ctx.query;
    verifyOptOut(secret, email, kind, signature);
    return { email: email.trim().toLowerCase(), kind };
  };
  const page = (email: string, kind: 'reminders' | 'statusUpdates', done: boolean): Answer => ({
    status: 200,
    body: optOutPage(options.mail?.business.name ?? BUSINESS_DEFAULTS.name, email, kind, done),
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': OPT_OUT_PAGE_POLICY, 'cache-control': 'no-store' },
  });
  return {
    getHealth: { run: () => ok({ status: 'ok' }) },
    showEmailOptOut: {
      run: (ctx) => {
        const { email, kind } = optOutLink(ctx);
        return page(email, kind, false);
      },
    },
    optOutOfEmail: {
      run: (ctx) => {
        const { email, kind } = optOutLink(ctx);
        recordOptOut(db, email, kind);
        return page(email, kind, true);
      },
    },
    reportClientError: {
      run: (ctx) => {
        recordClientError(db, ctx.body);
        return { status: 204 };
      },
    },
    getMyProfile: { run: (ctx) => ok(getProfile(db, me(ctx))) },
    reportSessionsEnded: {
      run: (ctx) => {
        recordSessionsEnded(db, me(ctx).userId);
        return { status: 204 };
      },
    },
    updateMyProfile: { run: (ctx) => ok(updateProfile(db, me(ctx), ctx.body)) },
    listMyVehicles: { run: (ctx) => ok(listVehicles(db, me(ctx))) },
    createVehicle: { run: (ctx) => ok(createVehicle(db, me(ctx), ctx.body), 201) },
    updateVehicle: {
      run: (ctx) => ok(updateVehicle(db, me(ctx), text(ctx.params.id), ctx.body)),
    },
    deleteVehicle: {
      run: (ctx) => {
        deleteVehicle(db, me(ctx), text(ctx.params.id));
        return { status: 204 };
      },
    },
    getLoyalty: {
      run: (ctx) => {
        const customer = me(ctx);
        const asked = ctx.query.email;
        if (typeof asked === 'string' && asked.toLowerCase() !== customer.email.toLowerCase()) {
          throw notFound('Loyalty account not found');
        }
        return ok(getLoyalty(db, customer));
      },
    },
    listBookings: { run: (ctx) => ok(listBookings(db, me(ctx))) },
    createBooking: {
      run: (ctx) => {
        const key = ctx.request.headers['idempotency-key'];
        const request = {
          key: typeof key === 'string' ? key : undefined,
          userId: ctx.customer?.userId ?? null,
          body: ctx.body,
        };
        return once(db, request, () => {
          const booking = requestQuote(db, ctx.body, ctx.customer, new Date(), {
            notify: options.outbox !== false,
          });
          return { ...ok(booking, 201), bookingId: booking.bookingId };
        });
      },
    },
    listClaimableBookings: { run: (ctx) => ok(listClaimable(db, me(ctx))) },
    claimBooking: {
      run: (ctx) => {
        const { decision } = ctx.body;
        claimBooking(db, me(ctx), text(ctx.params.id), decision);
        return { status: 204 };
      },
    },
    updateBooking: {
      run: (ctx) => ok(updateBooking(db, me(ctx), text(ctx.params.id), ctx.body)),
    },
    cancelBooking: { run: (ctx) => ok(cancelBooking(db, me(ctx), text(ctx.params.id))) },
    getAvailability: { run: (ctx) => ok(availableTimes(db, ctx.query)) },
    listServicePics: {
      run: (ctx) => ok(listPictures(db, me(ctx), ctx.query.bookingId, signing(ctx.request))),
    },
    getServicePicFile: {
      run: async (ctx) => {
        const file = text(ctx.params.file);
        const { expires, signature } = ctx.query;
        verifyPictureSignature(secret, file, expires, signature);
        const picture = await readPicture(options.picturesDir, file);
        const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
        return {
          status: 200,
          body: picture.data,
          contentType: picture.contentType,
          headers: { 'cache-control': `private, max-age=${maxAge}` },
        };
      },
    },
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
    listSubscriptions: { run: (ctx) => ok(listSubscriptions(db, me(ctx))) },
    createSubscription: {
      run: (ctx) => ok(createSubscription(db, me(ctx), ctx.body), 201),
    },
    cancelSubscription: {
      run: (ctx) => ok(cancelSubscription(db, me(ctx), text(ctx.params.id))),
    },
  } satisfies Partial<OperationHandlers>;
}
