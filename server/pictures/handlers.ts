/** The customer's service pictures and their signed files (operation table slice; app.ts merges it). */
import type { ServerOptions } from '../platform/config';
import type { Db } from '../platform/db';
import { me, ok, text } from '../platform/handlers';
import type { OperationHandlers } from '../platform/operationTypes';
import { listPictures, readPicture, requestSigning, verifyPictureSignature } from './pictures';

export function createPictureHandlers(db: Db, options: ServerOptions, secret: string) {
  const signing = requestSigning(options, secret);
  return {
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
  } satisfies Partial<OperationHandlers>;
}
