import { Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { reportClientError } from '../clientErrors';

/** Unmatched errors while rendering a page (docs/product.md §8): a generic page, never a stack trace. */
export function RouterErrorPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography sx={{ mb: 3 }}>Something went wrong on this page. Please try again.</Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button component={RouterLink} to="/" variant="outlined" reloadDocument>
          Go to the home page
        </Button>
      </Box>
    </Container>
  );
}

interface BoundaryProps {
  /** The error page goes away when this changes (the current path: the user went elsewhere). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

/**
 * Shows RouterErrorPage instead of its children when they fail to render, e.g. when a page's
 * code cannot be loaded (React reports the error on the console, and it is sent to the server:
 * ../clientErrors.ts). Navigating to another path renders the children again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    reportClientError(error);
  }

  override render() {
    return this.state.failed ? <RouterErrorPage /> : this.props.children;
  }
}
