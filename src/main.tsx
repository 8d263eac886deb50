/**
 * Browser entry. A prerendered public page (its #root carries data-prerendered) is hydrated;
 * every other route starts from the empty shell and renders here. Either way the current
 * route's lazy modules are loaded first, so the first render is the final page (and matches
 * the prerendered HTML).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { createAppStore } from './app/appStore';
import { createEmotionCache } from './app/emotionCache';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  // A module that fails to load fails again when its page renders, which shows the error page.
  await preloadRoute(window.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <App store={createAppStore()} emotionCache={createEmotionCache()} />
    </StrictMode>
  );
  // As a transition, React hydrates (or renders) in slices and keeps the main thread free
  // for the visitor's taps and scrolls instead of one long task.
  startTransition(() => {
    if (container.hasAttribute('data-prerendered')) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
