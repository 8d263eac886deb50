import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { failure } from './format';
import { OWNER_TEXT } from './messages';

/** A failed load in words (the server's, or `fallback`), with a button to try again. */
export function Failure({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {OWNER_TEXT.retry}
        </Button>
      }
    >
      {failure(error, fallback)}
    </Alert>
  );
}
