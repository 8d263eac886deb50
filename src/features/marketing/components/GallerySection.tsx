import { Island } from '../../../components/Island';
import GallerySlideshow from './GallerySlideshow';

/**
 * The gallery slideshow, an island: prerendered with its first image, arrows and dots, it
 * plays once its code has loaded, when it comes near the viewport.
 */
export function GallerySection() {
  return <Island name="gallery" component={GallerySlideshow} />;
}
