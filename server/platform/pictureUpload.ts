/**
 * Reading a picture the owner uploads (`multipart/form-data` with one `file` part): the service
 * pictures of a booking (../owner/owner.ts) and the gallery's pictures (../offer/gallery.ts).
 * Both judge the file by its bytes, refuse a larger one with 413, and decode it with sharp
 * within the same pixel limit, turned upright as its EXIF orientation says.
 */
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { badRequest, HttpError } from './errors';
import { MAX_PICTURE_BYTES } from './rules';

/** The most a multipart body may carry: one file and a few short fields. */
export const MULTIPART_LIMITS = { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 4, parts: 5 };

/** Larger pictures (in pixels) are refused before they are decoded: 8,000 × 6,250, beyond a 48 MP phone. */
const MAX_PICTURE_PIXELS = 50_000_000;

export type PictureKind = 'jpg' | 'png' | 'webp';

/** The picture's format from its first bytes, or null when it is none we store. */
export function pictureKind(data: Buffer): PictureKind | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export interface UploadedPicture {
  data: Buffer;
  kind: PictureKind;
  /** The name of the file the browser sent, if any. */
  filename: string | undefined;
  /** The text fields sent before the file part, trimmed ('' when absent). */
  field: (name: string) => string;
}

/**
 * The request's picture: 400 when the body is not multipart, has no `file` part or the file is
 * not a JPEG, PNG or WebP; 413 when it is larger than MAX_PICTURE_BYTES. Only the fields sent
 * before the file are known (the form must put them first).
 */
export async function readPictureUpload(request: FastifyRequest): Promise<UploadedPicture> {
  if (!request.isMultipart()) {
    throw badRequest('The body must be multipart/form-data with a file part');
  }
  const part = await request.file({ limits: MULTIPART_LIMITS });
  if (!part || part.fieldname !== 'file') throw badRequest('body/file is required (a picture)');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The picture is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`);
    }
    throw error;
  }
  const kind = pictureKind(data);
  if (!kind) throw badRequest('body/file must be a JPEG, PNG or WebP picture');
  const field = (name: string) => {
    const value = part.fields[name];
    const raw = value && !Array.isArray(value) && value.type === 'field' ? value.value : '';
    return typeof raw === 'string' ? raw.trim() : '';
  };
  return { data, kind, filename: part.filename, field };
}

/**
 * The picture decoded (within the pixel limit, failing on damaged data) and turned as its EXIF
 * orientation says. sharp writes no metadata unless asked to (no EXIF, GPS, XMP, IPTC, comments).
 */
export const uprightPicture = (data: Buffer) =>
  sharp(data, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate();

/** The 400 for bytes sharp cannot read as a picture (damaged, or too many pixels). */
export const unreadablePicture = () =>
  badRequest('body/file could not be read as a picture (damaged, or over 50 megapixels)');
