/**
 * Server rendering of the public pages, run in Node by the prerender step
 * (scripts/build/prerender.ts) from a bundle webpack builds for Node (webpack.config.ts,
 * createServerConfig). Same routes, providers and theme as the browser; the browser hydrates
 * the result (src/main.tsx).
 */
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import createEmotionServer from '@emotion/server/create-instance';
import { AppRoutes, routes } from './routes';
import { AppProviders } from './providers';
import { ThemeProviders } from './themeProviders';
import { makeStore } from './store';
import { createEmotionCache } from './emotionCache';
import { pageMeta } from '../features/marketing/pageMeta';
import { business } from '../config/business';
import { IslandCollectorContext } from '../components/Island';
import { islandIdPrefix } from '../components/islandMarkers';
import { ISLAND_ATTRIBUTE } from '../../domain/islandMarkers';
import { WorkingWeekContext, type WorkingWeek } from '../lib/workingWeek';
import { DEFAULT_RULES } from '../../domain/availability';

export { prerenderedPaths } from './routes';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The preloads of its priority images (the hero), for the head. */
  preloads: string;
  /** Emotion's critical CSS for that markup, as <style data-emotion> tags for the head. */
  styleTags: string;
  /** The page's title and description (as usePageMeta sets them in the browser). */
  meta: { title: string; description: string } | null;
  /** The names of the page's islands (their code loads in the browser, see ./islands). */
  islands: string[];
}

/** A preload React wrote for a priority image (`fetchPriority="high"`). */
const PRELOAD_LINK = /<link rel="preload" as="image"[^>]*>/g;

/** An island's empty root element, as <Island> leaves it in the page. */
const islandRoot = (name: string) =>
  new RegExp(`(<div ${ISLAND_ATTRIBUTE}="${name}"[^>]*>)(</div>)`, 'g');

/**
 * Renders one path (e.g. "/services") of the app to HTML with its critical CSS. `prerender`
 * waits for every lazy page module, so the HTML holds the whole page. `week`: the working hours
 * of the owner's rules the page shows (footer, /contact, the quote form's hint).
 */
export async function renderPage(
  path: string,
  week: WorkingWeek = DEFAULT_RULES.week,
): Promise<RenderedPage> {
  const page = matchRoutes(routes, path)?.at(-1)?.route;
  if (!page || page.path === '*') {
    throw new Error(`${path} is not a page of the app (a redirect cannot be prerendered)`);
  }
  const emotionCache = createEmotionCache();
  const emotionServer = createEmotionServer(emotionCache);

  const store = makeStore();
  // Each island is rendered afterwards as a root of its own, as the browser hydrates it.
  const islands = new Map<string, ReactElement>();
  const collector = {
    add: (name: string, element: ReactElement) => void islands.set(name, element),
  };

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={store} emotionCache={emotionCache}>
        <WorkingWeekContext.Provider value={week}>
          <StaticRouter location={path}>
            <IslandCollectorContext.Provider value={collector}>
              <AppRoutes />
            </IslandCollectorContext.Provider>
          </StaticRouter>
        </WorkingWeekContext.Provider>
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
  for (const [name, element] of islands) {
    const roots = html.match(islandRoot(name))?.length ?? 0;
    if (roots !== 1) throw new Error(`${path}: ${roots} islands named "${name}" (one per page)`);
    const islandHtml = renderToString(
      <StrictMode>
        <ThemeProviders emotionCache={emotionCache} globalStyles={false}>
          <Provider store={store}>
            <StaticRouter location={path}>{element}</StaticRouter>
          </Provider>
        </ThemeProviders>
      </StrictMode>,
      { identifierPrefix: islandIdPrefix(name) },
    );
    html = html.replace(
      islandRoot(name),
      (_all, open: string, close: string) => open + islandHtml + close,
    );
  }
  // React writes the preloads of priority images where the rendering starts (in #root, and in
  // each island): they go to the head, where the browser finds them before anything else.
  const preloads = html.match(PRELOAD_LINK) ?? [];
  html = html.replace(PRELOAD_LINK, '');
  const styleTags = emotionServer.constructStyleTagsFromChunks(
    emotionServer.extractCriticalToChunks(html),
  );
  const own = (pageMeta as Record<string, { title: string; description: string } | undefined>)[
    path
  ];
  const meta = own
    ? { title: `${own.title} | ${business.name}`, description: own.description }
    : null;
  return { html, preloads: preloads.join(''), styleTags, meta, islands: [...islands.keys()] };
}
