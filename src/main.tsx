/**
 * Browser entry of the app: every route the static host answers with the shell (dist/app.html):
 * sign-in, the dashboard, and any page reached from them. (The prerendered public pages load
 * src/app/islands/entry.ts instead.) The current route's lazy modules are loaded first, so the
 * first render is the final page.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { createAppStore } from './app/appStore';
import { createEmotionCache } from './app/emotionCache';
import { zonedFormat } from '../domain/zonedFormat';
import { installErrorReporting } from './app/clientErrors';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  // While the route's code downloads the main thread is idle: load the time zone's data now, in
  // a task of its own, rather than in the middle of the first data's arrival.
  setTimeout(() => zonedFormat().format(0), 0);
  const store = createAppStore();
  // A module that fails to load fails again when its page renders, which shows the error page.
  // The dashboard's data is requested meanwhile (through the store, when signed in).
  await preloadRoute(window.location.pathname, store).catch(() => undefined);
  // As a transition, React renders in slices and keeps the main thread free for the visitor.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App store={store} emotionCache={createEmotionCache()} />
      </StrictMode>,
    );
  });
}

// Errors nobody caught are reported to the server (./app/clientErrors.ts).
installErrorReporting();
void start();
