import {
  isValidElement,
  lazy,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { setNavigate } from '../api/session/navigation';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './layout/RouterErrorPage';
import { HomeRoute } from './routes/HomeRoute';

/**
 * The public pages `npm run build` prerenders to static HTML (scripts/prerender.ts). The
 * chunk of each one's page is named `route-<name>` so the prerendered HTML can load it early.
 */
export const prerenderedPaths = ['/', '/services', '/gallery', '/contact', '/booking'] as const;

/** A route component loaded on demand (React.lazy) that can also be loaded ahead of rendering. */
type LazyRoute = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `load` imports the module and picks its component. `preload()` starts that same import
 * (once): a route preloaded before the first render finds its module there, so it shows no
 * fallback and a prerendered page hydrates at once.
 */
function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(() => preload().then((Component) => ({ default: Component }))),
    { preload },
  );
}

const ServicesPage = lazyRoute(() =>
  import(/* webpackChunkName: "route-services" */ '../features/marketing/pages/ServicesPage').then(
    (m) => m.ServicesPage,
  ),
);
const GalleryPage = lazyRoute(() =>
  import(/* webpackChunkName: "route-gallery" */ '../features/marketing/pages/GalleryPage').then(
    (m) => m.GalleryPage,
  ),
);
const ContactPage = lazyRoute(() =>
  import(/* webpackChunkName: "route-contact" */ '../features/marketing/pages/ContactPage').then(
    (m) => m.ContactPage,
  ),
);
const BookingPage = lazyRoute(() =>
  import(/* webpackChunkName: "route-booking" */ '../features/marketing/pages/BookingPage').then(
    (m) => m.BookingPage,
  ),
);
// The customer features: the API layer and toasts load with them.
const AppServicesRoute = lazyRoute(() =>
  import(/* webpackChunkName: "app-services" */ './AppServices').then((m) => m.AppServicesRoute),
);
const AuthPage = lazyRoute(() => import('../features/auth/pages/AuthPage').then((m) => m.AuthPage));
const AuthCallbackPage = lazyRoute(() =>
  import('../features/auth/pages/AuthCallbackPage').then((m) => m.AuthCallbackPage),
);
const RequireAuth = lazyRoute(() =>
  import('../features/auth/RequireAuth').then((m) => m.RequireAuth),
);
const DashboardLayout = lazyRoute(() =>
  import('../features/dashboard/DashboardLayout').then((m) => m.DashboardLayout),
);
const OverviewPage = lazyRoute(() =>
  import('../features/dashboard/pages/OverviewPage').then((m) => m.OverviewPage),
);
const ProfilePage = lazyRoute(() =>
  import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
);
const SecurityPage = lazyRoute(() =>
  import('../features/auth/security/SecurityPage').then((m) => m.SecurityPage),
);
const VehiclesPage = lazyRoute(() =>
  import('../features/vehicles/VehiclesPage').then((m) => m.VehiclesPage),
);
const BookingsPage = lazyRoute(() =>
  import('../features/bookings/BookingsPage').then((m) => m.BookingsPage),
);
const SubscriptionsPage = lazyRoute(() =>
  import('../features/subscriptions/SubscriptionsPage').then((m) => m.SubscriptionsPage),
);
const ServicePicsPage = lazyRoute(() =>
  import('../features/service-pics/ServicePicsPage').then((m) => m.ServicePicsPage),
);
const LoyaltyPage = lazyRoute(() =>
  import('../features/loyalty/LoyaltyPage').then((m) => m.LoyaltyPage),
);

/** The route table (docs/product.md §2). Everything but the home page loads on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'services', element: <ServicesPage /> },
      { path: 'gallery', element: <GalleryPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'booking', element: <BookingPage /> },
      {
        element: <AppServicesRoute />,
        children: [
          ...['auth', 'login', 'signup', 'forgot-password'].map((path) => ({
            path,
            element: <AuthPage />,
          })),
          { path: 'auth-callback', element: <AuthCallbackPage /> },
          {
            path: 'dashboard',
            element: <RequireAuth />,
            children: [
              {
                element: <DashboardLayout />,
                children: [
                  { index: true, element: <OverviewPage /> },
                  { path: 'profile', element: <ProfilePage /> },
                  { path: 'security', element: <SecurityPage /> },
                  { path: 'vehicles', element: <VehiclesPage /> },
                  { path: 'bookings', element: <BookingsPage /> },
                  { path: 'subscriptions', element: <SubscriptionsPage /> },
                  { path: 'pics', element: <ServicePicsPage /> },
                  { path: 'loyalty', element: <LoyaltyPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const isLazyRoute = (type: unknown): type is LazyRoute =>
  typeof type === 'object' && type !== null && 'preload' in type;

/**
 * Loads the lazy modules of the routes `pathname` matches (the same imports their components
 * make), so that the first render of that path shows no fallback. The browser awaits it
 * before hydrating a prerendered page, whose HTML already contains the route's page.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) =>
      isValidElement(route.element) && isLazyRoute(route.element.type)
        ? route.element.type.preload()
        : undefined,
    ),
  );
}

/**
 * Lets code outside React (the API layer's session handling) move the user through this
 * router (src/api/session/navigation.ts).
 */
function NavigationBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useRef({ navigate, pathname });
  useLayoutEffect(() => {
    current.current = { navigate, pathname };
  });
  useLayoutEffect(() => {
    setNavigate(
      (path) => void current.current.navigate(path),
      () => current.current.pathname,
    );
  }, []);
  return null;
}

/**
 * The app's routes, rendered inside a router: <BrowserRouter> in the browser (./App.tsx),
 * <StaticRouter> when prerendering (./ssr.tsx), <MemoryRouter> in tests. An error outside the
 * pages (in the layout itself) shows the error page without the layout.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <>
      <NavigationBridge />
      <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
    </>
  );
}
