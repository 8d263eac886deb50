import { isValidElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { AppStore } from './appStore';

/** A route component loaded on demand (React.lazy) that can also be loaded ahead of rendering. */
export type LazyRoute = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<ComponentType>;
};

/**
 * A route component with routes of its own (the dashboard's): `preloadRoute(pathname, store)`
 * loads the lazy modules of its routes that `pathname` matches, as the app's route table does for
 * its own, and may start the data those routes show through `store`.
 */
export type NestedRoutes = ComponentType & {
  preloadRoute: (pathname: string, store: AppStore) => Promise<void>;
};

const hasNestedRoutes = (component: ComponentType): component is NestedRoutes =>
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

/**
 * Loads the lazy modules of the routes in `routes` that `pathname` matches (below `basename`),
 * and, once one has loaded, those of its own nested routes (`NestedRoutes`, given `store`), so
 * that the first render of that path shows no fallback and fetches no code.
 */
export async function preloadMatches(
  routes: RouteObject[],
  pathname: string,
  store: AppStore,
  basename?: string,
): Promise<void> {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!isValidElement(route.element) || !isLazyRoute(route.element.type)) return;
      const Component = await route.element.type.preload();
      if (hasNestedRoutes(Component)) await Component.preloadRoute(pathname, store);
    }),
  );
}
