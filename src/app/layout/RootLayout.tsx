import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { Island } from '../../components/Island';
import { Header } from './Header';
import { Footer } from './Footer';
import { RouteErrorBoundary } from './RouterErrorPage';
import { useScrollPosition } from './useScrollPosition';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * Shown while a page's code loads. A CSS ring rather than MUI's CircularProgress: the layout
 * is part of every page's first JavaScript, and this costs almost nothing there.
 */
function PageFallback() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ display: 'flex', justifyContent: 'center', py: 8 }}
    >
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: '4px solid',
          borderColor: 'primary.light',
          borderTopColor: 'primary.main',
          animation: `${spin} 0.8s linear infinite`,
        }}
      />
    </Box>
  );
}

/**
 * Header, main content and footer (docs/product.md §2). A page that fails to render, or whose code fails
 * to load, shows the error page between header and footer.
 */
/**
 * A message a page leaves for the next one in the route state (`{ layoutNotice }`), e.g. "Your
 * account has been deleted" on /. A plain box: the layout is in every page's first JavaScript.
 * (The sign-in form shows its own `notice`; the two keys differ so nothing shows twice.)
 */
function RouteNotice({ notice }: { notice: unknown }) {
  if (typeof notice !== 'string' || notice === '') return null;
  return (
    <Box
      role="status"
      sx={{ bgcolor: '#e3f2fd', color: '#0d3c61', px: 2, py: 1.5, textAlign: 'center' }}
    >
      {notice}
    </Box>
  );
}

export function RootLayout() {
  const { pathname, state } = useLocation();
  useScrollPosition();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="header" component={Header} />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          outline: 'none',
          // The footer starts below the fold, so content arriving later does not move it
          // while it is on screen (layout shift).
          minHeight: 'calc(100vh - 64px)',
        }}
      >
        <RouteNotice notice={(state as { layoutNotice?: unknown } | null)?.layoutNotice} />
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <Footer />
    </Box>
  );
}
