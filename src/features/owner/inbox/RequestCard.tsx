import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../../../lib/money';
import type { OwnerBooking } from '../api/generated';
import { ContactLinks } from '../ContactLinks';
import { StatusChips } from '../StatusChips';
import { appointmentText, receivedText, requestPath, vehicleText } from '../format';
import { OWNER_TEXT } from '../texts';

const T = OWNER_TEXT.inbox;

/** One request of the inbox: who, when, what, and one tap to call or e-mail them. */
export function RequestCard({ booking }: { booking: OwnerBooking }) {
  const name = booking.name || booking.email;
  const town = booking.serviceAddress?.city;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, borderLeft: 4, borderLeftColor: booking.seen ? 'divider' : 'primary.main' }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
          <Link component={RouterLink} to={requestPath(booking.bookingId)}>
            {name}
          </Link>
        </Typography>
        <StatusChips booking={booking} />
      </Stack>
      <Box component="p" sx={{ m: 0, mt: 0.5 }}>
        {booking.vehicleType} · {vehicleText(booking.vehicle)} · {formatUsd(booking.totalPrice)}
        {town ? ` · ${town}` : ''}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {T.preferred}: {appointmentText(booking) || T.noPreferred} · {T.received}{' '}
        {receivedText(booking.createdAt)}
      </Typography>
      <ContactLinks booking={booking} />
    </Paper>
  );
}
