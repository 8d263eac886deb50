import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route component loaded on demand (React.lazy) that can also be loaded ahead of rendering. */
export type LazyRoute = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<ComponentType>;
};

/**
 * A route component with routes of its own (the dashboard's): `preloadRoute(pathname)` loads the
 * lazy modules of its routes that `pathname` matches, as the app's route table does for its own.
 */
export type NestedRoutes = ComponentType & { preloadRoute: (pathname: string) => Promise<void> };

export const hasNestedRoutes = (component: ComponentType): component is NestedRoutes =>
  'preloadRoute' in component && typeof component.preloadRoute === 'function';

/**
 * `load` imports the module and picks its component. `preload()` starts that same import
 * (once) and resolves to the component: a route preloaded before the first render finds its
 * module there, so its code is not fetched while the page renders.
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
