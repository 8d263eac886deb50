import type { ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import InboxIcon from '@mui/icons-material/Inbox';
import RouteIcon from '@mui/icons-material/Route';
import PeopleIcon from '@mui/icons-material/People';
import BarChartIcon from '@mui/icons-material/BarChart';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { InboxPage } from './inbox/InboxPage';
import { RequestPage } from './request/RequestPage';
import { RoutePage } from './route/RoutePage';
import CustomersPage from './customers/CustomersPage';
import CustomerDetailPage from './customers/CustomerDetailPage';
import HealthPage from './health/HealthPage';
import { lazyRoute } from '../../lib/lazyRoute';
import { OwnerLayout, type OwnerNavItem } from './OwnerLayout';
import { AuthenticatorGate } from './AuthenticatorGate';
import { OWNER_TEXT } from './messages';
import { availabilityTexts } from './availability/messages';

/** Where these routes are mounted in the app's route table (src/app/routes.tsx). */
export const OWNER_BASE = '/owner';

/** A page of the console: its path under /owner and, when it has one, its navigation link. */
export interface OwnerPage {
  path: string;
  Page: ComponentType;
  nav?: { label: string; icon: ComponentType };
}

/**
 * The console's pages, in the order of the navigation: the one list its routes and its
 * navigation are built from. A new page is one more entry here (docs/how-to.md, "A new owner
 * screen"); an entry without `nav` has no link of its own. As the dashboard's pages
 * (src/app/dashboard/dashboardPages.tsx), a page that loads on demand registers through
 * `lazyRoute`, in an `owner-` chunk (which the build's isolation check counts as the console's).
 */
export const ownerPages: readonly OwnerPage[] = [
  { path: '', Page: InboxPage, nav: { label: OWNER_TEXT.nav.inbox, icon: InboxIcon } },
  { path: 'requests/:id', Page: RequestPage },
  { path: 'route', Page: RoutePage, nav: { label: OWNER_TEXT.nav.route, icon: RouteIcon } },
  {
    path: 'customers',
    Page: CustomersPage,
    nav: { label: OWNER_TEXT.nav.customers, icon: PeopleIcon },
  },
  { path: 'customers/:userId', Page: CustomerDetailPage },
  {
    path: 'numbers',
    // The charts' library is large: the numbers load when opened.
    Page: lazyRoute(() =>
      import(/* webpackChunkName: "owner-numbers" */ './numbers/NumbersPage').then(
        (m) => m.default,
      ),
    ),
    nav: { label: OWNER_TEXT.nav.numbers, icon: BarChartIcon },
  },
  {
    path: 'availability',
    Page: lazyRoute(() =>
      import(/* webpackChunkName: "owner-availability" */ './availability/AvailabilityPage').then(
        (m) => m.default,
      ),
    ),
    nav: { label: availabilityTexts.nav, icon: EventAvailableIcon },
  },
  {
    path: 'health',
    Page: HealthPage,
    nav: { label: OWNER_TEXT.nav.health, icon: MonitorHeartIcon },
  },
];

const nav: OwnerNavItem[] = ownerPages.flatMap(({ path, nav: link }) =>
  link ? [{ ...link, to: path ? `${OWNER_BASE}/${path}` : OWNER_BASE, end: path === '' }] : [],
);

const routes: RouteObject[] = [
  {
    element: (
      <AuthenticatorGate>
        <OwnerLayout nav={nav} />
      </AuthenticatorGate>
    ),
    children: ownerPages.map(({ path, Page }) =>
      path ? { path, element: <Page /> } : { index: true, element: <Page /> },
    ),
  },
  { path: '*', element: <Navigate to={OWNER_BASE} replace /> },
];

/**
 * Everything under /owner for a member of the owners group (src/app/OwnerGate.tsx), once the
 * account has an authenticator app (./AuthenticatorGate.tsx).
 */
export function OwnerRoutes() {
  return useRoutes(routes);
}
