/**
 * What the customer-facing features need beyond the public pages: the API layer attached to
 * the store, and the place of the toasts (their code loads with the first toast: ./ToastHost.tsx).
 * Loaded with the first route or component that needs them (auth, dashboard, quote wizard), not
 * by the public pages.
 */
import { lazy, Suspense, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useStore } from 'react-redux';
import { toastRequests } from '../components/toast';
import { attachApi, isApiAttached } from './apiLayer';
import type { AppStore } from './appStore';

const ToastHost = lazy(() => import(/* webpackChunkName: "toast-host" */ './ToastHost'));

/** Mounts the toasts' host once the page asks for its first toast. */
function Toasts() {
  const requested = useSyncExternalStore(
    toastRequests.subscribe,
    toastRequests.requested,
    () => false,
  );
  return requested ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

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
    <>
      {children}
      <Toasts />
    </>
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
