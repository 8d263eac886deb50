/**
 * The dashboard's pages (docs/product.md §2), declared once: the sidebar shows them in this
 * order and the routes under /dashboard are built from them. Adding a page is one entry here
 * (docs/how-to.md). This module loads with the dashboard, never with the public pages.
 */
import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import SecurityIcon from '@mui/icons-material/LockOutlined';
import CarIcon from '@mui/icons-material/DirectionsCarOutlined';
import EventIcon from '@mui/icons-material/EventNoteOutlined';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import PhotoIcon from '@mui/icons-material/PhotoLibraryOutlined';
import LoyaltyIcon from '@mui/icons-material/LoyaltyOutlined';
import { lazyRoute } from '../../lib/lazyRoute';
import { OverviewPage } from '../../features/dashboard/pages/OverviewPage';
import type { AppDispatch } from '../../api/state';
import { prefetchDashboardData } from '../../features/dashboard/useDashboardData';

export interface DashboardPage {
  /** Below /dashboard; '' is the overview. */
  path: string;
  /** The sidebar's text. */
  label: string;
  icon: ComponentType;
  Page: ComponentType;
  /** Starts the page's data while its code loads, when the dashboard opens on it signed in. */
  prefetch?: (dispatch: AppDispatch) => void;
}

export const dashboardPages: readonly DashboardPage[] = [
  {
    path: '',
    label: 'Dashboard',
    icon: DashboardIcon,
    // Where signing in lands: it comes with the dashboard's layout, in the same download, rather
    // than in a second round trip after it (docs/architecture.md, "The dashboard's first paint").
    Page: OverviewPage,
    prefetch: prefetchDashboardData,
  },
  {
    path: 'profile',
    label: 'Profile',
    icon: PersonIcon,
    Page: lazyRoute(() => import('../../features/profile/ProfilePage').then((m) => m.ProfilePage)),
  },
  {
    path: 'security',
    label: 'Account Security',
    icon: SecurityIcon,
    Page: lazyRoute(() =>
      import('../../features/auth/security/SecurityPage').then((m) => m.SecurityPage),
    ),
  },
  {
    path: 'vehicles',
    label: 'Vehicles',
    icon: CarIcon,
    Page: lazyRoute(() =>
      import('../../features/vehicles/VehiclesPage').then((m) => m.VehiclesPage),
    ),
  },
  {
    path: 'bookings',
    label: 'My Bookings',
    icon: EventIcon,
    Page: lazyRoute(() =>
      import('../../features/bookings/BookingsPage').then((m) => m.BookingsPage),
    ),
  },
  {
    path: 'subscriptions',
    label: 'Subscriptions',
    icon: AutorenewIcon,
    Page: lazyRoute(() =>
      import('../../features/subscriptions/SubscriptionsPage').then((m) => m.SubscriptionsPage),
    ),
  },
  {
    path: 'pics',
    label: 'Service Pics',
    icon: PhotoIcon,
    Page: lazyRoute(() =>
      import('../../features/service-pics/ServicePicsPage').then((m) => m.ServicePicsPage),
    ),
  },
  {
    path: 'loyalty',
    label: 'Loyalty Program',
    icon: LoyaltyIcon,
    Page: lazyRoute(() => import('../../features/loyalty/LoyaltyPage').then((m) => m.LoyaltyPage)),
  },
];
