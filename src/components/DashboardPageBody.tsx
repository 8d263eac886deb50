import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface Props {
  /** While true, the loading state: a spinner in a status region. */
  loading: boolean;
  /** The loading state's accessible name, e.g. "Loading vehicles". */
  loadingLabel: string;
  /** Text shown beside the spinner, for pages that show one (e.g. "Loading dashboard..."). */
  loadingText?: string;
  /** A failed load's message; shown instead of the content. */
  error?: ReactNode;
  /** The empty state's text; shown instead of the content. */
  empty?: ReactNode;
  /** The page's content, rendered only once loaded without error and not empty. */
  children: () => ReactNode;
}

/**
 * The body of a dashboard page (docs/how-to.md, "add a dashboard page"): loading, error, empty
 * or the content. Every page loads the same way for screen readers: a status region named by
 * `loadingLabel`, holding a progress indicator of the same name (the visible text, when there
 * is one, repeats the name and is not read twice).
 */
export function DashboardPageBody({
  loading,
  loadingLabel,
  loadingText,
  error,
  empty,
  children,
}: Props) {
  if (loading)
    return (
      <Box
        role="status"
        aria-label={loadingLabel}
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6 }}
      >
        <CircularProgress aria-label={loadingLabel} size={loadingText ? 28 : 40} />
        {loadingText && <Typography aria-hidden>{loadingText}</Typography>}
      </Box>
    );
  if (error) return <Alert severity="error">{error}</Alert>;
  if (empty) return <Typography sx={{ mb: 3 }}>{empty}</Typography>;
  return <>{children()}</>;
}
