import { isValidElement, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { AppStore } from './appStore';
import { isLazyRoute } from '../lib/lazyRoute';

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
