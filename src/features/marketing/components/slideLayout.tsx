import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** The slideshow's width at each viewport width (matches SlideFrame's maxWidth). */
export const SLIDE_SIZES = '(min-width: 1000px) 960px, calc(100vw - 32px)';
/**
 * Height kept for the controls under the image (two rows that never wrap, from 320 px up), so
 * nothing moves when they arrive.
 */
export const CONTROLS_MIN_HEIGHT = 96;

/**
 * The box the slides sit in: a fixed 3:2 frame, so the static first image and the slideshow
 * that replaces it take exactly the same space (no layout shift).
 */
export function SlideFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'relative',
        maxWidth: 960,
        mx: 'auto',
        aspectRatio: '3 / 2',
        borderRadius: { xs: 3, md: 4 },
        overflow: 'hidden',
        bgcolor: '#13263a',
        boxShadow: '0 30px 60px -30px rgba(0,0,0,0.7)',
      }}
    >
      {children}
    </Box>
  );
}

/** A slide's caption, over the bottom of the image. */
export function SlideCaption({ children }: { children: ReactNode }) {
  return (
    <Box
      component="figcaption"
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        px: { xs: 2, md: 3 },
        pt: 5,
        pb: { xs: 1.5, md: 2 },
        color: '#ffffff',
        fontWeight: 650,
        fontSize: { xs: '0.9375rem', md: '1.125rem' },
        background: 'linear-gradient(transparent, rgba(6,23,43,0.85))',
      }}
    >
      {children}
    </Box>
  );
}
