import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route component loaded on demand (React.lazy) that can also be loaded ahead of rendering. */
export type LazyRoute = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `load` imports the module and picks its component. `preload()` starts that same import
 * (once): a route preloaded before the first render finds its module there, so it shows no
 * fallback and a prerendered page hydrates at once.
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
