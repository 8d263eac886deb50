import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { customerChangeText } from '../../../domain/customerChange';
import { useMarkOwnerCustomerChangeSeenMutation } from './api/endpoints';
import type { OwnerBooking } from './api/generated';
import { agoText, failure } from './format';
import { OWNER_TEXT } from './messages';

const T = OWNER_TEXT.change;

/**
 * What the customer changed (moved, edited or cancelled from My Bookings) since the owner last
 * said "Seen": the change from what to what, how long ago, and `Seen`, which clears it on the
 * server (so on every device of the owner's). Nothing when there is no unseen change.
 */
export function CustomerChangeMark({ booking }: { booking: OwnerBooking }) {
  const change = booking.customerChange;
  const [markSeen, seen] = useMarkOwnerCustomerChangeSeenMutation();
  if (!change) return null;
  const name = booking.name || booking.email;
  return (
    <Box
      className="customer-change"
      sx={{
        mt: 1,
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: 'warning.main',
        bgcolor: 'background.paper',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Typography sx={{ flex: '1 1 14rem', overflowWrap: 'anywhere', fontWeight: 600 }}>
        {T.line(customerChangeText(change), agoText(change.at))}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        aria-label={T.seenLabel(name)}
        disabled={seen.isLoading}
        onClick={() => void markSeen({ id: booking.bookingId, body: { at: change.at } })}
      >
        {seen.isLoading ? T.saving : T.seen}
      </Button>
      {seen.isError ? (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {failure(seen.error, T.failed)}
        </Alert>
      ) : null}
    </Box>
  );
}
