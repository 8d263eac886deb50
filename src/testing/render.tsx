import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from '../app/routes';
import { AppProviders } from '../app/providers';
import { makeStore } from '../app/store';
import { setNavigate } from '../api/session/navigation';
import { AppServices } from '../app/AppServices';

/**
 * Renders the real app (real store, real routes, real generated endpoints) at a path;
 * only the network is replaced (MSW). Returns the router to inspect the location.
 */
export function renderApp(path = '/', options: { routes?: RouteObject[] } = {}) {
  const store = makeStore();
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [path] });
  setNavigate(
    (to) => void router.navigate(to),
    () => router.state.location.pathname,
  );
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}

/** Renders one element inside the app's providers and services (no router). */
export function renderWithProviders(ui: ReactElement) {
  const store = makeStore();
  return {
    ...render(
      <AppProviders store={store}>
        <AppServices>{ui}</AppServices>
      </AppProviders>,
    ),
    store,
  };
}
