/**
 * The business's offer: the public read, the owner's operations and the gallery's uploaded
 * pictures (operation table slice; app.ts merges it).
 */
import { ok, text } from '../platform/handlers';
import type { SitePagesUpdate } from '../../domain/contract/types';
import { GALLERY_FILE_CACHE, readGalleryFile, uploadGalleryPicture } from './gallery';
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

/** What renders the public pages again (../site/sitePages.ts, given by app.ts). */
interface PagesUpdater {
  update(reason: string): Promise<SitePagesUpdate>;
}

export function createOfferHandlers(
  db: Db,
  picturesDir: string,
  pages: PagesUpdater,
  now: () => Date = () => new Date(),
) {
  seedOffer(db, now());
  const by = (owner: string | undefined) => owner ?? 'owner';
  return {
    getOffer: { run: () => ok(readPublishedOffer(db)) },
    getOwnerOfferDraft: { run: () => ok(readDraft(db)) },
    replaceOwnerOfferDraft: {
      run: (ctx) => ok(replaceDraft(db, ctx.body, by(ctx.owner), now())),
    },
    // Published first: the pages' update (one at a time) cannot undo it, and says how it went.
    publishOwnerOffer: {
      run: async () => {
        const published = publishDraft(db, now());
        return ok({
          ...published,
          pages: await pages.update(`offer version ${published.version}`),
        });
      },
    },
    listOwnerOfferVersions: { run: () => ok(listVersions(db)) },
    uploadOwnerGalleryPicture: {
      run: async (ctx) =>
        ok(await uploadGalleryPicture(db, picturesDir, ctx.request, by(ctx.owner), now()), 201),
    },
    getGalleryPictureFile: {
      run: async (ctx) => ({
        status: 200,
        body: await readGalleryFile(picturesDir, text(ctx.params.file)),
        contentType: 'image/webp',
        headers: { 'cache-control': GALLERY_FILE_CACHE },
      }),
    },
    restoreOwnerOfferVersion: {
      run: (ctx) => ok(restoreVersion(db, Number(ctx.params.version), by(ctx.owner), now())),
    },
  } satisfies Partial<OperationHandlers>;
}
