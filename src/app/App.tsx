import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { AppProviders } from './providers';
import { makeStore, type AppStore } from './store';
import { setNavigate } from '../api/session/navigation';

/** The whole app: providers around the router. */
export function App({ store }: { store?: AppStore }) {
  const appStore = useMemo(() => store ?? makeStore(), [store]);
  const router = useMemo(() => createBrowserRouter(routes), []);
  useEffect(() => {
    setNavigate((path) => void router.navigate(path));
  }, [router]);
  return (
    <AppProviders store={appStore}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
