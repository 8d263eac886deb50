import { Navigate, useRoutes } from 'react-router-dom';
import { DashboardLayout, type DashboardNavItem } from '../../features/dashboard/DashboardLayout';
import { preloadMatches } from '../lazyRoute';
import { dashboardPages } from './dashboardPages';

/** Where these routes are mounted in the app's route table (../routes.tsx). */
const DASHBOARD_BASE = '/dashboard';

const nav: DashboardNavItem[] = dashboardPages.map(({ path, label, icon }) => ({
  to: path ? `${DASHBOARD_BASE}/${path}` : DASHBOARD_BASE,
  label,
  icon,
  end: path === '',
}));

const routes = [
  {
    element: <DashboardLayout nav={nav} />,
    children: dashboardPages.map(({ path, Page }) =>
      path ? { path, element: <Page /> } : { index: true, element: <Page /> },
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
 */
DashboardRoutes.preloadRoute = (pathname: string): Promise<void> =>
  preloadMatches(routes, pathname, DASHBOARD_BASE);
