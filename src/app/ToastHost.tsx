/**
 * notistack's provider with the spec's limits and the theme's colours: loaded and mounted with
 * the first toast of the page (src/components/toast.ts), so pages that show none never load it.
 */
import { useLayoutEffect } from 'react';
import * as notistack from 'notistack';
import { styled } from '@mui/material/styles';
import { toastConfig } from '../config/toasts';
import { toastHostReady } from '../components/toast';

/** notistack's colours with the theme's, which have a 4.5:1 contrast with white text. */
const Toast = styled(notistack.MaterialDesignContent)(({ theme }) => ({
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

export default function ToastHost() {
  // Once the provider is on the page, the toasts asked for meanwhile are shown.
  useLayoutEffect(() => {
    toastHostReady(notistack);
    return () => toastHostReady(null);
  }, []);
  return (
    <notistack.SnackbarProvider
      maxSnack={toastConfig.maxSnack}
      autoHideDuration={toastConfig.defaultMs}
      transitionDuration={{ exit: toastConfig.removalDelayMs }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      style={{ maxWidth: toastConfig.maxWidthPx }}
      Components={toastComponents}
    />
  );
}
