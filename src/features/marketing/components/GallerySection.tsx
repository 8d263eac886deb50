import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { galleryImages } from '../../../config/gallery';
import { ResponsiveImage } from './ResponsiveImage';
import { CONTROLS_MIN_HEIGHT, SLIDE_SIZES, SlideCaption, SlideFrame } from './slideLayout';
import { useNearViewport } from './useNearViewport';

const Slideshow = lazy(() => import(/* webpackChunkName: "slideshow" */ './Slideshow'));

/** The first image, still: what shows before the slideshow's code arrives (or without it). */
function StillFirstSlide() {
  const first = galleryImages[0];
  return (
    <Box>
      <SlideFrame>
        {first && (
          <Box component="figure" sx={{ m: 0 }}>
            <ResponsiveImage image={first.image} alt={first.alt} sizes={SLIDE_SIZES} />
            <SlideCaption>{first.caption}</SlideCaption>
          </Box>
        )}
      </SlideFrame>
      <Box sx={{ minHeight: CONTROLS_MIN_HEIGHT }} />
    </Box>
  );
}

/**
 * The gallery slideshow, loaded when it comes near the viewport (react-slick and the
 * slides are not part of the first view). Its space is reserved from the start.
 */
export function GallerySection() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <Box ref={ref}>
      {near ? (
        <Suspense fallback={<StillFirstSlide />}>
          <Slideshow images={galleryImages} />
        </Suspense>
      ) : (
        <StillFirstSlide />
      )}
    </Box>
  );
}
