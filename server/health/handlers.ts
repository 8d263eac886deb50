/** Liveness and the browsers' error reports (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { recordClientError } from './clientErrors';

export function createHealthHandlers(db: Db) {
  return {
    getHealth: { run: () => ok({ status: 'ok' }) },
    reportClientError: {
      run: (ctx) => {
        recordClientError(db, ctx.body);
        return { status: 204 };
      },
    },
  } satisfies Partial<OperationHandlers>;
}
