import { Island } from '../../../components/Island';
import GallerySlideshow from './GallerySlideshow';

/**
 * The gallery slideshow, an island: prerendered with its first image, arrows and dots, it
 * plays once its code has loaded, when it comes near the viewport. `priority`: it is the
 * page's main picture (the gallery page), so its first image loads at once and first.
 */
export function GallerySection({ priority = false }: { priority?: boolean }) {
  return <Island name="gallery" component={GallerySlideshow} props={{ priority }} />;
}
