/** The customer's profile and loyalty (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { me, ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { businessOf, type ServerOptions } from '../platform/config';
import { PROFILE_TEXT_CONSENT, textNumber } from '../../domain/texts';
import { confirmTextCode, sendTextCode } from '../mail/textOutbox';
import { getLoyalty, getProfile, updateProfile } from './customers';

export function createCustomerHandlers(db: Db, options: ServerOptions) {
  const consent = PROFILE_TEXT_CONSENT(businessOf(options).name);
  return {
    getMyProfile: { run: (ctx) => ok(getProfile(db, me(ctx))) },
    updateMyProfile: {
      run: (ctx) => ok(updateProfile(db, me(ctx), ctx.body, new Date(), consent)),
    },
    sendTextCode: {
      run: (ctx) => {
        const customer = me(ctx);
        const number = textNumber(getProfile(db, customer).mobile);
        if (!number)
          throw conflict('Save a US mobile number in your profile first: the code is texted to it');
        sendTextCode(db, customer.userId, number, new Date());
        return { status: 204 };
      },
    },
    confirmTextNumber: {
      run: (ctx) => {
        const customer = me(ctx);
        confirmTextCode(db, customer.userId, ctx.body.code, new Date());
        return ok(getProfile(db, customer));
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
  } satisfies Partial<OperationHandlers>;
}
