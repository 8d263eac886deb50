import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { HEADER_HEIGHT } from '../../../config/layout';

const tones = {
  light: { background: '#ffffff', color: 'text.primary', intro: 'text.secondary' },
  tint: { background: '#eef4fb', color: 'text.primary', intro: 'text.secondary' },
  dark: { background: '#0d1b2a', color: '#ffffff', intro: '#c9d6e3' },
  brand: {
    background: 'linear-gradient(135deg, #0b4f8a 0%, #0f766e 100%)',
    color: '#ffffff',
    intro: '#e0f2f1',
  },
} as const;

interface Props {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: keyof typeof tones;
  children: ReactNode;
}

/**
 * A home-page section: anchored by id (clear of the sticky header), with an h2 title. Laid out
 * and painted only near the viewport (docs/architecture.md, "Rendering only what is on screen").
 */
export function Section({ id, title, intro, tone = 'light', children }: Props) {
  const t = tones[tone];
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{
        scrollMarginTop: HEADER_HEIGHT,
        py: { xs: 7, md: 10 },
        background: t.background,
        color: t.color,
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 1000px',
      }}
    >
      <Container maxWidth="lg">
        <Typography
          variant="h2"
          id={`${id}-title`}
          sx={{ textAlign: 'center', fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1.5 }}
        >
          {title}
        </Typography>
        {intro && (
          <Typography
            sx={{
              textAlign: 'center',
              maxWidth: 680,
              mx: 'auto',
              mb: { xs: 4, md: 6 },
              color: t.intro,
              fontSize: '1.0625rem',
            }}
          >
            {intro}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** The top band of a page other than home, with its h1. */
export function PageHeader({ title, intro }: { title: string; intro: ReactNode }) {
  return (
    <Box
      sx={{
        background: 'linear-gradient(160deg, #0b2a4a 0%, #0b4f8a 100%)',
        color: '#ffffff',
        py: { xs: 6, md: 8 },
      }}
    >
      <Container maxWidth="lg">
        <Typography variant="h1" sx={{ fontSize: { xs: '2.1rem', md: '2.75rem' }, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography sx={{ color: '#d6e2ef', fontSize: '1.125rem', maxWidth: 720 }}>
          {intro}
        </Typography>
      </Container>
    </Box>
  );
}
