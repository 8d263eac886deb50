import { useEffect, useRef, useState } from 'react';
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import './slideshow.css';
import type { GalleryImage } from '../../../config/gallery';
import { SLIDESHOW_INTERVAL_MS, SLIDESHOW_TRANSITION_MS } from '../../../config/timing';
import { usePrefersReducedMotion } from '../../../components/reducedMotion';
import { ResponsiveImage } from './ResponsiveImage';
import { visuallyHidden } from './visuallyHidden';
import { slideshowTexts } from '../messages';

export type SlideMode = 'slide' | 'fade';

/** The slideshow's width at each viewport width (matches .slideshow-frame's max-width). */
const SLIDE_SIZES = '(min-width: 1000px) 960px, calc(100vw - 32px)';

/** Material Design's icons (the ones the rest of the site shows through MUI), as plain SVG. */
const ICONS = {
  previous: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z',
  next: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  pause: 'M6 19h4V5H6zm8-14v14h4V5z',
  play: 'M8 5v14l11-7z',
};

const Icon = ({ path }: { path: string }) => (
  <svg className="slideshow-icon" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
    <path d={path} />
  </svg>
);

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
  const reduceMotion = usePrefersReducedMotion();
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
      <div>
        <div className="slideshow-frame">
          <p className="slideshow-empty">{slideshowTexts.empty}</p>
        </div>
        <div className="slideshow-controls" />
      </div>
    );
  }

  const show = (index: number) => {
    setCurrent(index);
    setLoaded((prev) => new Set([...prev, ...neighbours(index, count)]));
  };
  const active = images[current];

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={slideshowTexts.region}
      // Hovering anywhere over the slideshow (image, arrows or dots) holds it still.
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="slideshow-frame">
        <button
          type="button"
          className="slideshow-arrow slideshow-previous"
          aria-label={slideshowTexts.previous}
          onClick={() => sliderRef.current?.slickPrev()}
        >
          <Icon path={ICONS.previous} />
        </button>
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
            <figure className="slideshow-slide" key={item.id}>
              {loaded.has(index) ? (
                <ResponsiveImage
                  image={item.image}
                  alt={item.alt}
                  sizes={SLIDE_SIZES}
                  priority={firstImagePriority && index === 0}
                />
              ) : (
                <div
                  style={{
                    aspectRatio: `${item.image.width} / ${item.image.height}`,
                    backgroundColor: item.image.color,
                  }}
                />
              )}
              <figcaption className="slideshow-caption">{item.caption}</figcaption>
            </figure>
          ))}
        </Slider>
        <button
          type="button"
          className="slideshow-arrow slideshow-next"
          aria-label={slideshowTexts.next}
          onClick={() => sliderRef.current?.slickNext()}
        >
          <Icon path={ICONS.next} />
        </button>
      </div>

      <div className="slideshow-controls">
        <div className="slideshow-dots" role="group" aria-label="Choose an image">
          {images.map((item, index) => (
            <button
              type="button"
              className="slideshow-dot"
              key={item.id}
              aria-label={slideshowTexts.dot(index + 1, count)}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => sliderRef.current?.slickGoTo(index)}
            />
          ))}
        </div>
        <div className="slideshow-bar">
          <button
            type="button"
            className="slideshow-button"
            onClick={() => setChoice(playing ? 'pause' : 'play')}
          >
            <Icon path={playing ? ICONS.pause : ICONS.play} />
            {playing ? slideshowTexts.pause : slideshowTexts.play}
          </button>
          <div className="slideshow-modes" role="group" aria-label="Transition">
            {(['slide', 'fade'] as const).map((value) => (
              <button
                type="button"
                className="slideshow-mode"
                key={value}
                aria-pressed={mode === value}
                onClick={() => setMode(value)}
              >
                {slideshowTexts[value]}
              </button>
            ))}
          </div>
          <span className="slideshow-count" aria-hidden="true">
            {current + 1} / {count}
          </span>
        </div>
        <div style={visuallyHidden} aria-live={playing ? 'off' : 'polite'}>
          {active && slideshowTexts.current(current + 1, count, active.caption)}
        </div>
      </div>
    </div>
  );
}
