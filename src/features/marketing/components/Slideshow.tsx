import { useEffect, useRef, useState } from 'react';
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import {
  Box,
  Button,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { GalleryImage } from '../../../config/gallery';
import { SLIDESHOW_INTERVAL_MS, SLIDESHOW_TRANSITION_MS } from '../../../config/timing';
import { ResponsiveImage } from './ResponsiveImage';
import { CONTROLS_MIN_HEIGHT, SLIDE_SIZES, SlideCaption, SlideFrame } from './slideLayout';
import { visuallyHidden } from './visuallyHidden';
import { slideshowTexts } from '../messages';

export type SlideMode = 'slide' | 'fade';

const focusRing = {
  '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid #fcd34d', outlineOffset: 2 },
};

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 1,
  width: 44,
  height: 44,
  color: '#ffffff',
  bgcolor: 'rgba(6,23,43,0.6)',
  border: '1px solid rgba(255,255,255,0.5)',
  '&:hover': { bgcolor: 'rgba(6,23,43,0.85)' },
  ...focusRing,
} as const;

/** The slides within one step of `index` (wrapping round). */
const neighbours = (index: number, count: number) => [
  (index - 1 + count) % count,
  index,
  (index + 1) % count,
];

/**
 * The gallery slideshow (docs/product.md §2): one image every 3 s, paused while the mouse is over it (and
 * with a Pause button), previous/next arrows, dots, slide or fade mode, 700 ms transitions. With reduced
 * motion it neither plays on its own nor animates. Only the current slide and its neighbours
 * load their image.
 */
