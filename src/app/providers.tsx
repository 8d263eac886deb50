import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { theme } from './theme';
import { toastConfig } from '../config/toasts';
import type { AppStore } from './store';

/** Every provider the app needs, in one place (also used by tests and prerendering). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={toastConfig.maxSnack}
          autoHideDuration={toastConfig.defaultMs}
          transitionDuration={{ exit: toastConfig.removalDelayMs }}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          style={{ maxWidth: toastConfig.maxWidthPx }}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
