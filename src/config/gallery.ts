/**
 * The gallery's images: the offer's pictures (references to our own illustrations, sources in
 * assets/images, web versions made by scripts/build/images.ts) with their alt text and captions, in the
 * offer's order. The hero image is in ./heroImage.ts.
 */
import type { Offer } from '../../domain/offer';
import { generatedImages, type GeneratedImage, type ImageId } from './images.generated';

export interface GalleryImage {
  id: ImageId;
  image: GeneratedImage;
  alt: string;
  caption: string;
}

const isImageId = (id: string): id is ImageId => Object.hasOwn(generatedImages, id);

/** The offer's gallery as images; a reference to a picture the site does not have is left out. */
export function galleryImagesOf(gallery: Offer['gallery']): GalleryImage[] {
  return gallery.flatMap(({ picture, alt, caption }) =>
    isImageId(picture) ? [{ id: picture, image: generatedImages[picture], alt, caption }] : [],
  );
}
