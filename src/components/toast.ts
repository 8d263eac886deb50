import { createElement } from 'react';
import Button from '@mui/material/Button';
import { toastConfig } from '../config/toasts';

/**
 * Toasts (docs/product.md §9: success 2 s, error and default 4 s, loading until dismissed).
 * notistack and its host load with the first toast of the page, not with the page
 * (src/app/ToastHost.tsx): until then calls wait here, in order, and are given to it once it
 * has mounted.
 */
type Notistack = typeof import('notistack');
type Call = (notistack: Notistack) => void;

let host: Notistack | null = null;
const waiting: Call[] = [];
const listeners = new Set<() => void>();
let requested = false;
let nextKey = 0;

function run(call: Call) {
  if (host) {
    call(host);
    return;
  }
  waiting.push(call);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** The key a toast is known by (to dismiss it). */
export type ToastKey = string;

/** Whether a toast has been asked for (the host mounts then); for useSyncExternalStore. */
export const toastRequests = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  requested: () => requested,
};

/** Called by the host once notistack's provider is on the page: the waiting toasts show. */
export function toastHostReady(notistack: Notistack | null) {
  host = notistack;
  if (!notistack) return;
  for (const call of waiting.splice(0)) call(notistack);
}

/**
 * The toasts, for code outside components too (the base query's "trying again"); components
 * take them with useToast.
 */
export const toasts = {
  success: (message: string) =>
    run((n) =>
      n.enqueueSnackbar(message, {
        variant: 'success',
        autoHideDuration: toastConfig.successMs,
      }),
    ),
  error: (message: string) =>
    run((n) =>
      n.enqueueSnackbar(message, { variant: 'error', autoHideDuration: toastConfig.errorMs }),
    ),
  info: (message: string) =>
    run((n) =>
      n.enqueueSnackbar(message, {
        variant: 'default',
        autoHideDuration: toastConfig.defaultMs,
      }),
    ),
  loading: (message: string): ToastKey => {
    nextKey += 1;
    const key = `toast-${nextKey}`;
    run((n) => n.enqueueSnackbar(message, { key, variant: 'info', persist: true }));
    return key;
  },
  /** A default toast with a button (e.g. `Undo`), which closes it and runs `onAction`. */
  withAction: (message: string, label: string, onAction: () => void) =>
    run((n) =>
      n.enqueueSnackbar(message, {
        variant: 'default',
        autoHideDuration: toastConfig.defaultMs,
        action: (key) =>
          createElement(
            Button,
            {
              color: 'inherit',
              size: 'small',
              onClick: () => {
                n.closeSnackbar(key);
                onAction();
              },
            },
            label,
          ),
      }),
    ),
  dismiss: (key?: ToastKey) => run((n) => n.closeSnackbar(key)),
};

export function useToast() {
  return toasts;
}
