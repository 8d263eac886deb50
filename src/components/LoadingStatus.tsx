import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * The one loading pattern (docs/product.md §4): a status region named `label`, holding a
 * progress indicator of the same name; the visible `text`, when there is one, repeats the name
 * and is hidden from screen readers so it is not read twice.
 */
export function LoadingStatus({ label, text }: { label: string; text?: string }) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6 }}
    >
      <CircularProgress aria-label={label} size={text ? 28 : 40} />
      {text && <Typography aria-hidden>{text}</Typography>}
    </Box>
  );
}
