/**
 * Server rendering of the public pages, run in Node by the prerender step
 * (scripts/prerender.ts) from a bundle webpack builds for Node (webpack.config.ts,
 * createServerConfig). Same routes, providers and theme as the browser; the browser hydrates
 * the result (src/main.tsx).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import createEmotionServer from '@emotion/server/create-instance';
import { AppRoutes, routes } from './routes';
import { AppProviders } from './providers';
import { makeStore } from './store';
import { createEmotionCache } from './emotionCache';
import { pageMeta } from '../features/marketing/pageMeta';
import { business } from '../config/business';

export { prerenderedPaths } from './routes';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** Emotion's critical CSS for that markup, as <style data-emotion> tags for the head. */
  styleTags: string;
  /** The page's title and description (as usePageMeta sets them in the browser). */
  meta: { title: string; description: string } | null;
}

/**
 * Renders one path (e.g. "/services") of the app to HTML with its critical CSS. `prerender`
 * waits for every lazy page module, so the HTML holds the whole page.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const page = matchRoutes(routes, path)?.at(-1)?.route;
  if (!page || page.path === '*') {
    throw new Error(`${path} is not a page of the app (a redirect cannot be prerendered)`);
  }
  const emotionCache = createEmotionCache();
  const emotionServer = createEmotionServer(emotionCache);

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={makeStore()} emotionCache={emotionCache}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Static HTML: every boundary inline. (A large boundary would otherwise be emitted
      // after its fallback with an inline script to swap it in, which the CSP forbids.)
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) {
    throw new Error(`${path} failed to render`, { cause: errors[0] });
  }
  const styleTags = emotionServer.constructStyleTagsFromChunks(
    emotionServer.extractCriticalToChunks(html),
  );
  const own = (pageMeta as Record<string, { title: string; description: string } | undefined>)[
    path
  ];
  const meta = own
    ? { title: `${own.title} | ${business.name}`, description: own.description }
    : null;
  return { html, styleTags, meta };
}
