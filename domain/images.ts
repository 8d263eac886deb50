/**
 * The responsive WebP set every picture of the site is made into: the build's own images
 * (scripts/build/images.ts, `npm run images`) and the gallery pictures the owner uploads
 * (server/gallery/gallery.ts). One set of widths and one quality, so an uploaded picture weighs
 * and looks like the seeded ones and fits the same `sizes`.
 */

export type ImageFormat = 'avif' | 'webp';

/**
 * Widths cover a phone's full-width image (380 CSS px at 1.75x needs 665 px: 720), tablets and
 * desktop slides (960) and high-density screens (1440); a phone then gets the hero in 13 KB
 * instead of the 960 px file's 21 KB. Quality 64 keeps these illustrations' edges and gradients
 * clean (checked by eye) at two thirds of quality 76's bytes. The fallback <img src> is the
 * 720 px WebP.
 *
 * WebP only by default: on two cores AVIF (effort 2) takes about 40 s for a clean run against 6 s
 * for WebP, and saves only ~15% on these flat illustrations. Add 'avif' to `formats` to enable it.
 */
export const IMAGE_SETTINGS: {
  version: number;
  widths: number[];
  fallbackWidth: number;
  formats: ImageFormat[];
  avif: { quality: number; effort: number };
  webp: { quality: number; effort: number };
} = {
  version: 1,
  widths: [480, 720, 960, 1440],
  fallbackWidth: 720,
  formats: ['webp'],
  avif: { quality: 52, effort: 2 },
  webp: { quality: 64, effort: 5 },
};

/** The widths a picture is made in: vector sources render at any width; rasters are never enlarged. */
export function imageWidths(sourceWidth: number, vector = false): number[] {
  if (vector) return [...IMAGE_SETTINGS.widths];
  const fitting = IMAGE_SETTINGS.widths.filter((w) => w <= sourceWidth);
  return fitting.length > 0 ? fitting : [sourceWidth];
}

/** The width whose file is the `<img src>` fallback: the fallback width, else the widest made. */
export const fallbackWidth = (widths: readonly number[]): number =>
  widths.includes(IMAGE_SETTINGS.fallbackWidth)
    ? IMAGE_SETTINGS.fallbackWidth
    : (widths[widths.length - 1] ?? IMAGE_SETTINGS.fallbackWidth);

/** `#rrggbb`: a placeholder colour (the dominant colour of a picture). */
export const hexColor = ({ r, g, b }: { r: number; g: number; b: number }): string =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** A gallery entry's `picture` for a picture the owner uploaded: `uploads/<id>`. */
const UPLOADED_PICTURE = /^uploads\/([0-9a-f]{16})$/;

/** The id of an uploaded gallery picture (`uploads/<id>`), or null for one of the site's own. */
export const uploadedPictureId = (picture: string): string | null =>
  UPLOADED_PICTURE.exec(picture)?.[1] ?? null;

/** The name of an uploaded gallery picture's WebP file in one width (`GET /gallery-pictures/{file}`). */
export const galleryFileName = (id: string, width: number): string => `${id}-${width}.webp`;
