import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { theme } from './theme';
import type { AppStore } from './appStore';

interface Props {
  store: AppStore;
  /** The Emotion cache shared with server rendering (tests use Emotion's default). */
  emotionCache?: EmotionCache;
  /** The theme's global styles (CssBaseline); an island's page already has them in its HTML. */
  globalStyles?: boolean;
  children: ReactNode;
}

/**
 * The providers every page needs (browser entry, prerendering, tests). Toasts and the API
 * layer come with the features that use them (./AppServices.tsx).
 */
export function AppProviders({ store, emotionCache, globalStyles = true, children }: Props) {
  const app = (
    <Provider store={store}>
      {/* The system's ThemeProvider with the theme under Material UI's id (theme scoping).
          @mui/material's ThemeProvider would add its CSS-variables provider (color schemes,
          stored mode), unused by this theme, to the first JavaScript of every page. */}
      <ThemeProvider themeId={THEME_ID} theme={theme}>
        {globalStyles && <CssBaseline />}
        {children}
      </ThemeProvider>
    </Provider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{app}</CacheProvider> : app;
}
