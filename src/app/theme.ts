import { createTheme } from '@mui/material/styles';

/** The one theme. System fonts only: nothing to download before text shows. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b4f8a', dark: '#073763', light: '#3d7ab8', contrastText: '#ffffff' },
    secondary: { main: '#0f766e', contrastText: '#ffffff' },
    background: { default: '#f6f8fb', paper: '#ffffff' },
    text: { primary: '#14213d', secondary: '#46546b' },
    success: { main: '#1b7a3d' },
    warning: { main: '#9a5b00' },
    error: { main: '#b3261e' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2.4rem', fontWeight: 800, lineHeight: 1.15 },
    h2: { fontSize: '1.9rem', fontWeight: 750 },
    h3: { fontSize: '1.5rem', fontWeight: 700 },
    h4: { fontSize: '1.3rem', fontWeight: 700 },
    h5: { fontSize: '1.1rem', fontWeight: 700 },
    h6: { fontSize: '1rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 650 },
  },
  components: {
    // Global rules, part of the critical CSS of every prerendered page (no stylesheet to fetch).
    MuiCssBaseline: {
      styleOverrides: {
        '.skip-link': {
          position: 'absolute',
          left: '-9999px',
          top: 0,
          zIndex: 2000,
          background: '#ffffff',
          color: '#0b4f8a',
          padding: '8px 16px',
        },
        '.skip-link:focus': { left: 8, top: 8 },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
