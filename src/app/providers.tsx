import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { EmotionCache } from '@emotion/react';
import { ThemeProviders } from './themeProviders';
import type { AppStore } from './appStore';

interface Props {
  store: AppStore;
  /** The Emotion cache shared with server rendering (tests use Emotion's default). */
  emotionCache?: EmotionCache;
  children: ReactNode;
}

/**
 * The providers every page of the app needs (browser entry, prerendering, tests): the store
 * and the look (./themeProviders.tsx). Toasts and the API layer come with the features that
 * use them (./AppServices.tsx).
 */
export function AppProviders({ store, emotionCache, children }: Props) {
  return (
    <ThemeProviders emotionCache={emotionCache}>
      <Provider store={store}>{children}</Provider>
    </ThemeProviders>
  );
}
