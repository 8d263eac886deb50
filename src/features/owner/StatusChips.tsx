import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { OwnerBooking } from './api/generated';
import { OWNER_TEXT } from './texts';

const STATUS_COLOR = { Booked: 'primary', Completed: 'success', Cancelled: 'default' } as const;
// Plain boxes with constant styles: the inbox draws these on every request.
const ROW = { display: 'flex', gap: 0.5 } as const;

/** New or seen, and the booking's status. */
export function StatusChips({ booking }: { booking: Pick<OwnerBooking, 'seen' | 'status'> }) {
  return (
    <Box sx={ROW}>
      <Chip
        size="small"
        variant={booking.seen ? 'outlined' : 'filled'}
        color={booking.seen ? 'default' : 'secondary'}
        label={booking.seen ? OWNER_TEXT.inbox.badgeSeen : OWNER_TEXT.inbox.badgeNew}
      />
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLOR[booking.status]}
        label={booking.status}
      />
    </Box>
  );
}
