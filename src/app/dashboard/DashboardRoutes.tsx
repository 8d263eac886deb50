import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { DashboardLayout, type DashboardNavItem } from '../../features/dashboard/DashboardLayout';
import { hasValidSession } from '../../api/session/tokenStore';
import { attachApi } from '../apiLayer';
import type { AppStore } from '../appStore';
import { preloadMatches } from '../lazyRoute';
import { dashboardPages, type DashboardPage } from './dashboardPages';

/** Where these routes are mounted in the app's route table (../routes.tsx). */
const DASHBOARD_BASE = '/dashboard';

const nav: DashboardNavItem[] = dashboardPages.map(({ path, label, icon }) => ({
  to: path ? `${DASHBOARD_BASE}/${path}` : DASHBOARD_BASE,
  label,
  icon,
  end: path === '',
}));

const routes: RouteObject[] = [
  {
    element: <DashboardLayout nav={nav} />,
    children: dashboardPages.map((page) =>
      page.path
        ? { path: page.path, element: <page.Page />, handle: page }
        : { index: true, element: <page.Page />, handle: page },
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Everything under /dashboard once signed in: the layout with its sidebar, and the pages. */
export function DashboardRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the page `pathname` (a full path, /dashboard/...) shows, so that it is requested as soon
 * as this module arrives, not once the layout has rendered (the app's preloadRoute calls it).
 * With a session that is still valid, the page's data is requested meanwhile too; otherwise
 * the guard checks (or refreshes) the session first and the page asks once it renders.
 */
DashboardRoutes.preloadRoute = (pathname: string, store: AppStore): Promise<void> => {
  if (hasValidSession()) {
    for (const { route } of matchRoutes(routes, pathname, DASHBOARD_BASE) ?? []) {
      const prefetch = (route.handle as DashboardPage | undefined)?.prefetch;
      if (!prefetch) continue;
      attachApi(store);
      prefetch(store.dispatch);
    }
  }
  return preloadMatches(routes, pathname, store, DASHBOARD_BASE);
};
