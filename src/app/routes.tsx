import { Navigate, type RouteObject } from 'react-router-dom';
import { PageFallback, RootLayout } from './layout/RootLayout';
import { RouterErrorPage } from './layout/RouterErrorPage';
import { HomeRoute } from './routes/HomeRoute';

/**
 * The public pages `npm run build` prerenders to static HTML (scripts/prerender.ts). The
 * chunk of each one's page is named `route-<name>` so the prerendered HTML can load it early.
 */
export const prerenderedPaths = ['/', '/services', '/gallery', '/contact', '/booking'] as const;

/** The route table (spec §2). Everything but the home page loads on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouterErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        errorElement: <RouterErrorPage />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            path: 'services',
            lazy: () =>
              import(
                /* webpackChunkName: "route-services" */ '../features/marketing/pages/ServicesPage'
              ).then((m) => ({
                Component: m.ServicesPage,
              })),
          },
          {
            path: 'gallery',
            lazy: () =>
              import(
                /* webpackChunkName: "route-gallery" */ '../features/marketing/pages/GalleryPage'
              ).then((m) => ({
                Component: m.GalleryPage,
              })),
          },
          {
            path: 'contact',
            lazy: () =>
              import(
                /* webpackChunkName: "route-contact" */ '../features/marketing/pages/ContactPage'
              ).then((m) => ({
                Component: m.ContactPage,
              })),
          },
          {
            path: 'booking',
            lazy: () =>
              import(
                /* webpackChunkName: "route-booking" */ '../features/marketing/pages/BookingPage'
              ).then((m) => ({
                Component: m.BookingPage,
              })),
          },
          {
            // The customer features: the API layer and toasts load with them.
            lazy: () =>
              import(/* webpackChunkName: "app-services" */ './AppServices').then((m) => ({
                Component: m.AppServicesRoute,
              })),
            children: [
              ...['auth', 'login', 'signup', 'forgot-password'].map((path) => ({
                path,
                lazy: () =>
                  import('../features/auth/pages/AuthPage').then((m) => ({
                    Component: m.AuthPage,
                  })),
              })),
              {
                path: 'auth-callback',
                lazy: () =>
                  import('../features/auth/pages/AuthCallbackPage').then((m) => ({
                    Component: m.AuthCallbackPage,
                  })),
              },
              {
                path: 'dashboard',
                lazy: () =>
                  import('../features/auth/RequireAuth').then((m) => ({
                    Component: m.RequireAuth,
                  })),
                children: [
                  {
                    lazy: () =>
                      import('../features/dashboard/DashboardLayout').then((m) => ({
                        Component: m.DashboardLayout,
                      })),
                    children: [
                      {
                        index: true,
                        lazy: () =>
                          import('../features/dashboard/pages/OverviewPage').then((m) => ({
                            Component: m.OverviewPage,
                          })),
                      },
                      {
                        path: 'profile',
                        lazy: () =>
                          import('../features/profile/ProfilePage').then((m) => ({
                            Component: m.ProfilePage,
                          })),
                      },
                      {
                        path: 'vehicles',
                        lazy: () =>
                          import('../features/vehicles/VehiclesPage').then((m) => ({
                            Component: m.VehiclesPage,
                          })),
                      },
                      {
                        path: 'bookings',
                        lazy: () =>
                          import('../features/bookings/BookingsPage').then((m) => ({
                            Component: m.BookingsPage,
                          })),
                      },
                      {
                        path: 'subscriptions',
                        lazy: () =>
                          import('../features/subscriptions/SubscriptionsPage').then((m) => ({
                            Component: m.SubscriptionsPage,
                          })),
                      },
                      {
                        path: 'pics',
                        lazy: () =>
                          import('../features/service-pics/ServicePicsPage').then((m) => ({
                            Component: m.ServicePicsPage,
                          })),
                      },
                      {
                        path: 'loyalty',
                        lazy: () =>
                          import('../features/loyalty/LoyaltyPage').then((m) => ({
                            Component: m.LoyaltyPage,
                          })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
