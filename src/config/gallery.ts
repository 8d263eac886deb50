/**
 * The gallery's images (our own illustrations; sources in assets/images, web versions made by
 * scripts/build/images.ts). Each has alt text and a caption. The hero image is in ./heroImage.ts.
 */
import { generatedImages, type GeneratedImage, type ImageId } from './images.generated';

export interface GalleryImage {
  id: ImageId;
  image: GeneratedImage;
  alt: string;
  caption: string;
}

const entry = (id: ImageId, alt: string, caption: string): GalleryImage => ({
  id,
  image: generatedImages[id],
  alt,
  caption,
});

export const galleryImages: readonly GalleryImage[] = [
  entry(
    'gallery/01-foam-bath',
    'Illustration of a red sedan covered in thick wash foam in a home driveway',
    'Foam pre-wash before the hand wash',
  ),
  entry(
    'gallery/02-wheel-detail',
    'Close-up illustration of a clean alloy wheel with glossy tire shine',
    'Wheel detail and tire shine',
  ),
  entry(
    'gallery/03-leather-interior',
    'Illustration of two tan leather front seats, cleaned and conditioned',
    'Leather cleaned and conditioned',
  ),
  entry(
    'gallery/04-ceramic-gloss',
    'Illustration of a mirror-gloss black hood reflecting the sky after a ceramic wax',
    'Ceramic wax gloss',
  ),
  entry(
    'gallery/05-suv-rinse',
    'Illustration of a white SUV being rinsed with a pressure-wash wand',
    'Rinse-down on a white SUV',
  ),
  entry(
    'gallery/06-dashboard',
    'Illustration of a clean dashboard with steering wheel, gauges and a screen',
    'Dashboard cleaned and protected',
  ),
  entry(
    'gallery/07-water-beading',
    'Illustration of water beading on blue paint after a hydrophobic coating',
    'Hydrophobic coating at work',
  ),
  entry(
    'gallery/08-paint-correction',
    'Illustration of red paint, swirled on the left half and polished to a gloss on the right, with a polisher',
    'Polishing: before and after',
  ),
  entry(
    'gallery/09-minivan-driveway',
    'Illustration of a freshly detailed silver minivan in front of a house at golden hour',
    'Family minivan, detailed at home',
  ),
  entry(
    'gallery/10-headlight-restoration',
    'Illustration of a headlight, yellowed on the left half and clear on the right',
    'Headlight lenses cleaned and polished',
  ),
  entry(
    'gallery/11-pet-hair-removal',
    'Illustration of a vacuum lifting pet hair from a gray back seat, the right half already clean',
    'Pet hair removal',
  ),
  entry(
    'gallery/12-sunset-finish',
    'Illustration of a glossy blue sedan at sunset, reflected in wet pavement',
    'Showroom shine at sunset',
  ),
  entry(
    'gallery/13-mobile-van',
    'Illustration of our white mobile detailing van parked in an office lot with the city behind',
    'We come to your office too',
  ),
  entry(
    'gallery/14-glass-cleaning',
    'Illustration of a squeegee leaving a streak-free window next to a dirty half',
    'Streak-free glass',
  ),
];
