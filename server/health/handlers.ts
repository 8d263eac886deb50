/** Liveness and the browsers' error reports (operation table slice; app.ts merges it). */
import { addressKey } from '../platform/clientKey';
import type { Db } from '../platform/db';
import { HttpError } from '../platform/errors';
import { ok } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { recordClientError, secondsToNextDay } from './clientErrors';

export function createHealthHandlers(db: Db) {
  return {
    getHealth: { run: () => ok({ status: 'ok' }) },
    reportClientError: {
      run: (ctx) => {
        const now = new Date();
        if (!recordClientError(db, ctx.body, { address: addressKey(ctx.request.ip), now }))
          throw new HttpError(429, 'Too many error reports today; try again tomorrow', {
            'retry-after': String(secondsToNextDay(now)),
          });
        return { status: 204 };
      },
    },
  } satisfies Partial<OperationHandlers>;
}
