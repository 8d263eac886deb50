import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { formatShortDateTime } from '../../domain/dates';

/** The links' texts (docs/product.md §2); the accessible name also says what and where. */
export const calendlyLinkMessages = {
  reschedule: 'Reschedule',
  cancel: 'Cancel',
  target: (when: string) => ` the ${when} booking in Calendly`,
} as const;
const m = calendlyLinkMessages;

/** What the links need of a scheduling-service booking (empty strings: no link). */
interface Links {
  rescheduleUrl: string;
  cancelUrl: string;
  startsAt: string;
}

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
