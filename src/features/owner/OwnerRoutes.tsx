import type { ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import InboxIcon from '@mui/icons-material/Inbox';
import RouteIcon from '@mui/icons-material/Route';
import PeopleIcon from '@mui/icons-material/People';
import BarChartIcon from '@mui/icons-material/BarChart';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { InboxPage } from './inbox/InboxPage';
import { RequestPage } from './request/RequestPage';
import { RoutePage } from './route/RoutePage';
import CustomersPage from './customers/CustomersPage';
import CustomerDetailPage from './customers/CustomerDetailPage';
import HealthPage from './health/HealthPage';
import { lazyRoute } from '../../lib/lazyRoute';
import { OwnerLayout, type OwnerNavItem } from './OwnerLayout';
import { AuthenticatorGate } from './AuthenticatorGate';
import { OfferPreviewProvider, type RenderOfferPreview } from './business/OfferPreview';
import {
  OWNER_BASE,
  ownerPageList,
  ownerPageUrl,
  type OwnerNavPageId,
  type OwnerPageId,
} from './ownerPageList';

// As the dashboard's pages (src/app/dashboard/dashboardPages.tsx), a page that loads on demand
// registers through `lazyRoute`, in an `owner-` chunk (which the build's isolation check counts
// as the console's). The charts' library is large: the numbers load when opened.
const NumbersPage = lazyRoute(() =>
  import(/* webpackChunkName: "owner-numbers" */ './numbers/NumbersPage').then((m) => m.default),
);

const AvailabilityPage = lazyRoute(() =>
  import(/* webpackChunkName: "owner-availability" */ './availability/AvailabilityPage').then(
    (m) => m.default,
  ),
);

// The offer's editor is long and used now and then: it loads when opened.
const BusinessPage = lazyRoute(() =>
  import(/* webpackChunkName: "owner-business" */ './business/BusinessPage').then((m) => m.default),
);

/** A page of the console: its path under /owner and, when it has one, its navigation link. */
export interface OwnerPage {
  path: string;
  Page: ComponentType;
  nav?: { label: string; icon: ComponentType };
}

/** Each page's component (./ownerPageList.ts lists them, in order, with their paths). */
const components: Record<OwnerPageId, ComponentType> = {
  inbox: InboxPage,
  request: RequestPage,
  route: RoutePage,
  customers: CustomersPage,
  customer: CustomerDetailPage,
  numbers: NumbersPage,
  availability: AvailabilityPage,
  business: BusinessPage,
  health: HealthPage,
};

/** The icon of each page's navigation link. */
const icons: Record<OwnerNavPageId, ComponentType> = {
  inbox: InboxIcon,
  route: RouteIcon,
  customers: PeopleIcon,
  numbers: BarChartIcon,
  availability: EventAvailableIcon,
  business: StorefrontIcon,
  health: MonitorHeartIcon,
};

/** The console's pages, in the order of the navigation, with their components. */
export const ownerPages: readonly OwnerPage[] = ownerPageList.map((entry) => ({
  path: entry.path,
  Page: components[entry.id],
  ...('nav' in entry && { nav: { label: entry.nav, icon: icons[entry.id] } }),
}));

const nav: OwnerNavItem[] = ownerPages.flatMap(({ path, nav: link }) =>
  link ? [{ ...link, to: ownerPageUrl(path), end: path === '' }] : [],
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
 * account has an authenticator app (./AuthenticatorGate.tsx). `offerPreview` renders the services page
 * from an offer (src/app gives it: the console may not import the marketing feature).
 */
export function OwnerRoutes({ offerPreview }: { offerPreview?: RenderOfferPreview }) {
  return <OfferPreviewProvider render={offerPreview}>{useRoutes(routes)}</OfferPreviewProvider>;
}
