import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';
import PlaceIcon from '@mui/icons-material/Place';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { serviceState } from '../../../../domain/serviceArea';
import { sitePageData } from '../offerPageData';
import { marketingTexts } from '../messages';

const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

function Towns({ hidden = false }: { hidden?: boolean }) {
  return (
    <Box
      component="ul"
      aria-label={hidden ? undefined : marketingTexts.townsLabel}
      aria-hidden={hidden || undefined}
      className={hidden ? 'copy' : undefined}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1.5, pr: 1.5 }}
    >
      {sitePageData.towns.map((town) => (
        <Box
          component="li"
          key={town}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            whiteSpace: 'nowrap',
            px: 2.5,
            py: 1.25,
            borderRadius: 999,
            bgcolor: 'rgba(255,255,255,0.12)',
            border: '1px solid rgba(255,255,255,0.3)',
            fontWeight: 650,
            fontSize: '1.0625rem',
          }}
        >
          <PlaceIcon aria-hidden="true" sx={{ fontSize: 20, color: '#fcd34d' }} />
          {town}, {serviceState}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The offer's towns as a scrolling strip (docs/product.md §2). The strip is two copies of the list; the
 * second is hidden from screen readers, which read the first in full. It pauses on hover or
 * with the button, and stands still (wrapped) for reduced motion.
 */
export function ServiceArea() {
  const [paused, setPaused] = useState(false);
  return (
    <Box>
      <Box
        sx={{
          overflow: 'hidden',
          maskImage: 'linear-gradient(90deg, transparent, #000 6%, #000 94%, transparent)',
          '@media (prefers-reduced-motion: reduce)': { maskImage: 'none' },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            width: 'max-content',
            animation: `${scroll} 32s linear infinite`,
            animationPlayState: paused ? 'paused' : 'running',
            '&:hover': { animationPlayState: 'paused' },
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              width: 'auto',
              justifyContent: 'center',
              '& ul': { flexWrap: 'wrap', justifyContent: 'center', pr: 0 },
              '& .copy': { display: 'none' },
            },
          }}
        >
          <Towns />
          <Towns hidden />
        </Box>
      </Box>
      <Box
        sx={{
          textAlign: 'center',
          mt: 2,
          '@media (prefers-reduced-motion: reduce)': { display: 'none' },
        }}
      >
        <Button
          size="small"
          onClick={() => setPaused((p) => !p)}
          startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}
          sx={{ color: '#ffffff', '&.Mui-focusVisible': { outline: '3px solid #fcd34d' } }}
        >
          {paused ? 'Resume scrolling' : 'Pause scrolling'}
        </Button>
      </Box>
    </Box>
  );
}
