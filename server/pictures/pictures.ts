/**
 * Service pictures: files on disk, listed per booking and served through expiring
 * HMAC-signed URLs (`signature` = hex HMAC-SHA256 of `{file}:{expires}`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { ServicePic } from '../../domain/contract/types';
import { newId, type Db } from '../platform/db';
import { forbidden, notFound } from '../platform/errors';
import { bookingRow, ownedBooking } from '../bookings/bookingRows';
import type { Customer } from '../customers/customers';
import { SIGNED_URL_TTL_SECONDS } from '../platform/rules';
import { hmacHex, signatureMatches } from '../platform/signing';
import { uprightPicture, unreadablePicture } from '../platform/pictureUpload';

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export function pictureSignature(secret: string, file: string, expires: number): string {
  return hmacHex(secret, `${file}:${expires}`);
}

export interface SigningOptions {
  /** Absolute API base the URL starts with, without a trailing slash. */
  baseUrl: string;
  secret: string;
  now?: Date;
}

export function signedPictureUrl(file: string, options: SigningOptions): string {
  const now = options.now ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
  const signature = pictureSignature(options.secret, file, expires);
  return `${options.baseUrl}/service-pics/files/${encodeURIComponent(file)}?expires=${expires}&signature=${signature}`;
}

/** Throws 403 for an expired URL or a wrong signature. */
export function verifyPictureSignature(
  secret: string,
  file: string,
  expires: number,
  signature: string,
  now: Date = new Date(),
): void {
  if (expires < Math.floor(now.getTime() / 1000)) throw forbidden('The picture link has expired');
  if (!signatureMatches(secret, `${file}:${expires}`, signature)) {
    throw forbidden('The picture link is not valid');
  }
}

/** The API's public address (PUBLIC_API_URL), or the request's own origin without it. */
export const publicBaseUrl = (options: { publicApiUrl?: string }, request: FastifyRequest) =>
  (options.publicApiUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** How a request's handler signs picture links: the public API's address, or the request's. */
export function requestSigning(
  options: { publicApiUrl?: string },
  secret: string,
): (request: FastifyRequest) => SigningOptions {
  return (request) => ({ baseUrl: publicBaseUrl(options, request), secret });
}

interface PictureRow {
  file: string;
  label: string;
  description: string;
  uploaded_at: string;
}

/** A booking's pictures, oldest first, each with a signed link. */
function signedPictures(db: Db, bookingId: string, signing: SigningOptions) {
  const rows = db
    .prepare(
      `SELECT file, label, description, uploaded_at FROM pictures
       WHERE booking_id = ? ORDER BY uploaded_at, rowid`,
    )
    .all(bookingId) as PictureRow[];
  return rows.map((row) => ({ row, signedUrl: signedPictureUrl(row.file, signing) }));
}

/** Oldest first; 404 when the booking is not the customer's. */
export function listPictures(
  db: Db,
  customer: Customer,
  bookingId: string,
  signing: SigningOptions,
): ServicePic[] {
  ownedBooking(db, customer, bookingId);
  return signedPictures(db, bookingId, signing).map(({ row, signedUrl }) => ({
    signedUrl,
    bookingId,
    description: row.description,
    uploadedAt: row.uploaded_at,
  }));
}

/** The owner's view of a booking's pictures (with their labels), oldest first; 404 without it. */
export function listOwnerPictures(db: Db, bookingId: string, signing: SigningOptions) {
  bookingRow(db, bookingId);
  return signedPictures(db, bookingId, signing).map(({ row, signedUrl }) => ({
    file: row.file,
    label: row.label,
    bookingId,
    description: row.description,
    uploadedAt: row.uploaded_at,
    signedUrl,
  }));
}

export interface NewPicture {
  bookingId: string;
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp';
  description: string;
  /** The file name the owner chose, shown instead of the stored one ('' when none). */
  label?: string;
  at?: Date;
}

/**
 * An uploaded picture as it may be kept and shown: decoded, turned as its EXIF orientation says,
 * and encoded again in its own format without any metadata (EXIF with the camera, the time and
 * GPS, XMP, IPTC, comments). 400 when the bytes are not a picture sharp can read.
 */
export async function uprightWithoutMetadata(
  data: Buffer,
  extension: NewPicture['extension'],
): Promise<Buffer> {
  const image = uprightPicture(data);
  const encoded =
    extension === 'jpg'
      ? image.jpeg({ quality: 90, mozjpeg: true })
      : extension === 'png'
        ? image.png()
        : image.webp({ quality: 90 });
  try {
    return await encoded.toBuffer();
  } catch {
    throw unreadablePicture();
  }
}

/** Writes the file into the pictures folder and records it against the booking. */
export function addPicture(db: Db, picturesDir: string, picture: NewPicture): string {
  const exists = db.prepare('SELECT 1 FROM bookings WHERE booking_id = ?').get(picture.bookingId);
  if (!exists) throw notFound('Booking not found');
  const pictureId = newId();
  const file = `${pictureId}.${picture.extension}`;
  mkdirSync(picturesDir, { recursive: true });
  const stored = path.join(picturesDir, file);
  writeFileSync(stored, picture.data);
  try {
    db.prepare(
      `INSERT INTO pictures (picture_id, booking_id, file, description, label, uploaded_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      pictureId,
      picture.bookingId,
      file,
      picture.description,
      picture.label ?? '',
      (picture.at ?? new Date()).toISOString(),
    );
  } catch (error) {
    // No row names the file (the write lock was taken, say): it goes too.
    rmSync(stored, { force: true });
    throw error;
  }
  return file;
}

/** The file's bytes and type; 404 when it is not there. */
export async function readPicture(
  picturesDir: string,
  file: string,
): Promise<{ data: Buffer; contentType: string }> {
  const name = path.basename(file);
  const contentType = contentTypes[path.extname(name).toLowerCase()];
  if (!contentType || name !== file) throw notFound('Picture not found');
  try {
    return { data: await readFile(path.join(picturesDir, name)), contentType };
  } catch {
    throw notFound('Picture not found');
  }
}
