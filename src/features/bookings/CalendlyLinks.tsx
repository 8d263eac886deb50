import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import type { ExternalBooking } from '../../api/normalize';
import { formatShortDateTime } from '../../lib/dates';
import { calendlyLinkMessages as m } from './messages';

type Links = Pick<ExternalBooking, 'rescheduleUrl' | 'cancelUrl' | 'startsAt'>;

/**
 * A scheduling-service booking's own reschedule and cancel links (docs/product.md §2, §6): it
 * is changed there, never here. Nothing when the service sent no link.
 */
export function CalendlyLinks({ booking }: { booking: Links }) {
  const { rescheduleUrl, cancelUrl } = booking;
  if (!rescheduleUrl && !cancelUrl) return null;
  const target = m.target(formatShortDateTime(booking.startsAt));
  const link = (href: string, label: string) => (
    <Button
      href={href}
      size="small"
      variant="outlined"
      rel="noopener noreferrer"
      aria-label={`${label}${target}`}
    >
      {label}
    </Button>
  );
  return (
    <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
      {rescheduleUrl && link(rescheduleUrl, m.reschedule)}
      {cancelUrl && link(cancelUrl, m.cancel)}
    </Box>
  );
}
