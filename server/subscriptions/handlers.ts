/** The customer's plans (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { me, ok, text } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { cancelSubscription, createSubscription, listSubscriptions } from './subscriptions';

export function createSubscriptionHandlers(db: Db) {
  return {
    listSubscriptions: { run: (ctx) => ok(listSubscriptions(db, me(ctx))) },
    createSubscription: {
      run: (ctx) => ok(createSubscription(db, me(ctx), ctx.body), 201),
    },
    cancelSubscription: {
      run: (ctx) => ok(cancelSubscription(db, me(ctx), text(ctx.params.id))),
    },
  } satisfies Partial<OperationHandlers>;
}
