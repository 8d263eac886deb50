import type { CSSProperties } from 'react';
import type { GeneratedImage } from '../../../config/images.generated';

interface Props {
  image: GeneratedImage;
  alt: string;
  /** Which width the image takes at each viewport width (the srcset's `sizes`). */
  sizes: string;
  /** Above the fold (the hero): fetched at once and first; everything else loads lazily. */
  priority?: boolean;
  style?: CSSProperties;
}

/**
 * A generated image (scripts/build/images.ts) with its responsive sources. Width and height give
 * the browser the aspect ratio before the file arrives (no layout shift); the placeholder
 * colour fills the box meanwhile.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, style }: Props) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet.webp}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        backgroundColor: image.color,
        ...style,
      }}
    />
  );
  if (!image.srcSet.avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
