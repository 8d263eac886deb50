/**
 * What the customer-facing features need beyond the public pages: the API layer attached to
 * the store, and toasts (notistack, with the spec's limits). Loaded with the first route or
 * component that needs them (auth, dashboard, quote wizard), not by the public pages.
 */
import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useStore } from 'react-redux';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import { toastConfig } from '../config/toasts';
import { attachApi, isApiAttached } from './apiLayer';
import type { AppStore } from './appStore';

/** notistack's colours with the theme's, which have a 4.5:1 contrast with white text. */
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
}));
const toastComponents = {
  default: Toast,
  success: Toast,
  error: Toast,
  info: Toast,
  warning: Toast,
};

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
      Components={toastComponents}
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
