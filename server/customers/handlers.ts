/** The customer's profile and loyalty (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { me, ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { getLoyalty, getProfile, updateProfile } from './customers';

export function createCustomerHandlers(db: Db) {
  return {
    getMyProfile: { run: (ctx) => ok(getProfile(db, me(ctx))) },
    updateMyProfile: { run: (ctx) => ok(updateProfile(db, me(ctx), ctx.body)) },
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
