import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route component loaded on demand (React.lazy) that can also be loaded ahead of rendering. */
export type LazyRoute = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<ComponentType>;
};

/**
 * How every page that loads on demand is registered: the app's route table, the dashboard's
 * pages and the owner console's (src/features/owner/OwnerRoutes.tsx). `load` imports the module
 * and picks its component. `preload()` starts that same import (once) and resolves to the
 * component: a route preloaded before the first render finds its module there, so its code is
 * not fetched while the page renders (src/app/lazyRoute.ts, `preloadMatches`).
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(() => preload().then((Component) => ({ default: Component }))),
    { preload },
  );
}

export const isLazyRoute = (type: unknown): type is LazyRoute =>
  typeof type === 'object' && type !== null && 'preload' in type;
