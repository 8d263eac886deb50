import { sitePageData } from '../offerPageData';
import Slideshow from './Slideshow';

/** The gallery's slideshow with its images: the gallery island (src/app/islands/registry.ts). */
export default function GallerySlideshow({ priority }: { priority: boolean }) {
  return <Slideshow images={sitePageData.gallery} firstImagePriority={priority} />;
}
