/** The business's offer: the public read and the owner's operations (operation table slice; app.ts merges it). */
import { ok } from '../platform/handlers';
import type { Db } from '../platform/db';
import type { OperationHandlers } from '../platform/operationTypes';
import {
  listVersions,
  publishDraft,
  readDraft,
  readPublishedOffer,
  replaceDraft,
  restoreVersion,
  seedOffer,
} from './offer';

export function createOfferHandlers(db: Db, now: () => Date = () => new Date()) {
  seedOffer(db, now());
  const by = (owner: string | undefined) => owner ?? 'owner';
  return {
    getOffer: { run: () => ok(readPublishedOffer(db)) },
    getOwnerOfferDraft: { run: () => ok(readDraft(db)) },
    replaceOwnerOfferDraft: {
      run: (ctx) => ok(replaceDraft(db, ctx.body, by(ctx.owner), now())),
    },
    publishOwnerOffer: { run: () => ok(publishDraft(db, now())) },
    listOwnerOfferVersions: { run: () => ok(listVersions(db)) },
    restoreOwnerOfferVersion: {
      run: (ctx) => ok(restoreVersion(db, Number(ctx.params.version), by(ctx.owner), now())),
    },
  } satisfies Partial<OperationHandlers>;
}
