/**
 * What the customer-facing features need beyond the public pages: the API layer attached to
 * the store, and toasts (notistack, with the spec's limits). Loaded with the first route or
 * component that needs them (auth, dashboard, quote wizard), not by the public pages.
 */
import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useStore } from 'react-redux';
import { SnackbarProvider } from 'notistack';
import { toastConfig } from '../config/toasts';
import { attachApi, isApiAttached } from './apiLayer';
import type { AppStore } from './appStore';

export function AppServices({ children }: { children: ReactNode }) {
  const store = useStore() as AppStore;
  const isAttached = () => isApiAttached(store);
  const attached = useSyncExternalStore(store.subscribe, isAttached, isAttached);
  // Before the first paint (attaching dispatches, which re-renders this with `attached`).
  // The API's hooks must not run before its middleware is in place.
  useLayoutEffect(() => {
    if (!attached) attachApi(store);
  }, [attached, store]);
  if (!attached) return null;
  return (
    <SnackbarProvider
      maxSnack={toastConfig.maxSnack}
      autoHideDuration={toastConfig.defaultMs}
      transitionDuration={{ exit: toastConfig.removalDelayMs }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      style={{ maxWidth: toastConfig.maxWidthPx }}
    >
      {children}
    </SnackbarProvider>
  );
}

/** The layout route around the auth and dashboard routes. */
export function AppServicesRoute() {
  return (
    <AppServices>
      <Outlet />
    </AppServices>
  );
}
