import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { theme } from './theme';
import type { AppStore } from './appStore';

interface Props {
  store: AppStore;
  /** The Emotion cache shared with server rendering (tests use Emotion's default). */
  emotionCache?: EmotionCache;
  children: ReactNode;
}

/**
 * The providers every page needs (browser entry, prerendering, tests). Toasts and the API
 * layer come with the features that use them (./AppServices.tsx).
 */
export function AppProviders({ store, emotionCache, children }: Props) {
  const app = (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </Provider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{app}</CacheProvider> : app;
}
