/** The customer's vehicles (operation table slice; app.ts merges it). */
import type { Db } from '../platform/db';
import { me, ok, text } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from './vehicles';

export function createVehicleHandlers(db: Db) {
  return {
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
  } satisfies Partial<OperationHandlers>;
}
