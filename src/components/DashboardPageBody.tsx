import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { LoadingStatus } from './LoadingStatus';

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
 * `loadingLabel` (LoadingStatus).
 */
export function DashboardPageBody({
  loading,
  loadingLabel,
  loadingText,
  error,
  empty,
  children,
}: Props) {
  if (loading) return <LoadingStatus label={loadingLabel} text={loadingText} />;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (empty) return <Typography sx={{ mb: 3 }}>{empty}</Typography>;
  return <>{children()}</>;
}
