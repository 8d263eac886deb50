import { useMemo } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { toastConfig } from '../config/toasts';

/** Toasts with the durations of docs/product.md §9: success 2 s, error and default 4 s, loading until dismissed. */
export function useToast() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: toastConfig.successMs }),
      error: (message: string) =>
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: toastConfig.errorMs }),
      info: (message: string) =>
        enqueueSnackbar(message, { variant: 'default', autoHideDuration: toastConfig.defaultMs }),
      loading: (message: string): SnackbarKey =>
        enqueueSnackbar(message, { variant: 'info', persist: true }),
      dismiss: (key?: SnackbarKey) => closeSnackbar(key),
    }),
    [enqueueSnackbar, closeSnackbar],
  );
}
