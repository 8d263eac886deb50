import { useLayoutEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  parsePath,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type RouteObject,
  type To,
} from 'react-router-dom';
import { AppRoutes } from '../app/routes';
import { AppProviders } from '../app/providers';
import { makeStore } from '../app/store';

/** The app's real store, for tests of layers below src/app (which may not import it). */
export { makeStore };
import { AppServices } from '../app/AppServices';

/** What a test sees of the router: where the app is, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate(to: To, options?: NavigateOptions): void;
}

/** Reports the router's location and navigate function whenever they change. */
function RouterProbe({
  onChange,
}: {
  onChange: (state: TestRouter['state'], navigate: TestRouter['navigate']) => void;
}) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onChange({ location, historyAction }, (to, options) => void navigate(to, options));
  }, [onChange, location, historyAction, navigate]);
  return null;
}

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the real app (real store, real routes, real generated endpoints) at a path;
 * only the network is replaced (MSW). Returns the router to inspect the location.
 * `options.routes` replaces the app's route table.
 */
export function renderApp(path = '/', options: { routes?: RouteObject[] } = {}) {
  const store = makeStore();
  const router: TestRouter = {
    state: {
      location: {
        pathname: '/',
        search: '',
        hash: '',
        state: null,
        key: 'default',
        ...parsePath(path),
      },
      historyAction: 'POP' as NavigationType,
    },
    navigate: () => {
      throw new Error('The router is not rendered yet');
    },
  };
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe
          onChange={(state, navigate) => {
            router.state = state;
            router.navigate = navigate;
          }}
        />
        {options.routes ? <TestRoutes routes={options.routes} /> : <AppRoutes />}
      </MemoryRouter>
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
