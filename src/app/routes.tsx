import { useLayoutEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { setNavigate } from '../api/session/navigation';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './layout/RouterErrorPage';
import { lazyRoute } from '../lib/lazyRoute';
import { preloadMatches } from './lazyRoute';
import { OwnerGate } from './OwnerGate';
import type { AppStore } from './appStore';

/**
 * The public pages `npm run build` prerenders to static HTML with islands (scripts/build/prerender.ts,
 * docs/architecture.md). In the app, each one's page is a chunk of its own.
 */
export const prerenderedPaths = [
  '/',
  '/services',
  '/gallery',
  '/contact',
  '/booking',
  '/privacy',
  '/terms',
] as const;

const HomeRoute = lazyRoute(() =>
  import(/* webpackChunkName: "route-home" */ './routes/HomeRoute').then((m) => m.HomeRoute),
);
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
const PrivacyPage = lazyRoute(() =>
  import(/* webpackChunkName: "route-legal" */ '../features/marketing/pages/LegalPages').then(
    (m) => m.PrivacyPage,
  ),
);
const TermsPage = lazyRoute(() =>
  import(/* webpackChunkName: "route-legal" */ '../features/marketing/pages/LegalPages').then(
    (m) => m.TermsPage,
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
// The chunk names of the guard and the dashboard are also read by the build, which announces
// their files in the dashboard's HTML (scripts/build/routePreload.ts).
const RequireAuth = lazyRoute(() =>
  import(/* webpackChunkName: "require-auth" */ '../features/auth/RequireAuth').then(
    (m) => m.RequireAuth,
  ),
);
// The dashboard's layout and pages (./dashboard/dashboardPages.tsx) load together, once signed in.
const DashboardRoutes = lazyRoute(() =>
  import(/* webpackChunkName: "dashboard" */ './dashboard/DashboardRoutes').then(
    (m) => m.DashboardRoutes,
  ),
);

/** The route table (docs/product.md §2). Every page loads on demand. */
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
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      {
        element: <AppServicesRoute />,
        children: [
          ...['auth', 'login', 'signup', 'forgot-password'].map((path) => ({
            path,
            element: <AuthPage />,
          })),
          { path: 'auth-callback', element: <AuthCallbackPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard/*', element: <DashboardRoutes /> },
              { path: 'owner/*', element: <OwnerGate /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Loads the lazy modules of the routes `pathname` matches (the same imports their components
 * make), and those of the nested routes a loaded one declares (the dashboard's page), so that
 * the first render of that path shows no fallback and fetches no code. Nested routes may start
 * their page's data through `store` meanwhile (the dashboard's). The app's entry awaits it
 * before its first render.
 */
export function preloadRoute(pathname: string, store: AppStore): Promise<void> {
  return preloadMatches(routes, pathname, store);
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
