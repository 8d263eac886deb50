/**
 * The home page's hero image. Apart from the gallery's images (./gallery.ts): it is part of
 * the first view, which does not need the gallery's list.
 */
import type { GalleryImage } from './gallery';
import { generatedImages } from './images.generated';

export const heroImage: GalleryImage = {
  id: 'hero/hero',
  image: generatedImages['hero/hero'],
  alt: 'Illustration of a red sedan, its back half covered in wash foam and its front gleaming',
  caption: 'A showroom shine',
};
