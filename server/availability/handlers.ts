/** The free appointment times (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { availableTimes } from './availability';

export function createAvailabilityHandlers(db: Db) {
  return {
    getAvailability: { run: (ctx) => ok(availableTimes(db, ctx.query)) },
  } satisfies Partial<OperationHandlers>;
}
