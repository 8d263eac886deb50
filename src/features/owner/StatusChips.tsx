import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { OwnerBooking } from './api/generated';
import { OWNER_TEXT } from './texts';

const STATUS_COLOR = { Booked: 'primary', Completed: 'success', Cancelled: 'default' } as const;

/** New or seen, and the booking's status. */
export function StatusChips({ booking }: { booking: Pick<OwnerBooking, 'seen' | 'status'> }) {
  return (
    <Stack direction="row" spacing={0.5}>
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
    </Stack>
  );
}
