import { Navigate, useRoutes } from 'react-router-dom';
import { DashboardLayout, type DashboardNavItem } from '../../features/dashboard/DashboardLayout';
import { dashboardPages } from './dashboardPages';

const nav: DashboardNavItem[] = dashboardPages.map(({ path, label, icon }) => ({
  to: path ? `/dashboard/${path}` : '/dashboard',
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
