/**
 * The gallery's pictures the owner uploads (docs/product.md, "The business's offer"): each upload
 * is turned upright and made into the site's responsive WebP set (the widths and quality of
 * `npm run images`, domain/images.ts), without any metadata, in <picturesDir>/gallery. A row of
 * `gallery_pictures` keeps its size, placeholder colour and widths; the offer's gallery names it
 * `uploads/<id>`, and a saved draft carries the row's figures (never a request's). The files are
 * public and never change (their id is a hash of the upload and the settings): they are served
 * with a year's immutable cache.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { GalleryPicture, GalleryUploadImage } from '../../domain/contract/types';
import {
  galleryFileName,
  hexColor,
  IMAGE_SETTINGS,
  imageWidths,
  uploadedPictureId,
} from '../../domain/images';
import type { Offer } from '../../domain/offer';
import { whenNotBusy } from '../platform/busy';
import { statement, type Db } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { readPictureUpload, unreadablePicture, uprightPicture } from '../platform/pictureUpload';

/** How the files are cached: a year, by anyone (CloudFront too), and never revalidated. */
export const GALLERY_FILE_CACHE = 'public, max-age=31536000, immutable';
/** The longest alt text and caption (openapi.yaml, GalleryPicture). */
const MAX_ALT = 300;
const MAX_CAPTION = 120;
/** The name of a file: `<id>-<width>.webp` (openapi.yaml checks it before this does). */
const FILE_NAME = /^[0-9a-f]{16}-[0-9]{1,5}\.webp$/;

const folder = (picturesDir: string) => path.join(picturesDir, 'gallery');

interface GalleryRow {
  id: string;
  width: number;
  height: number;
  color: string;
  widths: string;
}

const imageOf = (row: GalleryRow): GalleryUploadImage => ({
  width: row.width,
  height: row.height,
  color: row.color,
  widths: JSON.parse(row.widths) as number[],
});

/** Writes the picture's WebP set and returns its size, colour and widths; 400 when unreadable. */
async function makeWebpSet(data: Buffer, id: string, dir: string): Promise<GalleryUploadImage> {
  try {
    const { autoOrient } = await uprightPicture(data).metadata();
    const widths = imageWidths(autoOrient.width);
    mkdirSync(dir, { recursive: true });
    for (const width of widths) {
      const file = path.join(dir, galleryFileName(id, width));
      const webp = await uprightPicture(data)
        .resize({ width })
        .webp({ ...IMAGE_SETTINGS.webp })
        .toBuffer();
      // Written whole, then renamed: a reader never meets half a file.
      await writeFile(`${file}.tmp`, webp);
      await rename(`${file}.tmp`, file);
    }
    const { dominant } = await uprightPicture(data).resize(32).stats();
    return {
      width: autoOrient.width,
      height: autoOrient.height,
      color: hexColor(dominant),
      widths,
    };
  } catch {
    throw unreadablePicture();
  }
}

/**
 * POST /owner/gallery-pictures: the picture as a gallery entry for the draft. 400 naming
 * `body/alt` without alt text; the upload's own refusals (../platform/pictureUpload.ts).
 */
export async function uploadGalleryPicture(
  db: Db,
  picturesDir: string,
  request: FastifyRequest,
  by: string,
  now: Date,
): Promise<GalleryPicture> {
  const upload = await readPictureUpload(request);
  const alt = upload.field('alt');
  const caption = upload.field('caption');
  if (!alt) {
    throw badRequest(
      'body/alt is required: say what the picture shows, for people who cannot see it',
    );
  }
  if (alt.length > MAX_ALT)
    throw badRequest(`body/alt must NOT have more than ${MAX_ALT} characters`);
  if (caption.length > MAX_CAPTION) {
    throw badRequest(`body/caption must NOT have more than ${MAX_CAPTION} characters`);
  }
  const id = createHash('sha256')
    .update(upload.data)
    .update(JSON.stringify(IMAGE_SETTINGS))
    .digest('hex')
    .slice(0, 16);
  const image = await makeWebpSet(upload.data, id, folder(picturesDir));
  // The same picture uploaded again is the same row and the same files.
  await whenNotBusy(() =>
    statement(
      db,
      `INSERT OR IGNORE INTO gallery_pictures (id, width, height, color, widths, uploaded_by, uploaded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      image.width,
      image.height,
      image.color,
      JSON.stringify(image.widths),
      by,
      now.toISOString(),
    ),
  );
  return { picture: `uploads/${id}`, alt, caption, image };
}

/** GET /gallery-pictures/{file}: the WebP file; 404 when there is none of that name. */
export async function readGalleryFile(picturesDir: string, file: string): Promise<Buffer> {
  if (!FILE_NAME.test(file)) throw notFound('Picture not found');
  try {
    return await readFile(path.join(folder(picturesDir), file));
  } catch {
    throw notFound('Picture not found');
  }
}

/**
 * The gallery as it is stored: an uploaded picture's entry carries its row's size, colour and
 * widths (whatever the request said), one of the site's own carries none. 400 naming the
 * entry's `picture` when it names an upload the server does not have.
 */
export function withUploadedImages(db: Db, gallery: Offer['gallery']): Offer['gallery'] {
  return gallery.map(({ image: _claimed, ...entry }, index) => {
    const id = uploadedPictureId(entry.picture);
    if (id === null) return entry;
    const row = statement(db, 'SELECT * FROM gallery_pictures WHERE id = ?').get(id) as
      GalleryRow | undefined;
    if (!row) {
      throw badRequest(
        `body/gallery/${index}/picture names no uploaded picture (${entry.picture})`,
      );
    }
    return { ...entry, image: imageOf(row) };
  });
}
