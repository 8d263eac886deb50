/**
 * Browser entry. A prerendered public page (its #root carries data-prerendered) is hydrated;
 * every other route starts from the empty shell and renders here. Either way the router
 * first loads the current route's lazy module, so the first render is the final page.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/routes';
import { createAppStore } from './app/appStore';
import { createEmotionCache } from './app/emotionCache';
import { setNavigate } from './api/session/navigation';

type Router = ReturnType<typeof createBrowserRouter>;

function whenInitialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const router = createBrowserRouter(routes);
  setNavigate((path) => void router.navigate(path));
  await whenInitialized(router);
  const app = (
    <StrictMode>
      <App router={router} store={createAppStore()} emotionCache={createEmotionCache()} />
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