export default function Slideshow({
  images,
  firstImagePriority = false,
}: {
  images: readonly GalleryImage[];
  /** The first image is the page's main picture (the gallery page): fetched at once and first. */
  firstImagePriority?: boolean;
}) {
  const count = images.length;
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const sliderRef = useRef<Slider>(null);
  const [current, setCurrent] = useState(0);
  const [mode, setMode] = useState<SlideMode>('slide');
  const [choice, setChoice] = useState<'auto' | 'play' | 'pause'>('auto');
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(
    () => new Set(count ? neighbours(0, count) : []),
  );
  const [hovered, setHovered] = useState(false);
  const playing = choice === 'auto' ? !reduceMotion : choice === 'play';
  const running = playing && !hovered;

  // react-slick keeps its own timer: start or stop it (also after a mode change remounts it).
  useEffect(() => {
    const slider = sliderRef.current;
    if (!slider) return;
    if (running) slider.slickPlay();
    else slider.slickPause();
  }, [running, mode]);

  if (count === 0) {
    return (
      <Box>
        <SlideFrame>
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', color: '#c9d6e3' }}>
            <Typography>{slideshowTexts.empty}</Typography>
          </Box>
        </SlideFrame>
        <Box sx={{ minHeight: CONTROLS_MIN_HEIGHT }} />
      </Box>
    );
  }

  const show = (index: number) => {
    setCurrent(index);
    setLoaded((prev) => new Set([...prev, ...neighbours(index, count)]));
  };
  const active = images[current];

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={slideshowTexts.region}
      // Hovering anywhere over the slideshow (image, arrows or dots) holds it still.
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <SlideFrame>
        <IconButton
          aria-label={slideshowTexts.previous}
          onClick={() => sliderRef.current?.slickPrev()}
          sx={{ ...arrowSx, left: { xs: 8, md: 16 } }}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Slider
          key={mode}
          ref={sliderRef}
          initialSlide={current}
          fade={mode === 'fade'}
          speed={reduceMotion ? 0 : SLIDESHOW_TRANSITION_MS}
          autoplay
          autoplaySpeed={SLIDESHOW_INTERVAL_MS}
          pauseOnHover={false}
          pauseOnFocus={false}
          arrows={false}
          dots={false}
          infinite
          beforeChange={(_from, to) => show(to)}
        >
          {images.map((item, index) => (
            <Box component="figure" key={item.id} sx={{ m: 0, position: 'relative' }}>
              {loaded.has(index) ? (
                <ResponsiveImage
                  image={item.image}
                  alt={item.alt}
                  sizes={SLIDE_SIZES}
                  priority={firstImagePriority && index === 0}
                />
              ) : (
                <Box
                  sx={{
                    aspectRatio: `${item.image.width} / ${item.image.height}`,
                    bgcolor: item.image.color,
                  }}
                />
              )}
              <SlideCaption>{item.caption}</SlideCaption>
            </Box>
          ))}
        </Slider>
        <IconButton
          aria-label={slideshowTexts.next}
          onClick={() => sliderRef.current?.slickNext()}
          sx={{ ...arrowSx, right: { xs: 8, md: 16 } }}
        >
          <ChevronRightIcon />
        </IconButton>
      </SlideFrame>

      <Box sx={{ minHeight: CONTROLS_MIN_HEIGHT, pt: 2 }}>
        <Box
          role="group"
          aria-label="Choose an image"
          sx={{ display: 'flex', justifyContent: 'center', height: 24, mb: 1 }}
        >
          {images.map((item, index) => (
            <Box
              component="button"
              type="button"
              key={item.id}
              aria-label={slideshowTexts.dot(index + 1, count)}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => sliderRef.current?.slickGoTo(index)}
              sx={{
                // 24 px targets; on the narrowest phones they share the width so all 14 fit.
                width: 'min(24px, calc((100vw - 32px) / 14))',
                height: 24,
                p: 0,
                border: 0,
                background: 'none',
                cursor: 'pointer',
                display: 'grid',
                placeItems: 'center',
                borderRadius: '50%',
                '&::after': {
                  content: '""',
                  width: index === current ? 12 : 9,
                  height: index === current ? 12 : 9,
                  borderRadius: '50%',
                  bgcolor: index === current ? '#fcd34d' : 'rgba(255,255,255,0.45)',
                  transition: 'all 200ms',
                },
                '&:hover::after': { bgcolor: '#ffffff' },
                '&:focus-visible': { outline: '2px solid #fcd34d' },
              }}
            />
          ))}
        </Box>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            gap: { xs: 1.5, sm: 2 },
          }}
        >
          <Button
            size="small"
            variant="outlined"
            onClick={() => setChoice(playing ? 'pause' : 'play')}
            startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
            sx={{
              color: '#ffffff',
              borderColor: 'rgba(255,255,255,0.5)',
              whiteSpace: 'nowrap',
              ...focusRing,
            }}
          >
            {playing ? slideshowTexts.pause : slideshowTexts.play}
          </Button>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            aria-label="Transition"
            onChange={(_event, value: SlideMode | null) => value && setMode(value)}
            sx={{
              '& .MuiToggleButton-root': {
                color: '#d6e2ef',
                borderColor: 'rgba(255,255,255,0.35)',
                px: 1.5,
                ...focusRing,
              },
              '& .MuiToggleButton-root.Mui-selected': { color: '#14213d', bgcolor: '#fcd34d' },
              '& .MuiToggleButton-root.Mui-selected:hover': { bgcolor: '#fbbf24' },
            }}
          >
            <ToggleButton value="slide">{slideshowTexts.slide}</ToggleButton>
            <ToggleButton value="fade">{slideshowTexts.fade}</ToggleButton>
          </ToggleButtonGroup>
          <Typography
            component="span"
            aria-hidden="true"
            sx={{ color: '#c9d6e3', minWidth: 56, display: { xs: 'none', sm: 'block' } }}
          >
            {current + 1} / {count}
          </Typography>
        </Box>
        <Box sx={visuallyHidden} aria-live={playing ? 'off' : 'polite'}>
          {active && slideshowTexts.current(current + 1, count, active.caption)}
        </Box>
      </Box>
    </Box>
  );
}
