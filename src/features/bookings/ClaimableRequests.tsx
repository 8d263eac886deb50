import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useClaimBookingMutation, useListClaimableBookingsQuery } from '../../api/endpoints';
import type { WebsiteBooking } from '../../api/normalize';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../components/toast';
import { Panel } from '../../components/Panel';
import { formatUsd } from '../../../domain/money';
import { claimMessages } from './messages';

type Decision = 'mine' | 'not-mine';

const CHOICES: { decision: Decision; label: string; variant: 'contained' | 'outlined' }[] = [
  { decision: 'mine', label: claimMessages.mine, variant: 'contained' },
  { decision: 'not-mine', label: claimMessages.notMine, variant: 'outlined' },
];

/**
 * Quote requests sent without signing in with the customer's verified e-mail
 * (docs/product.md §6): never shown as their bookings until they say "This was me". Shows
 * nothing while loading, on a failure or when there are none.
 */
export function ClaimableRequests() {
  const { data } = useListClaimableBookingsQuery();
  const [claim, { isLoading }] = useClaimBookingMutation();
  const toast = useToast();
  if (!data || data.length === 0) return null;

  const answer = async (booking: WebsiteBooking, decision: Decision) => {
    try {
      await claim({ id: booking.bookingId, claimDecision: { decision } }).unwrap();
      toast.success(decision === 'mine' ? claimMessages.claimed : claimMessages.dismissed);
    } catch (error) {
      toast.error(errorMessage(error, claimMessages.failed));
    }
  };

  return (
    <Panel title={claimMessages.title}>
      <Typography sx={{ mb: 2 }}>{claimMessages.intro}</Typography>
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((booking) => (
          <Box
            component="li"
            key={booking.bookingId}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <Typography sx={{ flex: '1 1 16rem' }}>
              {[booking.vehicleType, booking.date, booking.time].filter(Boolean).join(' · ')}
              {` · ${formatUsd(booking.totalPrice)}`}
            </Typography>
            {CHOICES.map(({ decision, label, variant }) => (
              <Button
                key={decision}
                variant={variant}
                size="small"
                disabled={isLoading}
                aria-label={`${label}: ${booking.vehicleType} ${booking.date}`}
                onClick={() => void answer(booking, decision)}
              >
                {label}
              </Button>
            ))}
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}
