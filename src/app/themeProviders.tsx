import type { ReactNode } from 'react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { theme } from './theme';

interface Props {
  /** The Emotion cache shared with server rendering (tests use Emotion's default). */
  emotionCache?: EmotionCache;
  /** The theme's global styles (CssBaseline); an island's page already has them in its HTML. */
  globalStyles?: boolean;
  children: ReactNode;
}

/**
 * The look every page needs: the theme and the Emotion cache, without the store (an island
 * that shows no account or API data, like the gallery's slideshow, needs nothing more).
 */
export function ThemeProviders({ emotionCache, globalStyles = true, children }: Props) {
  const themed = (
    // The system's ThemeProvider with the theme under Material UI's id (theme scoping).
    // @mui/material's ThemeProvider would add its CSS-variables provider (color schemes,
    // stored mode), unused by this theme, to the first JavaScript of every page.
    <ThemeProvider themeId={THEME_ID} theme={theme}>
      {globalStyles && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{themed}</CacheProvider> : themed;
}
