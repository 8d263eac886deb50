/** A failed load: what failed, and a button that asks again. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export function RetryAlert({
  text,
  retryLabel,
  onRetry,
}: {
  text: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
