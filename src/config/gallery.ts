/**
 * The gallery's images: the offer's pictures with their alt text and captions, in the offer's
 * order. A picture is either one of our own illustrations (`gallery/<name>`: sources in
 * assets/images, web versions made by scripts/build/images.ts) or one the owner uploaded
 * (`uploads/<id>`: its WebP files are on the API, made by the server in the same widths, with
 * the size the server measured in the offer). Both become the same `GeneratedImage`, so every
 * renderer gives them their width, height and srcset alike. The hero image is in ./heroImage.ts.
 */
import { fallbackWidth, galleryFileName, uploadedPictureId } from '../../domain/images';
import type { GalleryUploadImage } from '../../domain/contract/types';
import type { Offer } from '../../domain/offer';
import { env } from './env';
import { generatedImages, type GeneratedImage, type ImageId } from './images.generated';

export interface GalleryImage {
  /** The offer's `picture`: `gallery/<name>` or `uploads/<id>`. */
  id: string;
  image: GeneratedImage;
  alt: string;
  caption: string;
}

const isImageId = (id: string): id is ImageId => Object.hasOwn(generatedImages, id);

/** An uploaded picture's files on the API (`GET /gallery-pictures/{file}`), one per width. */
function uploadedImage(id: string, image: GalleryUploadImage): GeneratedImage {
  const url = (width: number) => `${env.apiBaseUrl}/gallery-pictures/${galleryFileName(id, width)}`;
  return {
    width: image.width,
    height: image.height,
    color: image.color,
    src: url(fallbackWidth(image.widths)),
    srcSet: { webp: image.widths.map((width) => `${url(width)} ${width}w`).join(', ') },
  };
}

/** The picture's image, or undefined for a reference to one the site does not have. */
export function galleryImageOf({
  picture,
  image,
}: Offer['gallery'][number]): GeneratedImage | undefined {
  if (isImageId(picture)) return generatedImages[picture];
  const uploaded = uploadedPictureId(picture);
  return uploaded && image ? uploadedImage(uploaded, image) : undefined;
}

/** The offer's gallery as images; a reference to a picture the site does not have is left out. */
export function galleryImagesOf(gallery: Offer['gallery']): GalleryImage[] {
  return gallery.flatMap((entry) => {
    const image = galleryImageOf(entry);
    return image ? [{ id: entry.picture, image, alt: entry.alt, caption: entry.caption }] : [];
  });
}
